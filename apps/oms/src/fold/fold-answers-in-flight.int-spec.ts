import { Registry } from 'prom-client';
import { DomainError, omsClientOrderId } from '@oms/domain';
import { spotOrderObservation } from '@oms/domain/test-support/spot-builders';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices, FoldServices } from '../aggregates/fold-services';
import {
  ACCOUNT,
  acknowledgement,
  spotLimitRequest,
  T0,
} from '../aggregates/test-support/desk-order-commands';
import { TransactionRunner, typeOrmTransactions } from '../aggregates/transaction-runner';
import { AnswerRecordings } from '../orders/answer-recordings';
import { FoldBatchHandler } from './fold-batch.handler';
import { FoldMetrics } from './fold-metrics';
import { PartitionOffsets } from './partition-offsets';
import { decodedEnvelope } from './test-support/fold-fixtures';
import { createFoldTestDatabase } from './test-support/fold-test-database';

const TOPIC = 'oms.venue-observations.v1';

/** Transactions of which the next one to finish its work waits, before COMMIT, while a hold is taken. */
function holdableTransactions(inner: TransactionRunner) {
  let hold: Promise<void> | null = null;
  const runner: TransactionRunner = (work, flushCommit) =>
    inner(async (executor) => {
      const result = await work(executor);
      const held = hold;
      hold = null;
      if (held !== null) await held;
      return result;
    }, flushCommit);
  return {
    runner,
    /** Holds the next transaction's commit until the returned release is called. */
    holdNextCommit(): () => void {
      let release = () => {};
      hold = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
}

describe("the fold and this process's desk answers still committing", () => {
  let database: TestDatabase;
  let fold: FoldServices;
  let gate: ReturnType<typeof holdableTransactions>;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    gate = holdableTransactions(typeOrmTransactions(database.dataSource));
    fold = createFoldServices(database.dataSource, () => undefined, undefined, gate.runner);
  });

  afterAll(async () => {
    await database.drop();
  });

  it("folds the venue's stream report of a desk order after that order's answer commits, deciding it once", async () => {
    const clientOrderId = omsClientOrderId('answer-in-flight');
    const ref = { market: 'spot', accountId: ACCOUNT, clientOrderId } as const;
    const intent = await fold.commands.execute(
      ref,
      { type: 'PlaceSpotOrder', clientOrderId, actor: 'alice', request: spotLimitRequest(), now: T0 },
      { actor: 'alice', correlationId: 'place' },
    );
    if (intent instanceof DomainError) throw intent;

    // The desk is answered as soon as the acknowledgement is decided; its commit is held.
    const recordings = new AnswerRecordings();
    const release = gate.holdNextCommit();
    const answered = await recordings.answerFirst(intent.omsOrderId, async (onDecided) => {
      const result = await fold.commands.execute(
        ref,
        {
          type: 'RecordSpotSubmissionAccepted',
          acknowledgement: acknowledgement(clientOrderId, '77001'),
          now: T0 + 11,
        },
        { actor: 'alice', correlationId: 'answer', source: 'rest-ack' },
        onDecided,
      );
      return result instanceof DomainError ? null : result.order;
    });
    expect(answered?.status).toBe('NEW');
    expect(recordings.size).toBe(1);

    // The venue's stream report of the same order reaches the fold meanwhile.
    const report = decodedEnvelope(
      {
        type: 'SpotOrderObserved',
        schemaVersion: 1,
        data: spotOrderObservation({
          accountId: ACCOUNT,
          symbol: 'ETHUSDT',
          orderId: '77001',
          clientOrderId,
          origQty: '1',
          createdAt: T0 + 10,
          updateTime: T0 + 12,
        }),
      },
      T0 + 12,
    );
    const offsets = new PartitionOffsets(database.dataSource, 'answers-in-flight');
    await offsets.nextOffsets(TOPIC, [0]);
    const metrics = FoldMetrics.for(new Registry());
    const handled = new FoldBatchHandler(fold, offsets, undefined, undefined, metrics, recordings).handle({
      topic: TOPIC,
      partition: 0,
      events: [
        {
          envelope: report,
          topic: TOPIC,
          partition: 0,
          offset: '0',
          key: `${ACCOUNT}:ETHUSDT`,
          correlationId: report.correlationId,
        },
      ],
      firstOffset: '0',
      nextOffset: '1',
      highWatermark: '1',
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await handled;

    // Decided once, on the state the answer committed: no second attempt.
    expect((await metrics.retries.get()).values[0].value).toBe(0);
    expect(recordings.size).toBe(0);
    const [order] = await database.dataSource.query<Array<{ status: string; order_id: string }>>(
      `SELECT status, order_id FROM rm_orders WHERE id = $1`,
      [intent.omsOrderId],
    );
    expect(order).toEqual({ status: 'NEW', order_id: '77001' });
    const [offset] = await database.dataSource.query<Array<{ next: string }>>(
      `SELECT next_offset::text AS next FROM consumer_offsets WHERE consumer_group = 'answers-in-flight'`,
    );
    expect(offset.next).toBe('1');
  });
});
