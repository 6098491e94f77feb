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
  /** Largest fetch per partition (kafkajs default 1 MB): bounds a batch's size. */
  readonly maxBytesPerPartition?: number;
  /**
   * How many partitions' batches the handler is given at once (default 1). Batches of
   * one partition always come one after the other, in offset order.
   */
  readonly partitionsConsumedConcurrently?: number;
  /**
   * With `ownedOffsets`, the group's offsets in Kafka are not where consumption resumes
   * (the handler's store is), only what lag tools read: they are committed with a
   * partition's batch at most this often (default 1 s), not with every batch, which
   * spares a live consumer a broker round trip per batch. A batch that reached the
   * handler with no event (dead letters only) is committed at once, as the handler
   * stored no offset for it.
   */
  readonly ownedOffsetsGroupCommitIntervalMs?: number;
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
  /** Next offsets from HandlerOwnedOffsets, loaded for the partitions of each assignment. */
  private readonly ownedPositions = new Map<string, bigint>();
  private assignmentLoaded: Promise<void> = Promise.resolve();
  private assignment: Record<string, number[]> = {};
  /** Set by `halt`: no batch reaches the handler any more, no offsets are read. */
  private halted = false;
  /** Batches being handled, which `halt` waits for. */
  private readonly inHand = new Set<Promise<void>>();
  /** When each partition's offset was last committed to the group (`topic:partition`). */
  private readonly groupCommittedAt = new Map<string, number>();

  constructor(private readonly options: KafkaEventSubscriberOptions) {
    this.metrics = options.metrics ?? KafkaMetrics.for();
  }

  async start(handler: EventBatchHandler): Promise<void> {
    if (this.consumer) throw new Error('the subscriber is already started');
    // Started again after a stop, it hands batches on again.
    this.halted = false;
    const { kafka, groupId, topics } = this.options;
    const consumer = kafka.consumer({
      groupId,
      sessionTimeout: this.options.sessionTimeoutMs ?? 30_000,
      heartbeatInterval: this.options.heartbeatIntervalMs ?? 3_000,
      maxWaitTimeInMs: this.options.maxWaitTimeMs ?? 500,
      ...(this.options.maxBytesPerPartition === undefined
        ? {}
        : { maxBytesPerPartition: this.options.maxBytesPerPartition }),
    });
    this.consumer = consumer;
    consumer.on(consumer.events.GROUP_JOIN, (event) => {
      log.info({ groupId, assignment: event.payload.memberAssignment }, 'partitions assigned');
      this.assignment = event.payload.memberAssignment;
      if (this.options.ownedOffsets && !this.halted)
        this.loadOwnedOffsets(consumer, this.options.ownedOffsets);
    });
    consumer.on(consumer.events.CRASH, (event) => {
      this.metrics.consumerCrashes.inc({ group: groupId });
      log.error({ groupId, err: event.payload.error, restart: event.payload.restart }, 'consumer crashed');
    });
    await consumer.connect();
    await consumer.subscribe({ topics: [...topics], fromBeginning: this.options.fromBeginning ?? true });
    await consumer.run({
      partitionsConsumedConcurrently: this.options.partitionsConsumedConcurrently ?? 1,
      autoCommit: false,
      eachBatchAutoResolve: false,
      eachBatch: (payload) => this.keptInHand(this.handleBatch(consumer, payload, handler)),
    });
  }

  /**
   * Hands no further batch to the handler and reads no handler-owned offsets from now on,
   * and resolves once the batches in hand are done. For a stop that cannot wait for the
   * consumer itself (one still joining its group leaves only once it has joined), when
   * what the handler writes to is about to close. `stop` halts first too.
   */
  async halt(): Promise<void> {
    this.halted = true;
    await Promise.allSettled([...this.inHand]);
  }

  /** Tracks a batch being handled until it is done, for `halt`. */
  private async keptInHand(handling: Promise<void>): Promise<void> {
    this.inHand.add(handling);
    try {
      await handling;
    } finally {
      this.inHand.delete(handling);
    }
  }

  private async handleBatch(
    consumer: Consumer,
    payload: EachBatchPayload,
    handler: EventBatchHandler,
  ): Promise<void> {
    const { batch } = payload;
    // A halted subscriber hands nothing on: the batch is neither handled nor committed.
    if (this.halted) return;
    // A batch fetched before the seek to the handler's offsets is stale and skipped.
    try {
      await this.assignmentLoaded;
    } catch (error) {
      // The store could not be read: try again with the next attempt at this batch.
      if (this.options.ownedOffsets) this.loadOwnedOffsets(consumer, this.options.ownedOffsets);
      throw error;
    }
    if (this.halted || !payload.isRunning() || payload.isStale() || batch.isEmpty()) return;
    const { topic, partition } = batch;
    const labels = { topic, group: this.options.groupId };
    const position = `${topic}:${partition}`;
    let messages: KafkaMessage[] = batch.messages;
    let start = this.ownedPositions.get(position);
    if (start !== undefined && BigInt(batch.highWatermark) < start) {
      // The log ends before the handler's stored offset: it was truncated, or deleted and
      // created again, so what it holds below that offset was never handled. Kafka's
      // client resumed at the log's start; take the batch from there.
      this.metrics.logResets.inc(labels);
      log.error(
        { topic, partition, storedNextOffset: start.toString(), highWatermark: batch.highWatermark },
        "the partition's log ends before the handler's offset (truncated or created again): consuming it from where the client resumed",
      );
      start = undefined;
      this.ownedPositions.set(position, BigInt(batch.firstOffset() ?? '0'));
    }
    if (start !== undefined) {
      const from = start;
      messages = messages.filter((message) => BigInt(message.offset) >= from);
    }
    if (messages.length === 0) return;
    const firstOffset = BigInt(messages[0].offset);
    if (
      start !== undefined &&
      firstOffset > start &&
      (await this.logStartOffset(topic, partition)) <= start
    ) {
      // The messages from the handler's offset are still in the log, but the client
      // fetched past them: fetch again from the handler's offset rather than skip them.
      this.metrics.refetches.inc(labels);
      log.error(
        { topic, partition, storedNextOffset: start.toString(), firstOffset: firstOffset.toString() },
        "the client fetched past the handler's offset; fetching again from it",
      );
      consumer.seek({ topic, partition, offset: start.toString() });
      return;
    }
    const deletedFrom = start !== undefined && firstOffset > start ? start.toString() : undefined;
    if (deletedFrom !== undefined && start !== undefined) {
      // Offsets the handler never saw are gone (retention deleted them before they were
      // handled): nothing can bring them back from Kafka, so say so loudly.
      this.metrics.skippedOffsets.inc(
        { ...labels, partition: String(partition) },
        Number(firstOffset - start),
      );
      log.error(
        { topic, partition, storedNextOffset: start.toString(), firstOffset: firstOffset.toString() },
        "offsets missing between the handler's offset and the first message fetched (deleted before they were handled)",
      );
    }

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
    const lastOffset = BigInt(messages[messages.length - 1].offset);
    const nextOffset = (lastOffset + 1n).toString();
    await this.options.deadLetters.publish(letters);
    this.metrics.deadLettered.inc(labels, letters.length);
    // A handler that owns its offsets moves them past dead letters too.
    if (events.length > 0 || this.options.ownedOffsets) {
      try {
        await handler({
          topic,
          partition,
          events,
          firstOffset: firstOffset.toString(),
          nextOffset,
          highWatermark: batch.highWatermark,
          ...(deletedFrom === undefined ? {} : { deletedFrom }),
        });
      } catch (error) {
        this.metrics.handlerErrors.inc(labels);
        log.error(
          { err: error, topic, partition, firstOffset: firstOffset.toString() },
          'event handler failed; batch not committed',
        );
        // Fetch again from the handler's stored offsets, wherever the client stands.
        if (this.options.ownedOffsets) this.loadOwnedOffsets(consumer, this.options.ownedOffsets);
        throw error;
      }
      this.metrics.eventsConsumed.inc(labels, events.length);
    }
    payload.resolveOffset(lastOffset.toString());
    if (this.groupCommitDue(`${topic}:${partition}`, events.length > 0)) {
      // Through the batch payload: consumer.commitOffsets skips silently once a stop began,
      // and a graceful stop must still commit the batch it let finish.
      await payload.commitOffsetsIfNecessary({
        topics: [{ topic, partitions: [{ partition, offset: nextOffset }] }],
      });
    }
    if (this.ownedPositions.has(position)) this.ownedPositions.set(position, lastOffset + 1n);
    const lag = BigInt(batch.highWatermark) - (lastOffset + 1n);
    this.metrics.consumerLag.set({ ...labels, partition: String(partition) }, Number(lag > 0n ? lag : 0n));
    await payload.heartbeat();
  }

  /** Whether this batch's offset goes to the group now (see `ownedOffsetsGroupCommitIntervalMs`). */
  private groupCommitDue(partitionKey: string, handlerStoredOffset: boolean): boolean {
    if (this.options.ownedOffsets === undefined || !handlerStoredOffset) return true;
    const now = Date.now();
    const interval = this.options.ownedOffsetsGroupCommitIntervalMs ?? 1_000;
    if (now - (this.groupCommittedAt.get(partitionKey) ?? 0) < interval) return false;
    this.groupCommittedAt.set(partitionKey, now);
    return true;
  }

  /** The first offset the partition's log still holds (retention deletes below it). */
  private async logStartOffset(topic: string, partition: number): Promise<bigint> {
    const admin = this.options.kafka.admin();
    await admin.connect();
    try {
      const offsets = await admin.fetchTopicOffsets(topic);
      return BigInt(offsets.find((entry) => entry.partition === partition)?.low ?? '0');
    } finally {
      await admin.disconnect();
    }
  }

  private loadOwnedOffsets(consumer: Consumer, ownedOffsets: HandlerOwnedOffsets): void {
    this.assignmentLoaded = this.seekToOwnedOffsets(consumer, ownedOffsets, this.assignment);
    this.assignmentLoaded.catch((error: unknown) => {
      this.metrics.handlerErrors.inc({ topic: '(assignment)', group: this.options.groupId });
      log.error({ err: error, groupId: this.options.groupId }, 'could not read the handler-owned offsets');
    });
  }

  /**
   * After each assignment, every partition the handler has an offset for is moved to
   * it, whatever the group committed: the handler's store is the truth.
   */
  private async seekToOwnedOffsets(
    consumer: Consumer,
    ownedOffsets: HandlerOwnedOffsets,
    assignment: Record<string, number[]>,
  ): Promise<void> {
    this.ownedPositions.clear();
    for (const [topic, partitions] of Object.entries(assignment)) {
      const stored = await ownedOffsets.nextOffsets(topic, partitions);
      for (const [partition, offset] of stored) {
        this.ownedPositions.set(`${topic}:${partition}`, BigInt(offset));
        consumer.seek({ topic, partition, offset });
      }
    }
  }

  async stop(): Promise<void> {
    const consumer = this.consumer;
    if (!consumer) return;
    this.consumer = undefined;
    await this.halt();
    await consumer.disconnect();
  }
}
