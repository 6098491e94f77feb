import { createTestDatabase, TestDatabase } from '../test-support/test-database';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { hashState, SnapshotStore } from './snapshot.store';

interface PositionState {
  readonly qty: string;
  readonly fills: number;
}

describe('SnapshotStore', () => {
  let database: TestDatabase;
  let snapshots: SnapshotStore;
  let events: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    snapshots = new SnapshotStore(database.dataSource);
    events = new PostgresEventStore(database.dataSource);
    for (const streamId of ['position:a', 'position:b', 'position:c']) {
      await events.append(
        streamId,
        'position',
        0,
        Array.from({ length: 10 }, (_, index) => ({
          eventId: `${streamId}-${index}`,
          type: 'FuturesFillObserved',
          schemaVersion: 1,
          payload: { qty: '1' },
          occurredAt: 1,
        })),
      );
    }
  });

  afterAll(async () => {
    await database.drop();
  });

  it('loads the newest snapshot, and the stream is read from the version after it', async () => {
    await database.dataSource.transaction(async (manager) => {
      await snapshots.save(manager, 'position:a', 4, { qty: '4', fills: 4 });
      await snapshots.save(manager, 'position:a', 8, { fills: 8, qty: '8' });
    });
    const loaded = await snapshots.load<PositionState>('position:a');
    expect(loaded).toMatchObject({
      streamId: 'position:a',
      version: 8,
      stateVersion: 1,
      state: { qty: '8', fills: 8 },
    });
    expect(loaded?.stateHash).toBe(hashState({ qty: '8', fills: 8 }));
    const rest = await events.readStream('position:a', loaded!.version + 1);
    expect(rest.map((stored) => stored.streamVersion)).toEqual([9, 10]);
    expect((await snapshots.load('position:a', { maxVersion: 7 }))?.version).toBe(4);
  });

  it('keeps only the newest snapshots of a stream', async () => {
    for (const version of [1, 2, 3, 4, 5]) {
      await snapshots.save(
        database.dataSource.manager,
        'position:b',
        version,
        { qty: String(version), fills: version },
        { keep: 2 },
      );
    }
    const versions = await database.dataSource.query<Array<{ version: number }>>(
      `SELECT version FROM aggregate_snapshots WHERE stream_id = 'position:b' ORDER BY version`,
    );
    expect(versions.map((row) => row.version)).toEqual([4, 5]);
  });

  it('commits nothing when the surrounding transaction rolls back', async () => {
    await expect(
      database.dataSource.transaction(async (manager) => {
        await snapshots.save(manager, 'position:c', 10, { qty: '10', fills: 10 });
        throw new Error('crash before commit');
      }),
    ).rejects.toThrow('crash before commit');
    expect(await snapshots.load('position:c')).toBeUndefined();
  });

  it('ignores a snapshot whose state no longer matches its hash and falls back to an older one', async () => {
    await snapshots.save(database.dataSource.manager, 'position:c', 3, { qty: '3', fills: 3 });
    await snapshots.save(database.dataSource.manager, 'position:c', 6, { qty: '6', fills: 6 });
    await database.dataSource.query(
      `UPDATE aggregate_snapshots SET state = '{"qty":"600","fills":6}' WHERE stream_id = 'position:c' AND version = 6`,
    );
    expect((await snapshots.load('position:c'))?.version).toBe(3);
  });

  it('returns only snapshots of the state shape asked for', async () => {
    await snapshots.save(database.dataSource.manager, 'position:a', 9, { shape: 'v2' }, { stateVersion: 2 });
    expect((await snapshots.load('position:a'))?.version).toBe(8);
    expect((await snapshots.load('position:a', { stateVersion: 2 }))?.state).toEqual({ shape: 'v2' });
  });

  it('loads the newest snapshot of many streams in one call', async () => {
    const loaded = await snapshots.loadMany(['position:a', 'position:b', 'position:unknown']);
    expect([...loaded.entries()].map(([streamId, snapshot]) => [streamId, snapshot.version]).sort()).toEqual([
      ['position:a', 8],
      ['position:b', 5],
    ]);
  });

  it('loads the newest snapshot taken at or before a time', async () => {
    await snapshots.save(database.dataSource.manager, 'position:c', 3, { qty: '3', fills: 3 }, { keep: 10 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const between = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await snapshots.save(database.dataSource.manager, 'position:c', 6, { qty: '6', fills: 6 }, { keep: 10 });
    expect((await snapshots.load('position:c', { takenAtMost: between }))?.version).toBe(3);
    expect((await snapshots.load('position:c', { takenAtMost: new Date() }))?.version).toBe(6);
    expect(await snapshots.load('position:c', { takenAtMost: new Date(0) })).toBeUndefined();
  });

  it('lists every snapshot hash of a state shape by stream and version, without the states', async () => {
    const hashes = await snapshots.stateHashes();
    expect([...(hashes.get('position:c')?.keys() ?? [])].sort()).toEqual([3, 6]);
    expect(hashes.get('position:c')?.get(6)).toBe(hashState({ qty: '6', fills: 6 }));
    expect(hashes.get('position:a')?.has(9)).toBe(false);
    expect((await snapshots.stateHashes(2)).get('position:a')?.get(9)).toBe(hashState({ shape: 'v2' }));
  });
});
