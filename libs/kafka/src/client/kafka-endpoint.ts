import { KafkaEnvironment } from './kafka-connection-config';

export interface KafkaEndpoint {
  readonly brokers: string[];
  /**
   * Always 'external' from this library: it never starts a broker. The local stack
   * (scripts/) and the test support start the project broker and report 'project-broker'.
   */
  readonly kind: 'external' | 'project-broker';
  /** Releases what the endpoint holds (nothing for an external cluster). */
  close(): Promise<void>;
}

/** The cluster KAFKA_BROKERS names. Production apps carry no broker of their own. */
export function openKafkaEndpoint(environment: KafkaEnvironment): Promise<KafkaEndpoint> {
  return Promise.resolve({
    brokers: environment.KAFKA_BROKERS,
    kind: 'external',
    close: () => Promise.resolve(),
  });
}
