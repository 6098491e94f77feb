import { resolve } from 'node:path';
import { createLogger } from '@oms/platform';
import { startKafkaBroker } from '@oms/kafka-broker';
import { KafkaEnvironment } from './kafka-connection-config';

const log = createLogger('KafkaEndpoint');

export interface KafkaEndpoint {
  readonly brokers: string[];
  /** 'external' when KAFKA_BROKERS named a cluster, 'project-broker' when one was started here. */
  readonly kind: 'external' | 'project-broker';
  /** Stops the in-process broker, if one was started. */
  close(): Promise<void>;
}

/**
 * The cluster to talk to: KAFKA_BROKERS when set, otherwise the project's own broker
 * started in this process on KAFKA_LOCAL_PORT with its data in KAFKA_LOCAL_DATA_DIR.
 */
export async function openKafkaEndpoint(environment: KafkaEnvironment): Promise<KafkaEndpoint> {
  if (environment.KAFKA_BROKERS) {
    return { brokers: environment.KAFKA_BROKERS, kind: 'external', close: () => Promise.resolve() };
  }
  const dataDir = resolve(environment.KAFKA_LOCAL_DATA_DIR);
  const broker = await startKafkaBroker({ port: environment.KAFKA_LOCAL_PORT, dataDir });
  log.info({ brokers: broker.brokers, dataDir }, 'using the project broker (KAFKA_BROKERS is not set)');
  return { brokers: broker.brokers, kind: 'project-broker', close: () => broker.stop() };
}
