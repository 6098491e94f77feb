import { createTestDatabase, TestDatabase } from '../test-support/test-database';
import { NewEvent } from './event-store.types';
import { PostgresEventStore } from './postgres-event-store';
import { StreamVersionConflictError } from './stream-version-conflict.error';

function event(eventId: string): NewEvent {
  return {
    eventId,
    type: 'FuturesFillObserved',
    schemaVersion: 1,
    payload: { tradeId: eventId },
    occurredAt: 1,
  };
}

describe('PostgresEventStore.appendToStreams', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.dataSource);
  });

  afterAll(async () => {
    await database.drop();
  });

  it('appends to several streams at once with dense versions per stream', async () => {
    await store.append('b:a', 'test', 0, [event('a-1')]);
    const results = await store.appendToStreams([
      { streamId: 'b:b', streamType: 'test', expectedVersion: 0, events: [event('b-1'), event('b-2')] },
      { streamId: 'b:a', streamType: 'test', expectedVersion: 1, events: [event('a-2')] },
      { streamId: 'b:b', streamType: 'test', expectedVersion: 0, events: [event('b-3')] },
    ]);
    expect(results.map((result) => [result.streamId, result.version])).toEqual([
      ['b:a', 2],
      ['b:b', 3],
    ]);
    expect((await store.readStream('b:b')).map((stored) => [stored.eventId, stored.streamVersion])).toEqual([
      ['b-1', 1],
      ['b-2', 2],
      ['b-3', 3],
    ]);
    expect((await store.readStream('b:a')).map((stored) => stored.streamVersion)).toEqual([1, 2]);
  });

  it('writes nothing when one stream of the batch has a stale version', async () => {
    await expect(
      store.appendToStreams([
        { streamId: 'c:fresh', streamType: 'test', expectedVersion: 0, events: [event('c-1')] },
        { streamId: 'b:a', streamType: 'test', expectedVersion: 0, events: [event('c-2')] },
      ]),
    ).rejects.toBeInstanceOf(StreamVersionConflictError);
    expect(await store.readStream('c:fresh')).toEqual([]);
    expect(await store.streamVersion('b:a')).toBe(2);
  });

  it('skips events already stored and reports them per stream', async () => {
    const [result] = await store.appendToStreams([
      { streamId: 'b:b', streamType: 'test', expectedVersion: 'any', events: [event('b-3'), event('b-4')] },
    ]);
    expect(result.duplicateEventIds).toEqual(['b-3']);
    expect(result.appended.map((stored) => [stored.eventId, stored.streamVersion])).toEqual([['b-4', 4]]);
  });

  it('runs overlapping batches concurrently without deadlock or lost events', async () => {
    const streams = ['d:1', 'd:2', 'd:3', 'd:4'];
    await Promise.all(
      Array.from({ length: 12 }, (_, batch) => {
        // Each batch lists the streams in a different order; locking in id order avoids deadlocks.
        const order = batch % 2 === 0 ? streams : [...streams].reverse();
        return store.appendToStreams(
          order.map((streamId) => ({
            streamId,
            streamType: 'test',
            expectedVersion: 'any' as const,
            events: [event(`${streamId}-${batch}`)],
          })),
        );
      }),
    );
    for (const streamId of streams) {
      const stored = await store.readStream(streamId);
      expect(stored.map((each) => each.streamVersion)).toEqual(
        Array.from({ length: 12 }, (_, index) => index + 1),
      );
    }
  });
});
