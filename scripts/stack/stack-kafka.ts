/**
 * The local stack's Kafka: the cluster KAFKA_BROKERS names, otherwise the project
 * broker (tools/kafka-broker) in this process on KAFKA_LOCAL_PORT (default 9092), its
 * log in the stack's data folder. Only the local stack and the tests start it; the
 * apps themselves require KAFKA_BROKERS.
 */
import { loadKafkaEnvironment } from '@oms/kafka';
import { startKafkaBroker } from '@oms/kafka-broker';
import { runAsService } from '@oms/platform';

export interface StackKafka {
  readonly brokers: string[];
  readonly kind: 'external' | 'project-broker';
  readonly dataDir?: string;
  stop(): Promise<void>;
}

function localPort(env: NodeJS.ProcessEnv): number {
  const port = Number(env.KAFKA_LOCAL_PORT ?? 9092);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error('KAFKA_LOCAL_PORT must be a port number (0 picks a free one)');
  return port;
}

export async function startStackKafka(env: NodeJS.ProcessEnv, dataDir: string): Promise<StackKafka> {
  if (env.KAFKA_BROKERS) {
    const brokers = loadKafkaEnvironment(env).KAFKA_BROKERS;
    return { brokers, kind: 'external', stop: () => Promise.resolve() };
  }
  const broker = await runAsService('kafka', () => startKafkaBroker({ port: localPort(env), dataDir }));
  return { brokers: broker.brokers, kind: 'project-broker', dataDir, stop: () => broker.stop() };
}
