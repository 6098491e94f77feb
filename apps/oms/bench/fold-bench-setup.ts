import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { logLevel } from 'kafkajs';
import { createKafkaClient, EventCodec, KafkaEventPublisher, PayloadSchemaRegistry } from '@oms/kafka';
import { buildDataSourceOptions, MIGRATIONS } from '@oms/persistence';
import { startTemporaryBroker, TemporaryBroker } from '@oms/kafka-broker/test-support/temporary-broker';
import { ObservationEvent, observationEnvelope } from '@oms/observations';
import { foldTopicNames } from '../src/fold/kafka-fold.consumer';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEmbeddedPostgres } = require('../../../tools/embedded-postgres/embedded-postgres.cjs') as {
  startEmbeddedPostgres: (options: {
    database: string;
  }) => Promise<{ url: string; stop: () => Promise<void> }>;
};

export interface BenchEnvironment {
  readonly serverUrl: string;
  readonly brokers: string[];
  newDatabase(name: string): Promise<{ url: string; dataSource: DataSource }>;
  newPublisher(
    prefix: string,
    partitions: number,
  ): Promise<(events: readonly ObservationEvent[], observedAt?: () => number) => Promise<void>>;
  close(): Promise<void>;
}

/** Postgres (DATABASE_URL or embedded) and Kafka (KAFKA_BROKERS or the project broker) for the fold bench. */
export async function openBenchEnvironment(): Promise<BenchEnvironment> {
  const embedded = process.env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ database: 'foldbench' });
  const serverUrl = process.env.DATABASE_URL ?? embedded!.url;
  const broker: TemporaryBroker | undefined = process.env.KAFKA_BROKERS
    ? undefined
    : await startTemporaryBroker();
  const brokers = process.env.KAFKA_BROKERS ? process.env.KAFKA_BROKERS.split(',') : broker!.brokers();
  const kafka = createKafkaClient({ brokers, clientId: 'fold-bench', logLevel: logLevel.NOTHING });
  const publishers: KafkaEventPublisher[] = [];
  const sources: DataSource[] = [];
  console.log(
    `Postgres: ${embedded ? 'embedded PostgreSQL 15 (fsync off)' : 'DATABASE_URL'}; Kafka: ${broker ? 'project broker' : 'KAFKA_BROKERS'}`,
  );
  return {
    serverUrl,
    brokers,
    async newDatabase(name) {
      const database = `oms_foldbench_${name}_${Date.now()}`;
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`CREATE DATABASE ${database}`);
      await client.end();
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      const dataSource = new DataSource({
        ...buildDataSourceOptions(url.toString(), 'fold-bench'),
        migrations: MIGRATIONS,
        logging: false,
        extra: { max: 20 },
      });
      await dataSource.initialize();
      await dataSource.runMigrations({ transaction: 'each' });
      sources.push(dataSource);
      return { url: url.toString(), dataSource };
    },
    async newPublisher(prefix, partitions) {
      const topics = foldTopicNames(prefix);
      const admin = kafka.admin();
      await admin.connect();
      await admin.createTopics({
        topics: [topics.venueObservations, topics.omsEvents, topics.deadLetter].map((topic: string) => ({
          topic,
          numPartitions: partitions,
        })),
        waitForLeaders: true,
      });
      await admin.disconnect();
      const publisher = new KafkaEventPublisher({
        kafka,
        codec: new EventCodec(new PayloadSchemaRegistry(), { unregisteredTypes: 'accept' }),
      });
      publishers.push(publisher);
      let sequence = 0;
      return async (events, observedAt = () => 1_763_900_000_000 + sequence) => {
        await publisher.publish(
          topics.venueObservations,
          events.map((event) =>
            observationEnvelope(event, null, {
              observedAt: observedAt(),
              correlationId: `bench-${(sequence += 1)}`,
            }),
          ),
        );
      };
    },
    async close() {
      for (const publisher of publishers) await publisher.close();
      for (const source of sources) await source.destroy();
      await broker?.dispose();
      await embedded?.stop();
    },
  };
}
