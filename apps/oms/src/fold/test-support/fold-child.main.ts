/**
 * The Kafka fold alone in a process of its own, for the crash and scale-out specs
 * (they SIGKILL it). Settings from the environment: DATABASE_URL, KAFKA_BROKERS,
 * KAFKA_TOPIC_PREFIX, OMS_CONSUMER_GROUP, FOLD_KAFKA_GROUP_ID, FOLD_SESSION_TIMEOUT_MS,
 * FOLD_MAX_PER_TRANSACTION. It connects, says `ready`, and folds once sent any message.
 */
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@oms/persistence';
import { createLogger } from '@oms/platform';
import { createFoldServices } from '../../aggregates/fold-services';
import { pipelinedTransactions } from '../../aggregates/transaction-runner';
import { ContractMultipliers } from '../contract-multipliers';
import { KafkaFoldConsumer } from '../kafka-fold.consumer';
import { MULTIPLIERS } from './observation-builders';

const log = createLogger('fold-child');

async function main(): Promise<void> {
  const env = process.env;
  const dataSource = new DataSource({
    ...buildDataSourceOptions(env.DATABASE_URL!, 'fold-child'),
    logging: false,
  });
  await dataSource.initialize();
  // Small batches run on pipelined connections, as in the OMS.
  const pipelined = new Pool({ connectionString: env.DATABASE_URL!, max: 4, pipeline: true });
  const consumer = new KafkaFoldConsumer(
    dataSource,
    createFoldServices(
      dataSource,
      new ContractMultipliers(MULTIPLIERS).lookup,
      undefined,
      pipelinedTransactions(pipelined),
    ),
    {
      brokers: env.KAFKA_BROKERS!.split(','),
      topicPrefix: env.KAFKA_TOPIC_PREFIX,
      consumerGroup: env.OMS_CONSUMER_GROUP!,
      kafkaGroupId: env.FOLD_KAFKA_GROUP_ID,
      sessionTimeoutMs: Number(env.FOLD_SESSION_TIMEOUT_MS ?? 6000),
      heartbeatIntervalMs: 300,
      maxPerTransaction: Number(env.FOLD_MAX_PER_TRANSACTION ?? 500),
    },
  );
  // Ready (compiled, connected to Postgres); folds once told to go, so a spec can keep a spare warm.
  process.send?.('ready');
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  await consumer.start();
  process.send?.('started');
  process.on('SIGTERM', () => {
    void consumer
      .stop()
      .then(() => Promise.all([dataSource.destroy(), pipelined.end()]))
      .then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  log.fatal({ err: error }, 'fold child failed');
  process.exit(1);
});
