import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../test-support/test-database';
import { verifyEventLog } from '../integrity/verify-event-log';
import { runPipelinedTransaction } from '../transactions/pipelined-transaction';
import { appendBatch } from './batch-append';
import { NewEvent } from './event-store.types';
import {
  APPEND_DUPLICATE_OFFERED,
  APPEND_VERSION_CONFLICT,
  appendInOneStatement,
  versionConflictOf,
} from './one-statement-append';
import { StreamAppend } from './append-plan';

/** Payloads whose canonical JSON and chain encoding must come out the same in Postgres. */
function trickyEvent(eventId: string, index: number): NewEvent {
  return {
    eventId,
    type: 'SpotOrderObserved',
    schemaVersion: 2,
    payload: {
      raw: 'quote " backslash \\ tab \t newline \n unicode ü 成交 🚀 \\N',
      numbers: [0.1, 1e21, 1e-7, 123456789012345, index],
      nested: { z: null, a: [true, { '10': 'ten', '2': 'two', b: 'b' }] },
    },
    metadata: index % 3 === 0 ? undefined : { source: 'rest-poll', 'line\nbreak': 'x' },
    correlationId: index % 2 === 0 ? undefined : `corr-${index}`,
    occurredAt: 1_722_865_041_994.4 + index,
  };
}

describe('appendInOneStatement (event_log_append)', () => {
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 2, pipeline: true });
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const inOneStatement = (appends: StreamAppend[]) =>
    runPipelinedTransaction(pool, (executor) => appendInOneStatement(executor, appends));
  const rows = (streamId: string) =>
    database.dataSource.query<Array<{ global_position: string; stream_version: number; event_id: string }>>(
      `SELECT global_position::text, stream_version, event_id FROM events WHERE stream_id = $1
       ORDER BY stream_version`,
      [streamId],
    );

  it('writes rows the chain walk accepts, numbered after and before appends planned in the app', async () => {
    await appendBatch(database.dataSource, [
      { streamId: 'order-a', streamType: 'order', expectedVersion: 0, events: [trickyEvent('a-1', 1)] },
    ]);
    await inOneStatement([
      {
        streamId: 'order-b',
        streamType: 'order',
        expectedVersion: 0,
        events: [trickyEvent('b-1', 2), trickyEvent('b-2', 3)],
      },
      { streamId: 'order-a', streamType: 'order', expectedVersion: 1, events: [trickyEvent('a-2', 4)] },
    ]);
    await appendBatch(database.dataSource, [
      { streamId: 'order-b', streamType: 'order', expectedVersion: 2, events: [trickyEvent('b-3', 5)] },
    ]);
    expect(await rows('order-a')).toEqual([
      { global_position: '1', stream_version: 1, event_id: 'a-1' },
      { global_position: '2', stream_version: 2, event_id: 'a-2' },
    ]);
    expect(await rows('order-b')).toEqual([
      { global_position: '3', stream_version: 1, event_id: 'b-1' },
      { global_position: '4', stream_version: 2, event_id: 'b-2' },
      { global_position: '5', stream_version: 3, event_id: 'b-3' },
    ]);
    expect(
      await database.dataSource.query(
        `SELECT stream_id, version FROM event_streams WHERE stream_id LIKE 'order-%' ORDER BY stream_id`,
      ),
    ).toEqual([
      { stream_id: 'order-a', version: 2 },
      { stream_id: 'order-b', version: 3 },
    ]);
    expect(await verifyEventLog(database.dataSource)).toMatchObject({ ok: true, breaks: [], checkedRows: 5 });
  });

  it('refuses a stale expected version, naming the stream and both versions, and writes nothing', async () => {
    const attempt = inOneStatement([
      { streamId: 'order-c', streamType: 'order', expectedVersion: 0, events: [trickyEvent('c-1', 6)] },
      { streamId: 'order-a', streamType: 'order', expectedVersion: 1, events: [trickyEvent('a-3', 7)] },
    ]);
    const failure = await attempt.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: APPEND_VERSION_CONFLICT });
    expect(versionConflictOf(failure)).toMatchObject({
      streamId: 'order-a',
      expectedVersion: 1,
      actualVersion: 2,
    });
    expect(await rows('order-c')).toEqual([]);
    expect(await verifyEventLog(database.dataSource)).toMatchObject({ ok: true, checkedRows: 5 });
  });

  it('refuses events stored already or offered twice, so the caller appends with the app plan', async () => {
    await expect(
      inOneStatement([
        { streamId: 'order-d', streamType: 'order', expectedVersion: 0, events: [trickyEvent('a-1', 8)] },
      ]),
    ).rejects.toMatchObject({ code: APPEND_DUPLICATE_OFFERED });
    await expect(
      inOneStatement([
        {
          streamId: 'order-d',
          streamType: 'order',
          expectedVersion: 0,
          events: [trickyEvent('d-1', 9), trickyEvent('d-1', 10)],
        },
      ]),
    ).rejects.toMatchObject({ code: APPEND_DUPLICATE_OFFERED });
    expect(await rows('order-d')).toEqual([]);
  });
});
