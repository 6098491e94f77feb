import { Consumer, EachBatchPayload, Kafka, KafkaMessage } from 'kafkajs';
import { createLogger } from '@oms/platform';
import { EventCodec } from '../envelope/event-codec';
import { KafkaMetrics } from '../metrics/kafka-metrics';
import { DeadLetter, DeadLetterPublisher } from '../publish/dead-letter-publisher';
import { EventHeader, headerText } from '../topics/kafka-headers';
import { EventBatchHandler, EventSubscriber, HandlerOwnedOffsets, ReceivedEvent } from './event-subscriber';

const log = createLogger('KafkaEventSubscriber');

export interface KafkaEventSubscriberOptions {
  readonly kafka: Kafka;
  readonly codec: EventCodec;
  readonly groupId: string;
  readonly topics: readonly string[];
  readonly deadLetters: DeadLetterPublisher;
  /** Where a group without committed offsets starts; true by default (replay everything). */
  readonly fromBeginning?: boolean;
  readonly ownedOffsets?: HandlerOwnedOffsets;
  readonly metrics?: KafkaMetrics;
  readonly sessionTimeoutMs?: number;
  readonly heartbeatIntervalMs?: number;
  readonly maxWaitTimeMs?: number;
}

/**
 * EventSubscriber on a kafkajs consumer group. Each partition batch is decoded; what
 * does not decode goes to the dead-letter topic; the rest goes to the handler; the
 * offset is resolved and committed only after the handler (and the dead letters)
 * succeeded. A throwing handler leaves the offset where it was, so the batch comes
 * again. Consumers must therefore de-duplicate by eventId, as the contract says.
 */
export class KafkaEventSubscriber implements EventSubscriber {
  private consumer?: Consumer;
  private readonly metrics: KafkaMetrics;
  /** Next offsets from HandlerOwnedOffsets, loaded per partition after each assignment. */
  private readonly ownedPositions = new Map<string, bigint>();
  private readonly seekedSinceJoin = new Set<string>();

  constructor(private readonly options: KafkaEventSubscriberOptions) {
    this.metrics = options.metrics ?? KafkaMetrics.for();
  }

  async start(handler: EventBatchHandler): Promise<void> {
    if (this.consumer) throw new Error('the subscriber is already started');
    const { kafka, groupId, topics } = this.options;
    const consumer = kafka.consumer({
      groupId,
      sessionTimeout: this.options.sessionTimeoutMs ?? 30_000,
      heartbeatInterval: this.options.heartbeatIntervalMs ?? 3_000,
      maxWaitTimeInMs: this.options.maxWaitTimeMs ?? 500,
    });
    this.consumer = consumer;
    consumer.on(consumer.events.GROUP_JOIN, (event) => {
      this.ownedPositions.clear();
      this.seekedSinceJoin.clear();
      log.info({ groupId, assignment: event.payload.memberAssignment }, 'partitions assigned');
    });
    consumer.on(consumer.events.CRASH, (event) => {
      this.metrics.consumerCrashes.inc({ group: groupId });
      log.error({ groupId, err: event.payload.error, restart: event.payload.restart }, 'consumer crashed');
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [...topics], fromBeginning: this.options.fromBeginning ?? true });
    await consumer.run({
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.handleBatch(consumer, payload, handler),
    });
  }

  private async handleBatch(
    consumer: Consumer,
    payload: EachBatchPayload,
    handler: EventBatchHandler,
  ): Promise<void> {
    const { batch } = payload;
    if (!payload.isRunning() || payload.isStale() || batch.isEmpty()) return;
    const { topic, partition } = batch;
    let messages: KafkaMessage[] = batch.messages;
    if (this.options.ownedOffsets) {
      const start = await this.ownedStart(topic, partition);
      const key = `${topic}:${partition}`;
      if (start !== undefined && BigInt(messages[0].offset) > start && !this.seekedSinceJoin.has(key)) {
        // The group's committed offset is ahead of the handler's own: go back to the handler's.
        this.seekedSinceJoin.add(key);
        consumer.seek({ topic, partition, offset: start.toString() });
        return;
      }
      if (start !== undefined) messages = messages.filter((message) => BigInt(message.offset) >= start);
    }
    if (messages.length === 0) return;

    const events: ReceivedEvent[] = [];
    const letters: DeadLetter[] = [];
    for (const message of messages) {
      const decoded = this.options.codec.decode(message.value);
      if (decoded.ok) {
        events.push({
          envelope: decoded.envelope,
          topic,
          partition,
          offset: message.offset,
          key: message.key?.toString('utf8') ?? null,
          correlationId: decoded.envelope.correlationId,
        });
      } else {
        letters.push({
          sourceTopic: topic,
          sourcePartition: partition,
          sourceOffset: message.offset,
          key: message.key,
          value: message.value,
          headers: message.headers ?? {},
          reason: decoded.reason,
        });
        log.warn(
          {
            topic,
            partition,
            offset: message.offset,
            reason: decoded.reason,
            correlationId: headerText(message.headers?.[EventHeader.correlationId]),
          },
          'message refused; sent to the dead-letter topic',
        );
      }
    }
    const labels = { topic, group: this.options.groupId };
    const lastOffset = BigInt(messages[messages.length - 1].offset);
    const nextOffset = (lastOffset + 1n).toString();
    await this.options.deadLetters.publish(letters);
    this.metrics.deadLettered.inc(labels, letters.length);
    if (events.length > 0) {
      try {
        await handler({ topic, partition, events, nextOffset, highWatermark: batch.highWatermark });
      } catch (error) {
        this.metrics.handlerErrors.inc(labels);
        log.error(
          { err: error, topic, partition, firstOffset: events[0].offset },
          'event handler failed; batch not committed',
        );
        throw error;
      }
      this.metrics.eventsConsumed.inc(labels, events.length);
    }
    payload.resolveOffset(lastOffset.toString());
    await consumer.commitOffsets([{ topic, partition, offset: nextOffset }]);
    if (this.options.ownedOffsets) this.ownedPositions.set(`${topic}:${partition}`, lastOffset + 1n);
    const lag = BigInt(batch.highWatermark) - (lastOffset + 1n);
    this.metrics.consumerLag.set({ ...labels, partition: String(partition) }, Number(lag > 0n ? lag : 0n));
    await payload.heartbeat();
  }

  private async ownedStart(topic: string, partition: number): Promise<bigint | undefined> {
    const key = `${topic}:${partition}`;
    const known = this.ownedPositions.get(key);
    if (known !== undefined) return known;
    const stored = await this.options.ownedOffsets!.nextOffsets(topic, [partition]);
    const next = stored.get(partition);
    if (next === undefined) return undefined;
    const position = BigInt(next);
    this.ownedPositions.set(key, position);
    return position;
  }

  async stop(): Promise<void> {
    const consumer = this.consumer;
    if (!consumer) return;
    this.consumer = undefined;
    await consumer.disconnect();
  }
}
