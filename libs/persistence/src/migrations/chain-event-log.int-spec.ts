import { createTestDatabase, TestDatabase } from '../test-support/test-database';
import { verifyEventLog } from '../integrity/verify-event-log';
import { PostgresEventStore } from '../event-store/postgres-event-store';

describe('migration ChainEventLog1764100000000 on a log written before it', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  async function undoUntilUnchained(): Promise<void> {
    for (;;) {
      const [{ chained }] = await database.dataSource.query<Array<{ chained: boolean }>>(
        `SELECT to_regclass('event_log_head') IS NOT NULL AS chained`,
      );
      if (!chained) return;
      await database.dataSource.undoLastMigration({ transaction: 'each' });
    }
  }

  it('chains the rows already stored (gaps included) and appends continue the chain', async () => {
    await undoUntilUnchained();
    const legacy = (id: string, stream: string, version: number) =>
      database.dataSource.query(
        `INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, occurred_at)
         VALUES ($1, $2, $3, 'Legacy', 1, '{"b":[1,2],"a":"x"}', now())`,
        [id, stream, version],
      );
    await database.dataSource.query(
      `INSERT INTO event_streams (stream_id, stream_type, version) VALUES ('legacy', 'test', 3)`,
    );
    await legacy('l-1', 'legacy', 1);
    await database.dataSource.query(`SELECT nextval('events_global_position_seq')`); // a rolled-back append's gap
    await legacy('l-2', 'legacy', 2);
    await legacy('l-3', 'legacy', 3);

    await database.dataSource.runMigrations({ transaction: 'each' });
    expect(await verifyEventLog(database.dataSource)).toMatchObject({
      ok: true,
      checkedRows: 3,
      head: { position: '4' },
    });

    const store = new PostgresEventStore(database.dataSource);
    const result = await store.append('legacy', 'test', 3, [
      { eventId: 'n-1', type: 'New', schemaVersion: 1, payload: {}, occurredAt: 1 },
    ]);
    expect(result.appended[0]).toMatchObject({ globalPosition: '5', streamVersion: 4 });
    expect(await verifyEventLog(database.dataSource)).toMatchObject({ ok: true, checkedRows: 4 });
  });
});
