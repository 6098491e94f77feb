import { randomUUID } from 'node:crypto';
import { Kafka, logLevel } from 'kafkajs';
import { startTemporaryBroker, TemporaryBroker } from '@oms/kafka-broker/test-support/temporary-broker';
import { createKafkaClient } from '../client/kafka-client';
import { loadKafkaEnvironment } from '../client/kafka-connection-config';

/**
 * The brokers a spec talks to: the cluster KAFKA_BROKERS names, otherwise the project
 * broker started on a free port with a temporary data folder. The library itself never
 * starts a broker; starting one is the business of the tests and the local stack.
 */
export async function openSpecBrokers(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ brokers: string[]; local?: TemporaryBroker }> {
  if (env.KAFKA_BROKERS) return { brokers: loadKafkaEnvironment(env).KAFKA_BROKERS };
  const local = await startTemporaryBroker();
  return { brokers: local.brokers(), local };
}

export interface TestKafkaCluster {
  readonly brokers: string[];
  readonly external: boolean;
  readonly kafka: Kafka;
  /** A topic or group name unique to this run, so runs on a shared cluster never collide. */
  uniqueName(base: string): string;
  createTopic(topic: string, partitions: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The cluster for a Kafka-layer spec: the one named by KAFKA_BROKERS when set,
 * otherwise the project broker on a free port with a temporary data folder.
 */
export async function openTestKafkaCluster(): Promise<TestKafkaCluster> {
  const { brokers, local } = await openSpecBrokers();
  const kafka = createKafkaClient({ brokers, clientId: 'kafka-layer-spec', logLevel: logLevel.NOTHING });
  const runId = randomUUID().slice(0, 8);
  return {
    brokers,
    external: local === undefined,
    kafka,
    uniqueName: (base) => `${base}-${runId}`,
    async createTopic(topic, partitions) {
      const admin = kafka.admin();
      await admin.connect();
      try {
        await admin.createTopics({ topics: [{ topic, numPartitions: partitions }], waitForLeaders: true });
      } finally {
        await admin.disconnect();
      }
    },
    async close() {
      await local?.dispose();
    },
  };
}

/** Polls until `probe` returns a value, failing with `what` after the timeout. */
export function eventually<T>(probe: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = (): void => {
      const value = probe();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(check, 20);
    };
    check();
  });
}
