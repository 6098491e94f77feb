import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldTestDatabase } from './test-support/fold-test-database';
import { PartitionGapError, PartitionLostError, PartitionOffsets } from './partition-offsets';

describe('PartitionOffsets (compare-and-set of the fold offsets)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  const stored = async () =>
    database.dataSource.query(
      `SELECT next_offset::text AS next FROM consumer_offsets WHERE consumer_group = 'g'`,
    );

  it('refuses the commit of a consumer that lost its partition to one that committed first, and rolls its transaction back', async () => {
    const previous = new PartitionOffsets(database.dataSource, 'g');
    const successor = new PartitionOffsets(database.dataSource, 'g');
    await previous.nextOffsets('t', [0]);
    await successor.nextOffsets('t', [0]);
    await database.dataSource.transaction((manager) =>
      successor.commit(manager, 't', 0, { firstOffset: '0' }, '10'),
    );
    successor.committed('t', 0, '10');

    await expect(
      database.dataSource.transaction(async (manager) => {
        await manager.query(
          `INSERT INTO oms_order_links (account, market, order_id, stream_id) VALUES ('a', 'spot', '1', 's')`,
        );
        await previous.commit(manager, 't', 0, { firstOffset: '0' }, '5');
      }),
    ).rejects.toBeInstanceOf(PartitionLostError);
    expect(await stored()).toEqual([{ next: '10' }]);
    expect(await database.dataSource.query(`SELECT 1 FROM oms_order_links`)).toEqual([]);

    await database.dataSource.transaction((manager) =>
      successor.commit(manager, 't', 0, { firstOffset: '10' }, '12'),
    );
    expect(await stored()).toEqual([{ next: '12' }]);
  });

  it('lets a consumer go on once it re-read the stored offsets at its next assignment', async () => {
    const offsets = new PartitionOffsets(database.dataSource, 'g');
    expect(await offsets.nextOffsets('t', [0, 1])).toEqual(new Map([[0, '12']]));
    await database.dataSource.transaction((manager) =>
      offsets.commit(manager, 't', 0, { firstOffset: '12' }, '20'),
    );
    await database.dataSource.transaction((manager) =>
      offsets.commit(manager, 't', 1, { firstOffset: '0' }, '3'),
    );
    expect(
      await database.dataSource.query(
        `SELECT partition, next_offset::text AS next FROM consumer_offsets WHERE consumer_group = 'g' ORDER BY partition`,
      ),
    ).toEqual([
      { partition: 0, next: '20' },
      { partition: 1, next: '3' },
    ]);
  });

  it('moves the offset back when the log was created again below it, still only from the stored one', async () => {
    // The subscriber consumes a log that ends before the stored offset from its start
    // (libs/kafka): the first batch's commit moves the stored 20 back to 4.
    const offsets = new PartitionOffsets(database.dataSource, 'g');
    await offsets.nextOffsets('t', [0]);
    await database.dataSource.transaction((manager) =>
      offsets.commit(manager, 't', 0, { firstOffset: '0' }, '4'),
    );
    offsets.committed('t', 0, '4');
    expect(await stored()).toEqual(expect.arrayContaining([{ next: '4' }]));

    const stale = new PartitionOffsets(database.dataSource, 'g');
    await stale.nextOffsets('t', [0]);
    await database.dataSource.transaction((manager) =>
      offsets.commit(manager, 't', 0, { firstOffset: '4' }, '9'),
    );
    await expect(
      database.dataSource.transaction((manager) => stale.commit(manager, 't', 0, { firstOffset: '4' }, '6')),
    ).rejects.toBeInstanceOf(PartitionLostError);
  });

  it('refuses a batch that starts past the stored offset, unless the log no longer holds what came between', async () => {
    const offsets = new PartitionOffsets(database.dataSource, 'g');
    await offsets.nextOffsets('t', [0]);
    expect(await stored()).toEqual(expect.arrayContaining([{ next: '9' }]));
    await expect(
      database.dataSource.transaction((manager) =>
        offsets.commit(manager, 't', 0, { firstOffset: '15' }, '16'),
      ),
    ).rejects.toBeInstanceOf(PartitionGapError);
    expect(await stored()).toEqual(expect.arrayContaining([{ next: '9' }]));
    // Retention deleted 9 to 14 before they were folded (the subscriber says so).
    await database.dataSource.transaction((manager) =>
      offsets.commit(manager, 't', 0, { firstOffset: '15', deletedFrom: '9' }, '16'),
    );
    expect(await stored()).toEqual(expect.arrayContaining([{ next: '16' }]));
  });
});
