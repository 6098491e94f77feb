import { omsClientOrderId, orderStreamKey, spotOrderStreamId } from '@oms/domain';
import { spotOrderObservation } from '@oms/domain/test-support/spot-builders';
import { Pool } from 'pg';
import { SqlExecutor } from '@oms/persistence';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldTestDatabase } from '../fold/test-support/fold-test-database';
import { decodedEnvelope } from '../fold/test-support/fold-fixtures';
import { FoldBatchHandler } from '../fold/fold-batch.handler';
import { PartitionOffsets } from '../fold/partition-offsets';
import { ReadModelProjector } from '../projections/read-model.projector';
import { createFoldServices, FoldServices } from './fold-services';
import { pipelinedTransactions } from './transaction-runner';
import { ACCOUNT, spotLimitRequest, T0 } from './test-support/desk-order-commands';

/** Notes, from inside each transaction, whether its COMMIT waits for the WAL flush. */
class CommitModeRecorder extends ReadModelProjector {
  readonly modes: string[] = [];

  override async project(
    executor: SqlExecutor,
    ...rest: Parameters<ReadModelProjector['project']> extends [unknown, ...infer R] ? R : never
  ): Promise<void> {
    const [{ mode }] = (await executor.query(
      `SELECT current_setting('synchronous_commit') AS mode`,
    )) as Array<{ mode: string }>;
    this.modes.push(mode);
    await super.project(executor, ...rest);
  }
}

describe.each([
  ["on the fold's TypeORM pool", false],
  ['on a pipelined pool', true],
])('commit durability of fold and command transactions, commands %s', (_title, pipelined) => {
  let database: TestDatabase;
  let fold: FoldServices;
  let recorder: CommitModeRecorder;
  let commandPool: Pool | undefined;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    // The specs' Postgres runs with synchronous_commit off; this database asks for the
    // server default of a durable cluster, so that a transaction's own choice shows.
    await database.dataSource.query(
      `ALTER DATABASE ${database.dataSource.driver.database} SET synchronous_commit = on`,
    );
    await database.dataSource.destroy();
    await database.dataSource.initialize();
    recorder = new CommitModeRecorder();
    commandPool = pipelined
      ? new Pool({ connectionString: database.url, max: 2, pipeline: true })
      : undefined;
    fold = createFoldServices(
      database.dataSource,
      () => undefined,
      recorder,
      commandPool ? pipelinedTransactions(commandPool) : undefined,
    );
  });

  afterAll(async () => {
    await commandPool?.end();
    await database.drop();
  });

  const request = spotLimitRequest();

  it('waits for the flush of an intent, and not for the venue answer that follows it', async () => {
    const clientOrderId = omsClientOrderId('durable1');
    const ref = { market: 'spot', accountId: ACCOUNT, clientOrderId } as const;
    await fold.commands.execute(
      ref,
      { type: 'PlaceSpotOrder', clientOrderId, actor: 'alice', request, now: T0 },
      { actor: 'alice', correlationId: 'c-durable1' },
    );
    const acknowledgement = spotOrderObservation({
      accountId: ACCOUNT,
      orderId: '7001',
      clientOrderId,
      createdAt: T0 + 10,
      updateTime: T0 + 10,
      source: 'rest-ack',
      acknowledgedRequest: 'create',
    });
    await fold.commands.execute(
      ref,
      { type: 'RecordSpotSubmissionAccepted', acknowledgement, now: T0 + 10 },
      { actor: 'alice', correlationId: 'c-durable1', source: 'rest-ack' },
    );
    expect(recorder.modes.splice(0)).toEqual(['on', 'off']);
  });

  it('does not wait for the flush of a Kafka batch, which is folded again from its offsets after a crash', async () => {
    const report = spotOrderObservation({
      accountId: ACCOUNT,
      orderId: '7002',
      clientOrderId: 'venue-side-1',
    });
    const envelope = decodedEnvelope({ type: 'SpotOrderObserved', schemaVersion: 1, data: report }, T0);
    const topic = 'oms.venue-observations.v1';
    const handler = new FoldBatchHandler(fold, new PartitionOffsets(database.dataSource, 'durability'));
    await handler.handle({
      topic,
      partition: 0,
      events: [
        { envelope, topic, partition: 0, offset: '0', key: null, correlationId: envelope.correlationId },
      ],
      firstOffset: '0',
      nextOffset: '1',
      highWatermark: '1',
    });
    expect(recorder.modes.splice(0)).toEqual(['off']);
    const streamId = spotOrderStreamId(
      ACCOUNT,
      orderStreamKey({ orderId: '7002', clientOrderId: 'venue-side-1' }),
    );
    expect(
      await database.dataSource.query(`SELECT count(*)::int AS n FROM events WHERE stream_id = $1`, [
        streamId,
      ]),
    ).toEqual([{ n: 1 }]);
  });
});
