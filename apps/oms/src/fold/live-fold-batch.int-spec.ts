import { Pool } from 'pg';
import { EventBatch } from '@oms/kafka';
import { spotOrderObservation } from '@oms/domain/test-support/spot-builders';
import { countSocketWrites, SocketWriteCounter } from '@oms/persistence/test-support/socket-writes';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices } from '../aggregates/fold-services';
import { pipelinedTransactions } from '../aggregates/transaction-runner';
import { FoldBatchHandler } from './fold-batch.handler';
import { PartitionGapError, PartitionLostError, PartitionOffsets } from './partition-offsets';
import { decodedEnvelope } from './test-support/fold-fixtures';
import { createFoldTestDatabase } from './test-support/fold-test-database';

const TOPIC = 'oms.venue-observations.v1';

/** A live batch of one external order report at `offset` (a short, pipelined transaction). */
function batchAt(offset: number, orderId: string): EventBatch {
  const envelope = decodedEnvelope(
    {
      type: 'SpotOrderObserved',
      schemaVersion: 1,
      data: spotOrderObservation({ accountId: 'acc1', orderId, clientOrderId: null }),
    },
    1_763_900_000_000 + offset,
  );
  return {
    topic: TOPIC,
    partition: 0,
    events: [
      {
        envelope,
        topic: TOPIC,
        partition: 0,
        offset: String(offset),
        key: 'acc1:ETHUSDT',
        correlationId: envelope.correlationId,
      },
    ],
    firstOffset: String(offset),
    nextOffset: String(offset + 1),
    highWatermark: String(offset + 1),
  };
}

describe('a live fold batch on a pipelined connection', () => {
  let database: TestDatabase;
  let pool: Pool;
  let socketWrites: SocketWriteCounter;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    pool = new Pool({ connectionString: database.url, max: 1, pipeline: true });
    socketWrites = countSocketWrites(pool);
  });

  afterAll(async () => {
    await pool.end();
    await database.drop();
  });

  const handlerWith = (offsets: PartitionOffsets) =>
    new FoldBatchHandler(
      createFoldServices(database.dataSource, () => undefined, undefined, pipelinedTransactions(pool)),
      offsets,
    );
  const storedOffset = async () =>
    (
      await database.dataSource.query(
        `SELECT next_offset::text AS next FROM consumer_offsets WHERE consumer_group = 'live'`,
      )
    )[0]?.next;
  const ordersOf = async (orderId: string) =>
    (await database.dataSource.query(`SELECT 1 FROM rm_orders WHERE order_id = $1`, [orderId])).length;

  it('reads in one socket write, then sends its writes, the offset move and COMMIT in one', async () => {
    const offsets = new PartitionOffsets(database.dataSource, 'writes');
    await offsets.nextOffsets(TOPIC, [0]);
    const handler = handlerWith(offsets);
    // A connection opened outside the measure: its start-up is not the batch's.
    await pool.query('SELECT 1');
    socketWrites.reset();
    await handler.handle(batchAt(0, '4001'));
    expect(socketWrites.count).toBe(2);
    expect(await ordersOf('4001')).toBe(1);
  });

  it('of a consumer that lost its partition fails with PartitionLostError, writes nothing, and folds again once the offsets are re-read', async () => {
    const previous = new PartitionOffsets(database.dataSource, 'live');
    const successor = new PartitionOffsets(database.dataSource, 'live');
    await previous.nextOffsets(TOPIC, [0]);
    await successor.nextOffsets(TOPIC, [0]);
    const previousHandler = handlerWith(previous);
    await previousHandler.handle(batchAt(0, '5001'));
    expect(await storedOffset()).toBe('1');

    // The successor took the partition at offset 0 too, and committed first.
    await successor.nextOffsets(TOPIC, [0]);
    await handlerWith(successor).handle(batchAt(1, '5002'));
    expect(await storedOffset()).toBe('2');

    const lost = previousHandler.handle(batchAt(1, '5003'));
    await expect(lost).rejects.toBeInstanceOf(PartitionLostError);
    await expect(lost).rejects.toMatchObject({ topic: TOPIC, partition: 0, expected: '1' });
    expect(await storedOffset()).toBe('2');
    expect(await ordersOf('5003')).toBe(0);
    expect(
      await database.dataSource.query(`SELECT 1 FROM events WHERE payload->>'orderId' = '5003'`),
    ).toEqual([]);

    // Assigned the partition again, it resumes from the stored offset.
    await previous.nextOffsets(TOPIC, [0]);
    await previousHandler.handle(batchAt(2, '5004'));
    expect(await storedOffset()).toBe('3');
    expect(await ordersOf('5004')).toBe(1);
  });

  it('refuses a batch that starts past the stored offset and writes nothing; a batch of dead letters only moves the offset past them', async () => {
    const offsets = new PartitionOffsets(database.dataSource, 'live');
    await offsets.nextOffsets(TOPIC, [0]);
    expect(await storedOffset()).toBe('3');
    // Offsets 3 and 4 were never folded: a batch from 5 would skip them.
    const skipping = handlerWith(offsets).handle(batchAt(5, '6001'));
    await expect(skipping).rejects.toBeInstanceOf(PartitionGapError);
    await expect(skipping).rejects.toMatchObject({ stored: '3', firstOffset: '5' });
    expect(await storedOffset()).toBe('3');
    expect(await ordersOf('6001')).toBe(0);

    // 3 was a dead letter: its batch holds no observation but moves the offset.
    await handlerWith(offsets).handle({ ...batchAt(3, 'unused'), events: [] });
    expect(await storedOffset()).toBe('4');
    await handlerWith(offsets).handle(batchAt(4, '6002'));
    expect(await storedOffset()).toBe('5');
    expect(await ordersOf('6002')).toBe(1);
  });
});
