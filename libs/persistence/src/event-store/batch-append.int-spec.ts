import { createTestDatabase, TestDatabase } from '../test-support/test-database';
import { NewEvent } from './event-store.types';
import { PostgresEventStore } from './postgres-event-store';
import { StreamVersionConflictError } from './stream-version-conflict.error';
import { appendBatch, COPY_THRESHOLD } from './batch-append';
import { verifyEventLog } from '../integrity/verify-event-log';

/** Payloads that COPY's text format and jsonb must carry exactly. */
function trickyEvent(eventId: string, index: number): NewEvent {
  return {
    eventId: `${eventId}\\tab\there`,
    type: 'SpotOrderObserved',
    schemaVersion: 2,
    payload: {
      raw: 'quote " backslash \\ tab \t newline \n return \r unicode ü 成交 🚀 \\N',
      numbers: [0.1, 1e21, 1e-7, -0, 123456789012345, index],
      nested: { z: null, a: [true, { '10': 'ten', '2': 'two', b: 'b' }] },
    },
    metadata: { source: 'rest-poll', 'line\nbreak': 'x' },
    correlationId: index % 2 === 0 ? undefined : `corr\t${index}`,
    occurredAt: 1_722_865_041_994 + index,
  };
}

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

  it('a batch large enough for COPY stores exactly what the statement path stores, and chains it', async () => {
    const count = COPY_THRESHOLD + 6;
    const statements: string[] = [];
    const copied = await database.dataSource.transaction((manager) =>
      store.appendToStreams(
        [
          {
            streamId: 'copy:large',
            streamType: 'test',
            expectedVersion: 0,
            events: Array.from({ length: count }, (_, index) => trickyEvent(`L${index}`, index)),
          },
        ],
        // Counts the statements while keeping the transaction's connection reachable for COPY.
        {
          queryRunner: manager.queryRunner,
          query: (sql: string, parameters?: unknown[]) => (
            statements.push(sql),
            manager.query(sql, parameters)
          ),
        } as never,
      ),
    );
    expect(statements.some((sql) => sql.includes('INSERT INTO events'))).toBe(false);
    for (let index = 0; index < count; index += 1) {
      await store.append('copy:small', 'test', index, [trickyEvent(`S${index}`, index)]);
    }
    const large = await store.readStream('copy:large');
    const small = await store.readStream('copy:small');
    expect(large).toHaveLength(count);
    const comparable = (stored: (typeof large)[number]) => ({
      ...stored,
      eventId: stored.eventId.slice(1),
      globalPosition: undefined,
      recordedAt: undefined,
      streamId: undefined,
    });
    expect(large.map(comparable)).toEqual(small.map(comparable));
    expect(large[0].payload).toEqual(JSON.parse(JSON.stringify(trickyEvent('x', 0).payload)));
    expect(large[1].correlationId).toBe('corr\t1');
    expect(large[3].occurredAt).toBe(1_722_865_041_997);
    expect(copied[0].appended.map(comparable)).toEqual(large.map(comparable));
    expect(await verifyEventLog(database.dataSource)).toMatchObject({ ok: true, breaks: [] });
  });

  it('given an executor outside any transaction, an append opens its own so the head lock holds', async () => {
    await Promise.all(
      Array.from({ length: 12 }, async (_, index) => {
        const runner = index % 3 === 2 ? database.dataSource.createQueryRunner() : undefined;
        const executor = runner ?? (index % 3 === 0 ? database.dataSource : database.dataSource.manager);
        await appendBatch(executor, [
          {
            streamId: `loose:${index % 4}`,
            streamType: 'test',
            expectedVersion: 'any',
            events: [event(`loose-${index}`)],
          },
        ]);
        await runner?.release();
      }),
    );
    const positions = (await store.readAll({ limit: 10_000 })).map((stored) => Number(stored.globalPosition));
    expect(positions).toEqual(Array.from({ length: positions.length }, (_, index) => index + 1));
    expect(await verifyEventLog(database.dataSource)).toMatchObject({ ok: true });
  });
});
