import { Kafka, logLevel } from 'kafkajs';
import { kafkajsLogCreator } from './kafkajs-log-bridge';

export interface KafkaClientOptions {
  readonly brokers: readonly string[];
  readonly clientId: string;
  /** kafkajs's own logging; WARN by default, NOTHING keeps tests quiet. */
  readonly logLevel?: logLevel;
}

export function createKafkaClient(options: KafkaClientOptions): Kafka {
  return new Kafka({
    brokers: [...options.brokers],
    clientId: options.clientId,
    logLevel: options.logLevel ?? logLevel.WARN,
    logCreator: () => kafkajsLogCreator(),
    retry: { initialRetryTime: 100, retries: 8 },
  });
}
