import { Kafka, logLevel } from 'kafkajs';
import {
  DeadLetter,
  EventCodec,
  KafkaDeadLetterPublisher,
  KafkaEventPublisher,
  KafkaMetrics,
  kafkajsLogCreator,
} from '@oms/kafka';
import { OutboxRecord } from './outbox-record';
import { OutboxSink } from './observation-outbox';

export interface KafkaOutboxSinkOptions {
  readonly brokers: readonly string[];
  readonly codec: EventCodec;
  readonly metrics: KafkaMetrics;
  /** The dead-letter topic of every dead-letter record. */
  readonly deadLetterTopic: string;
  readonly clientId?: string;
}

/**
 * Sends outbox records with libs/kafka's publishers. The client gives up quickly (the
 * outbox keeps retrying and journals meanwhile, so a long client retry would only hold
 * records in memory); after a failure the producers are replaced, so a restarted broker
 * meets a fresh idempotent producer.
 */
export class KafkaOutboxSink implements OutboxSink {
  private readonly kafka: Kafka;
  private publishers: { events: KafkaEventPublisher; deadLetters: KafkaDeadLetterPublisher } | undefined;

  constructor(private readonly options: KafkaOutboxSinkOptions) {
    this.kafka = new Kafka({
      brokers: [...options.brokers],
      clientId: options.clientId ?? 'ingest',
      logLevel: logLevel.NOTHING,
      logCreator: () => kafkajsLogCreator(),
      connectionTimeout: 1_000,
      requestTimeout: 5_000,
      retry: { initialRetryTime: 100, maxRetryTime: 1_000, retries: 3 },
    });
  }

  async send(records: readonly OutboxRecord[]): Promise<void> {
    const publishers = (this.publishers ??= {
      events: new KafkaEventPublisher({
        kafka: this.kafka,
        codec: this.options.codec,
        metrics: this.options.metrics,
      }),
      deadLetters: new KafkaDeadLetterPublisher(this.kafka, this.options.deadLetterTopic),
    });
    try {
      // Consecutive records of one kind and topic travel in one request, in order.
      for (const run of runsOf(records)) {
        const first = run[0];
        if (first.kind === 'event') {
          await publishers.events.publish(
            first.topic,
            run.map((record) =>
              record.kind === 'event' ? { envelope: record.envelope, key: record.key } : never(),
            ),
          );
        } else {
          await publishers.deadLetters.publish(run.map(asDeadLetter));
        }
      }
    } catch (error) {
      this.publishers = undefined;
      void Promise.allSettled([publishers.events.close(), publishers.deadLetters.close()]);
      throw error;
    }
  }

  async close(): Promise<void> {
    const publishers = this.publishers;
    this.publishers = undefined;
    if (publishers) await Promise.allSettled([publishers.events.close(), publishers.deadLetters.close()]);
  }
}

function asDeadLetter(record: OutboxRecord): DeadLetter {
  if (record.kind !== 'dead-letter') return never();
  return {
    sourceTopic: record.origin,
    sourcePartition: -1,
    sourceOffset: String(record.receivedAt),
    key: Buffer.from(record.key),
    value: Buffer.from(record.value),
    headers: {},
    reason: record.reason,
  };
}

function runsOf(records: readonly OutboxRecord[]): OutboxRecord[][] {
  const runs: OutboxRecord[][] = [];
  for (const record of records) {
    const last = runs[runs.length - 1];
    if (last && last[0].kind === record.kind && last[0].topic === record.topic) last.push(record);
    else runs.push([record]);
  }
  return runs;
}

function never(): never {
  throw new Error('records of one run share their kind');
}
