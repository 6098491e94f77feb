import { Kafka, Message } from 'kafkajs';
import { createLogger } from '@oms/platform';
import { EventCodec } from '../envelope/event-codec';
import { KafkaMetrics } from '../metrics/kafka-metrics';
import { EventHeader } from '../topics/kafka-headers';
import { partitionKeyOf } from '../topics/partition-key';
import { EventPublisher, OutgoingEvent } from './event-publisher';
import { FreshAfterFailureProducer } from './fresh-after-failure-producer';

const log = createLogger('KafkaEventPublisher');

export interface KafkaEventPublisherOptions {
  readonly kafka: Kafka;
  readonly codec: EventCodec;
  readonly metrics?: KafkaMetrics;
}

/**
 * EventPublisher on a kafkajs idempotent producer (acks=all): client retries cannot
 * duplicate or reorder messages of a partition, and a failed publish never makes the
 * next one vanish (FreshAfterFailureProducer). Every event is validated before
 * anything of the call is sent, and carries its correlation id, id, type and schema
 * version as headers.
 */
export class KafkaEventPublisher implements EventPublisher {
  private readonly producer: FreshAfterFailureProducer;
  private readonly metrics: KafkaMetrics;
  private closed = false;
  /** Sends happen one after another, in call order: concurrent callers keep their order per key. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: KafkaEventPublisherOptions) {
    this.producer = new FreshAfterFailureProducer(options.kafka);
    this.metrics = options.metrics ?? KafkaMetrics.for();
  }

  async publish(topic: string, events: readonly OutgoingEvent[]): Promise<void> {
    if (this.closed) throw new Error('the event publisher is closed');
    if (events.length === 0) return;
    const messages = events.map(({ envelope, key }) => ({
      key: key ?? partitionKeyOf(envelope),
      value: this.options.codec.encode(envelope),
      headers: {
        [EventHeader.correlationId]: envelope.correlationId,
        [EventHeader.eventId]: envelope.eventId,
        [EventHeader.eventType]: envelope.type,
        [EventHeader.schemaVersion]: String(envelope.schemaVersion),
      },
    }));
    const send = this.queue.then(() => this.send(topic, messages));
    this.queue = send.catch(() => undefined);
    await send;
  }

  private async send(topic: string, messages: Message[]): Promise<void> {
    const timer = this.metrics.produceDuration.startTimer({ topic });
    try {
      await this.producer.send({ topic, acks: -1, messages });
      this.metrics.messagesProduced.inc({ topic }, messages.length);
    } catch (error) {
      this.metrics.produceErrors.inc({ topic });
      log.error({ err: error, topic, count: messages.length }, 'publish failed');
      throw error;
    } finally {
      timer();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue;
    await this.producer.disconnect();
  }
}
