import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, TestDatabase } from '../test-support/test-database';
import { NewEvent } from '../event-store/event-store.types';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { verifyEventLog } from './verify-event-log';

const root = join(__dirname, '../../../..');

function event(
  eventId: string,
  payload: unknown = { orderId: eventId, price: '2463.36', qty: 0.1 },
): NewEvent {
  return {
    eventId,
    type: 'SpotOrderObserved',
    schemaVersion: 1,
    payload,
    occurredAt: 1_722_865_041_994,
    correlationId: 'c',
  };
}

/** A log of 12 events over three streams, appended in four transactions. */
async function seededDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  const store = new PostgresEventStore(database.dataSource);
  for (let batch = 0; batch < 4; batch += 1) {
    await store.appendToStreams(
      ['a', 'b', 'c'].map((stream) => ({
        streamId: `s-${stream}`,
        streamType: 'test',
        expectedVersion: 'any' as const,
        events: [event(`${stream}-${batch}`, { nested: { z: 1, a: [batch, 'x'] }, at: batch })],
      })),
    );
  }
  return database;
}

/** Tampering needs the append-only trigger off, as a superuser or the table owner could do. */
async function tamper(database: TestDatabase, sql: string): Promise<void> {
  await database.dataSource.transaction(async (manager) => {
    await manager.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
    await manager.query(sql);
    await manager.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
  });
}

