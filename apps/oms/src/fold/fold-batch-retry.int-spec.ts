import { Registry } from 'prom-client';
import { EventEnvelope } from '@oms/kafka';
import { spotOrderObservation } from '@oms/domain/test-support/spot-builders';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices, FoldServices } from '../aggregates/fold-services';
import { FoldBatchHandler } from './fold-batch.handler';
import { FoldMetrics } from './fold-metrics';
import { PartitionOffsets } from './partition-offsets';
import { decodedEnvelope } from './test-support/fold-fixtures';
import { createFoldTestDatabase } from './test-support/fold-test-database';

const TOPIC = 'oms.venue-observations.v1';

function externalOrderReport(orderId: string, status: 'NEW' | 'CANCELED', observedAt: number): EventEnvelope {
  return decodedEnvelope(
    {
      type: 'SpotOrderObserved',
      schemaVersion: 1,
      data: spotOrderObservation({
        accountId: 'acc1',
        orderId,
        clientOrderId: null,
        status,
        updateTime: observedAt,
      }),
    },
    observedAt,
  );
}

describe('a fold part decided again after another writer came first', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  const eventsOf = async (orderId: string) =>
    Number(
      (
        await database.dataSource.query(
          `SELECT count(*) AS n FROM events WHERE stream_id LIKE '%' || $1 || '%'`,
          [orderId],
        )
      )[0].n,
    );

  it('folds every observation of the part on the retry, not only the offset', async () => {
    const fold = createFoldServices(database.dataSource, () => undefined);
    const concurrentWriter: FoldServices = createFoldServices(database.dataSource, () => undefined);
    const contested = externalOrderReport('9001', 'CANCELED', 1_763_900_000_500);
    const bystander = externalOrderReport('9002', 'NEW', 1_763_900_000_001);
    // While the part's first attempt is deciding, another writer commits to the contested
    // order's stream: the part's append then meets a stale expected version.
    const foldOne = fold.observations.fold.bind(fold.observations);
    let contestedOnce = false;
    fold.observations.fold = async (context, envelope) => {
      if (!contestedOnce) {
        contestedOnce = true;
        await concurrentWriter.transactions.run((other) =>
          concurrentWriter.observations.fold(other, externalOrderReport('9001', 'NEW', 1_763_900_000_000)),
        );
      }
      await foldOne(context, envelope);
    };
    const offsets = new PartitionOffsets(database.dataSource, 'retry');
    await offsets.nextOffsets(TOPIC, [0]);
    const metrics = FoldMetrics.for(new Registry());

    await new FoldBatchHandler(fold, offsets, undefined, undefined, metrics).handle({
      topic: TOPIC,
      partition: 0,
      events: [contested, bystander].map((envelope, index) => ({
        envelope,
        topic: TOPIC,
        partition: 0,
        offset: String(index),
        key: 'acc1:ETHUSDT',
        correlationId: envelope.correlationId,
      })),
      firstOffset: '0',
      nextOffset: '2',
      highWatermark: '2',
    });

    // Decided twice: the first attempt met the other writer's version.
    expect((await metrics.retries.get()).values[0].value).toBe(1);
    // The bystander's report, decided on the retry, is stored and read: nothing was skipped.
    expect(await eventsOf('9002')).toBeGreaterThan(0);
    expect(await database.dataSource.query(`SELECT status FROM rm_orders WHERE order_id = '9002'`)).toEqual([
      { status: 'NEW' },
    ]);
    // The contested order holds the other writer's report and the part's cancel after it.
    const inputs = (
      await database.dataSource.query(
        `SELECT DISTINCT metadata->>'inputId' AS input FROM events WHERE stream_id LIKE '%9001%'`,
      )
    ).map((row: { input: string }) => row.input);
    expect(inputs).toContain(contested.eventId);
    expect(
      (
        await database.dataSource.query(
          `SELECT next_offset::text AS next FROM consumer_offsets WHERE consumer_group = 'retry'`,
        )
      )[0].next,
    ).toBe('2');
  });
});
