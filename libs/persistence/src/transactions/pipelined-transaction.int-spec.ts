import { Pool } from 'pg';
import { createTestDatabase, TestDatabase } from '../test-support/test-database';
import { appendBatch } from '../event-store/batch-append';
import { isPipelined, issueWrite, runIndependent, runPipelinedTransaction } from './pipelined-transaction';

describe('transactions on a pipelined connection', () => {
  let database: TestDatabase;
  let pool: Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.dataSource.query(`CREATE TABLE notes (id int PRIMARY KEY, body text NOT NULL)`);
    pool = new Pool({ connectionString: database.url, max: 2, pipeline: true });
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  beforeEach(async () => {
    await database.dataSource.query(`TRUNCATE notes`);
  });

  const notes = async () =>
    database.dataSource.query<Array<{ id: number; body: string }>>(`SELECT id, body FROM notes ORDER BY id`);

  it('commits statements issued together, answering each with the shape TypeORM gives', async () => {
    const answers: unknown[] = [];
    await runPipelinedTransaction(pool, async (executor) => {
      expect(isPipelined(executor)).toBe(true);
      await runIndependent(executor, [
        async () => answers.push(await executor.query(`INSERT INTO notes VALUES (1, 'a'), (2, 'b')`)),
        async () => answers.push(await executor.query(`INSERT INTO notes VALUES (3, 'c') RETURNING id`)),
      ]);
      answers.push(await executor.query(`UPDATE notes SET body = 'z' WHERE id < $1 RETURNING id`, [3]));
    });
    expect(await notes()).toEqual([
      { id: 1, body: 'z' },
      { id: 2, body: 'z' },
      { id: 3, body: 'c' },
    ]);
    expect(answers).toEqual([[], [{ id: 3 }], [[{ id: 1 }, { id: 2 }], 2]]);
  });

  it('rolls everything back when one statement of a pipelined group fails, throwing that failure', async () => {
    const attempt = runPipelinedTransaction(pool, async (executor) => {
      await runIndependent(executor, [
        () => executor.query(`INSERT INTO notes VALUES (1, 'kept?')`),
        () => executor.query(`INSERT INTO notes VALUES (2, NULL)`),
        () => executor.query(`INSERT INTO notes VALUES (3, 'after the failure')`),
      ]);
    });
    await expect(attempt).rejects.toMatchObject({ code: '23502' });
    expect(await notes()).toEqual([]);
    // The connection went back to the pool usable.
    await runPipelinedTransaction(pool, (executor) => executor.query(`INSERT INTO notes VALUES (4, 'd')`));
    await runPipelinedTransaction(pool, (executor) => executor.query(`INSERT INTO notes VALUES (5, 'e')`));
    expect((await notes()).map((note) => note.id)).toEqual([4, 5]);
  });

  it('sends a last write with COMMIT, and fails the transaction with its error when it fails', async () => {
    await runPipelinedTransaction(pool, async (executor) => {
      await executor.query(`INSERT INTO notes VALUES (1, 'a')`);
      await issueWrite(executor, executor.query(`INSERT INTO notes VALUES (2, 'last')`));
    });
    expect((await notes()).map((note) => note.id)).toEqual([1, 2]);
    const attempt = runPipelinedTransaction(pool, async (executor) => {
      await executor.query(`INSERT INTO notes VALUES (3, 'c')`);
      await issueWrite(executor, executor.query(`INSERT INTO notes VALUES (4, NULL)`));
    });
    await expect(attempt).rejects.toMatchObject({ code: '23502' });
    expect((await notes()).map((note) => note.id)).toEqual([1, 2]);
  });

  it('never reports success for a failed statement the work left unawaited', async () => {
    const attempt = runPipelinedTransaction(pool, async (executor) => {
      void executor.query(`INSERT INTO notes VALUES (1, NULL)`).catch(() => undefined);
      await executor.query(`SELECT 1`).catch(() => undefined);
    });
    await expect(attempt).rejects.toMatchObject({ code: '23502' });
    expect(await notes()).toEqual([]);
  });

  it('lets COMMIT skip the WAL flush only when asked', async () => {
    // The specs' server runs without synchronous commit; this database asks for it.
    await database.dataSource.query(
      `ALTER DATABASE ${database.dataSource.driver.database} SET synchronous_commit = on`,
    );
    const durable = new Pool({ connectionString: database.url, max: 1, pipeline: true });
    try {
      const mode = (flushCommit?: boolean) =>
        runPipelinedTransaction(
          durable,
          async (executor) =>
            (
              (await executor.query(`SELECT current_setting('synchronous_commit') AS mode`)) as Array<{
                mode: string;
              }>
            )[0].mode,
          { flushCommit },
        );
      expect([await mode(), await mode(false), await mode(true), await mode()]).toEqual([
        'on',
        'off',
        'on',
        'on',
      ]);
    } finally {
      await durable.end();
    }
  });

  it('prepares a statement with parameters once per connection and runs it again by name', async () => {
    const prepared = await runPipelinedTransaction(pool, async (executor) => {
      for (const n of [1, 2, 3]) {
        expect(await executor.query(`SELECT $1::int + 0 AS n`, [n])).toEqual([{ n }]);
      }
      return executor.query(
        `SELECT count(*)::int AS statements FROM pg_prepared_statements WHERE statement = 'SELECT $1::int + 0 AS n'`,
      );
    });
    expect(prepared).toEqual([{ statements: 1 }]);
  });

  it('appends to the event store with the multi-row statement, even past the COPY threshold', async () => {
    const events = Array.from({ length: 100 }, (_, index) => ({
      eventId: `pipelined-${index}`,
      type: 'NoteTaken',
      schemaVersion: 1,
      payload: { index },
      metadata: {},
      correlationId: 'c-1',
      occurredAt: 1_763_900_000_000 + index,
    }));
    const [result] = await runPipelinedTransaction(pool, (executor) =>
      appendBatch(executor, [{ streamId: 'note-1', streamType: 'note', expectedVersion: 0, events }]),
    );
    expect(result.duplicateEventIds).toEqual([]);
    const [{ count }] = await database.dataSource.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM events WHERE stream_id = 'note-1'`,
    );
    expect(count).toBe(100);
  });
});