describe('verify-log: the hash-chained event log', () => {
  const databases: TestDatabase[] = [];
  async function database(): Promise<TestDatabase> {
    const created = await seededDatabase();
    databases.push(created);
    return created;
  }

  afterAll(async () => {
    await Promise.all(databases.map((each) => each.drop()));
  });

  it('finds an untouched log intact and reports its head', async () => {
    const intact = await database();
    const result = await verifyEventLog(intact.dataSource, { pageSize: 5 });
    expect(result).toEqual({
      ok: true,
      checkedRows: 12,
      head: { position: '12', hash: expect.stringMatching(/^[0-9a-f]{64}$/) },
      breaks: [],
    });
  });

  it('names a row whose payload was modified', async () => {
    const tampered = await database();
    await tamper(
      tampered,
      `UPDATE events SET payload = jsonb_set(payload, '{at}', '9') WHERE global_position = 5`,
    );
    const result = await verifyEventLog(tampered.dataSource);
    expect(result.ok).toBe(false);
    expect(result.breaks).toEqual([expect.objectContaining({ globalPosition: '5', kind: 'modified' })]);
  });

  it('names a row whose type was changed even when the rest of the chain is untouched', async () => {
    const tampered = await database();
    await tamper(tampered, `UPDATE events SET event_type = 'SpotOrderCanceled' WHERE global_position = 1`);
    const result = await verifyEventLog(tampered.dataSource);
    expect(result.breaks.map((each) => [each.globalPosition, each.kind])).toEqual([['1', 'modified']]);
  });

  it('names a deleted row by its missing position', async () => {
    const tampered = await database();
    await tamper(tampered, `DELETE FROM events WHERE global_position = 7`);
    const result = await verifyEventLog(tampered.dataSource);
    expect(result.breaks).toEqual([expect.objectContaining({ globalPosition: '7', kind: 'deleted' })]);
    expect(result.breaks[0].reason).toMatch(/position 7 is missing/);
  });

  it('names rows deleted from the end of the log', async () => {
    const tampered = await database();
    await tamper(tampered, `DELETE FROM events WHERE global_position >= 11`);
    const result = await verifyEventLog(tampered.dataSource);
    expect(result.breaks).toEqual([expect.objectContaining({ globalPosition: '11', kind: 'deleted' })]);
  });

  it('names a row inserted outside the event store', async () => {
    const tampered = await database();
    await tamper(
      tampered,
      `INSERT INTO events (global_position, event_id, stream_id, stream_version, event_type, schema_version, payload,
                           occurred_at, chain_hash)
       SELECT 13, 'forged', 's-a', 5, 'SpotOrderObserved', 1, '{}', now(), chain_hash FROM events WHERE global_position = 12`,
    );
    const result = await verifyEventLog(tampered.dataSource);
    expect(result.breaks).toEqual([expect.objectContaining({ globalPosition: '13', kind: 'inserted' })]);
  });

  it('names a row replaced by a forged one at the same position', async () => {
    const tampered = await database();
    await tamper(
      tampered,
      `DELETE FROM events WHERE global_position = 3;
       INSERT INTO events (global_position, event_id, stream_id, stream_version, event_type, schema_version, payload,
                           occurred_at, chain_hash)
       VALUES (3, 'forged', 's-c', 1, 'SpotOrderObserved', 1, '{}', now(), decode(repeat('ab', 32), 'hex'))`,
    );
    const result = await verifyEventLog(tampered.dataSource);
    // Row 4 chained from the genuine row 3, so its link to the forged one fails too.
    expect(result.breaks.map((each) => [each.globalPosition, each.kind])).toEqual([
      ['3', 'modified'],
      ['4', 'modified'],
    ]);
    expect(result.breaks[1].reason).toMatch(/does not chain from row 3, which is itself broken/);
  });

  it('detects a rewritten chain through an anchor recorded earlier', async () => {
    const tampered = await database();
    const before = await verifyEventLog(tampered.dataSource);
    await tamper(
      tampered,
      `UPDATE events SET chain_hash = decode(repeat('cd', 32), 'hex') WHERE global_position = 12`,
    );
    await tampered.dataSource.query(`UPDATE event_log_head SET last_hash = decode(repeat('cd', 32), 'hex')`);
    const result = await verifyEventLog(tampered.dataSource, {
      anchor: { position: '12', hash: before.head.hash },
    });
    expect(result.breaks.map((each) => each.kind)).toEqual(['modified', 'anchor-mismatch']);
  });

  it('checks only the rows after a recorded position, and refuses a start row that changed', async () => {
    const tampered = await database();
    const [{ hash }] = await tampered.dataSource.query<Array<{ hash: string }>>(
      `SELECT encode(chain_hash, 'hex') AS hash FROM events WHERE global_position = 6`,
    );
    const since = { position: '6', hash };
    expect(await verifyEventLog(tampered.dataSource, { since })).toMatchObject({ ok: true, checkedRows: 6 });
    await tamper(tampered, `UPDATE events SET payload = '{}' WHERE global_position = 9`);
    expect(
      (await verifyEventLog(tampered.dataSource, { since })).breaks.map((each) => [
        each.globalPosition,
        each.kind,
      ]),
    ).toEqual([['9', 'modified']]);
    await tamper(
      tampered,
      `UPDATE events SET chain_hash = decode(repeat('ef', 32), 'hex') WHERE global_position = 6`,
    );
    expect((await verifyEventLog(tampered.dataSource, { since })).breaks[0]).toMatchObject({
      globalPosition: '6',
      kind: 'anchor-mismatch',
    });
  });

  it('npm run verify-log exits non-zero and prints the first bad row', async () => {
    const tampered = await database();
    await tamper(tampered, `UPDATE events SET payload = '{"orderId":"x"}' WHERE global_position = 8`);
    const run = promisify(execFile)(
      process.execPath,
      ['-r', './scripts/register.cjs', 'scripts/verify-log.ts', '--quiet'],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: tampered.url },
      },
    );
    await expect(run).rejects.toMatchObject({
      code: 1,
      stdout: expect.stringMatching(/first bad row at global position 8 \(modified\)/),
    });
  });

  it('npm run verify-log exits zero on an intact log', async () => {
    const intact = await database();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['-r', './scripts/register.cjs', 'scripts/verify-log.ts', '--quiet'],
      {
        cwd: root,
        env: { ...process.env, DATABASE_URL: intact.url },
      },
    );
    expect(stdout).toMatch(/event log intact: 12 rows checked/);
  });
});
