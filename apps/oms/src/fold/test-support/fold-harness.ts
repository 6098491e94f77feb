import {
  EventCodec,
  EventEnvelope,
  KafkaEventPublisher,
  KafkaTopicNames,
  PayloadSchemaRegistry,
} from '@oms/kafka';
import { openTestKafkaCluster, TestKafkaCluster } from '@oms/kafka/test-support/test-kafka-cluster';
import { ObservationEvent, observationEnvelope } from '@oms/observations';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices, FoldServices } from '../../aggregates/fold-services';
import { ContractMultipliers } from '../contract-multipliers';
import { foldTopicNames, KafkaFoldConsumer } from '../kafka-fold.consumer';
import { createFoldTestDatabase } from './fold-test-database';
import { MULTIPLIERS } from './observation-builders';

/** Postgres, the broker, the topics and a publisher standing in for ingest: what fold specs share. */
export interface FoldHarness {
  readonly database: TestDatabase;
  readonly cluster: TestKafkaCluster;
  readonly prefix: string;
  readonly topics: KafkaTopicNames;
  readonly fold: FoldServices;
  /** Publishes observations as ingest does (contract envelope, key account:symbol). */
  publish(events: readonly ObservationEvent[], observedAt?: number): Promise<void>;
  publishRaw(envelopes: readonly { envelope: EventEnvelope; key?: string }[]): Promise<void>;
  startConsumer(group?: string): Promise<KafkaFoldConsumer>;
  query<T>(sql: string, parameters?: unknown[]): Promise<T[]>;
  waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs?: number): Promise<T>;
  /** Observations the fold has committed, over every partition (of one consumer group, or all). */
  consumed(group?: string): Promise<number>;
  /** Waits until the fold has committed at least `count` observations. */
  waitUntilConsumed(count: number, group?: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startFoldHarness(partitions = 3): Promise<FoldHarness> {
  const database = await createFoldTestDatabase();
  const cluster = await openTestKafkaCluster();
  const prefix = cluster.uniqueName('fold');
  const topics = foldTopicNames(prefix);
  for (const topic of Object.values(topics)) await cluster.createTopic(topic, partitions);
  const fold = createFoldServices(database.dataSource, new ContractMultipliers(MULTIPLIERS).lookup);
  const publisher = new KafkaEventPublisher({
    kafka: cluster.kafka,
    codec: new EventCodec(new PayloadSchemaRegistry(), { unregisteredTypes: 'accept' }),
  });
  const consumers: KafkaFoldConsumer[] = [];
  let sequence = 0;
  const harness: FoldHarness = {
    database,
    cluster,
    prefix,
    topics,
    fold,
    async publish(events, observedAt) {
      await publisher.publish(
        topics.venueObservations,
        events.map((event) =>
          observationEnvelope(
            event,
            { spec: true },
            {
              observedAt: observedAt ?? 1_763_900_000_000 + (sequence += 1),
              correlationId: `spec-${sequence}`,
            },
          ),
        ),
      );
    },
    async publishRaw(envelopes) {
      await publisher.publish(topics.venueObservations, envelopes);
    },
    async startConsumer(group = `${prefix}-oms`) {
      const consumer = new KafkaFoldConsumer(database.dataSource, fold, {
        brokers: cluster.brokers,
        topicPrefix: prefix,
        consumerGroup: group,
        sessionTimeoutMs: 6_000,
        heartbeatIntervalMs: 500,
      });
      await consumer.start();
      consumers.push(consumer);
      return consumer;
    },
    query: <T>(sql: string, parameters: unknown[] = []) => database.dataSource.query<T[]>(sql, parameters),
    async waitFor(what, probe, timeoutMs = 20_000) {
      const started = Date.now();
      for (;;) {
        const value = await probe();
        if (value !== undefined) return value;
        if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async consumed(group) {
      const [{ total }] = await database.dataSource.query<Array<{ total: number }>>(
        `SELECT coalesce(sum(next_offset), 0)::int AS total FROM consumer_offsets
          WHERE $1::text IS NULL OR consumer_group = $1`,
        [group ?? null],
      );
      return total;
    },
    async waitUntilConsumed(count, group, timeoutMs) {
      await harness.waitFor(
        `${count} observations folded`,
        async () => ((await harness.consumed(group)) >= count ? true : undefined),
        timeoutMs,
      );
    },
    async close() {
      for (const consumer of consumers) await consumer.stop();
      await publisher.close();
      await cluster.close();
      await database.drop();
    },
  };
  return harness;
}
