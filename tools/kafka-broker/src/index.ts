import { KafkaBroker } from './server/kafka-broker';
import { KafkaBrokerOptions } from './server/broker-options';

export type { KafkaBrokerOptions } from './server/broker-options';
export { KafkaBroker } from './server/kafka-broker';

export interface RunningKafkaBroker {
  readonly port: number;
  /** Bootstrap list for clients, e.g. ['127.0.0.1:9092']. */
  readonly brokers: string[];
  /** Deletes segments beyond the retention limits now instead of waiting for the timer. */
  applyRetention(): number;
  stop(): Promise<void>;
}

/** Starts the project's Kafka-protocol broker in this process. */
export async function startKafkaBroker(options: KafkaBrokerOptions): Promise<RunningKafkaBroker> {
  const broker = new KafkaBroker({ port: 0, ...options });
  await broker.start();
  const host = options.advertisedHost ?? options.host ?? '127.0.0.1';
  const port = options.advertisedPort ?? broker.port;
  let stopping: Promise<void> | undefined;
  return {
    port: broker.port,
    brokers: [`${host}:${port}`],
    applyRetention: () => broker.applyRetention(),
    stop: () => (stopping ??= broker.stop()),
  };
}
