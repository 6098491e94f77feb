import { createTestDatabase, TestDatabase } from '../test-support/test-database';
import { NewEvent } from './event-store.types';
import { PostgresEventStore } from './postgres-event-store';
import { StreamVersionConflictError } from './stream-version-conflict.error';

function event(eventId: string, type = 'SpotOrderAccepted', payload: unknown = { orderId: '1' }): NewEvent {
  return { eventId, type, schemaVersion: 1, payload, occurredAt: 1_722_865_041_994, correlationId: 'corr-1' };
}

describe('PostgresEventStore on a migrated Postgres', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.dataSource);
  });

  afterAll(async () => {
    await database.drop();
  });

  it('applied the migrations to a real Postgres 15', async () => {
    const [{ server_version }] =
      await database.dataSource.query<Array<{ server_version: string }>>('SHOW server_version');
    const tables = await database.dataSource.query<Array<{ table_name: string }>>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(server_version).toMatch(/^15\./);
    expect(tables.map((row) => row.table_name)).toEqual(
      expect.arrayContaining(['consumer_offsets', 'event_streams', 'events', 'projection_checkpoints']),
    );
  });

  it('appends events with dense stream versions and reads back exactly what it wrote', async () => {
    const payload = { orderId: '1470930841211329280', price: '0.10264410', nested: { list: [1, 'two'] } };
    const result = await store.append('spot-order:acc-1:c-1', 'spot-order', 0, [
      event('e-1', 'SpotOrderSubmissionRequested', payload),
      event('e-2', 'SpotOrderAccepted'),
    ]);
    expect(result.version).toBe(2);
    const read = await store.readStream('spot-order:acc-1:c-1');
    expect(read.map((stored) => [stored.eventId, stored.streamVersion, stored.type])).toEqual([
      ['e-1', 1, 'SpotOrderSubmissionRequested'],
      ['e-2', 2, 'SpotOrderAccepted'],
    ]);
    expect(read[0].payload).toEqual(payload);
    expect(read[0].correlationId).toBe('corr-1');
    expect(read[0].occurredAt).toBe(1_722_865_041_994);
    expect(BigInt(read[1].globalPosition)).toBeGreaterThan(BigInt(read[0].globalPosition));
  });

  it('rejects an append whose expected version is stale', async () => {
    await store.append('stream-conflict', 'test', 0, [event('c-1')]);
    await expect(store.append('stream-conflict', 'test', 0, [event('c-2')])).rejects.toEqual(
      new StreamVersionConflictError('stream-conflict', 0, 1),
    );
    expect(await store.streamVersion('stream-conflict')).toBe(1);
  });

  it('stores a redelivered event once, whichever stream it arrives on', async () => {
    await store.append('stream-dedupe', 'test', 'any', [event('d-1'), event('d-2')]);
    const again = await store.append('stream-dedupe', 'test', 'any', [
      event('d-2'),
      event('d-3'),
      event('d-3'),
    ]);
    expect(again.duplicateEventIds).toEqual(['d-2']);
    expect(again.appended.map((stored) => [stored.eventId, stored.streamVersion])).toEqual([['d-3', 3]]);
    expect((await store.readStream('stream-dedupe')).map((stored) => stored.eventId)).toEqual([
      'd-1',
      'd-2',
      'd-3',
    ]);
  });

  it('serialises concurrent appenders: exactly one wins each expected version', async () => {
    await store.append('stream-race', 'test', 0, [event('r-0')]);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) =>
        store.append('stream-race', 'test', 1, [event(`r-${index + 1}`)]),
      ),
    );
    const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const losers = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(7);
    for (const loser of losers) {
      expect(loser.reason).toBeInstanceOf(StreamVersionConflictError);
    }
    expect(await store.streamVersion('stream-race')).toBe(2);
  });

  it('refuses to update or delete stored events', async () => {
    await store.append('stream-immutable', 'test', 0, [event('i-1')]);
    await expect(
      database.dataSource.query(`UPDATE events SET payload = '{}' WHERE event_id = 'i-1'`),
    ).rejects.toThrow(/append-only/);
    await expect(database.dataSource.query(`DELETE FROM events WHERE event_id = 'i-1'`)).rejects.toThrow(
      /append-only/,
    );
  });

  it('commits nothing when the surrounding transaction rolls back', async () => {
    await expect(
      database.dataSource.transaction(async (manager) => {
        await store.append('stream-rollback', 'test', 0, [event('rb-1')], manager);
        throw new Error('crash after the append');
      }),
    ).rejects.toThrow('crash after the append');
    expect(await store.readStream('stream-rollback')).toEqual([]);
    expect(await store.streamVersion('stream-rollback')).toBe(0);
  });

  it('reads the whole log in global order, filtered by type', async () => {
    const all = await store.readAll({ afterPosition: '0', limit: 10_000 });
    const positions = all.map((stored) => BigInt(stored.globalPosition));
    expect([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(positions);
    const accepted = await store.readAll({ eventTypes: ['SpotOrderAccepted'] });
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.every((stored) => stored.type === 'SpotOrderAccepted')).toBe(true);
  });

  it('pages past position 9 in numeric order, not in the text order of the positions', async () => {
    await store.append(
      'stream-many',
      'test',
      'any',
      Array.from({ length: 25 }, (_, index) => event(`m-${index}`)),
    );
    const paged: string[] = [];
    let after = '0';
    for (;;) {
      const page = await store.readAll({ afterPosition: after, limit: 4 });
      if (page.length === 0) break;
      paged.push(...page.map((stored) => stored.globalPosition));
      after = page[page.length - 1].globalPosition;
    }
    const [{ total }] = await database.dataSource.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM events`,
    );
    expect(paged.map(Number)).toEqual(Array.from({ length: total }, (_, index) => index + 1));
  });

  it('reads inside the caller transaction when given its executor', async () => {
    await database.dataSource.transaction(async (manager) => {
      const result = await store.append('stream-own', 'test', 0, [event('own-1')], manager);
      const after = String(BigInt(result.appended[0].globalPosition) - 1n);
      expect(
        (await store.readAll({ afterPosition: after, executor: manager })).map((stored) => stored.eventId),
      ).toEqual(['own-1']);
      expect(await store.readAll({ afterPosition: after })).toEqual([]);
      expect((await store.readStream('stream-own', 1, manager)).map((stored) => stored.eventId)).toEqual([
        'own-1',
      ]);
    });
  });
});
