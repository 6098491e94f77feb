import { EventEnvelope } from '../envelope/event-envelope';

export interface ReceivedEvent {
  readonly envelope: EventEnvelope;
  readonly topic: string;
  readonly partition: number;
  /** Kafka offsets exceed 2^53 in theory; kept as decimal strings like kafkajs does. */
  readonly offset: string;
  readonly key: string | null;
  /** From the envelope; the same value travels in the correlation-id header. */
  readonly correlationId: string;
}

/** Events of one partition, in offset order. */
export interface EventBatch {
  readonly topic: string;
  readonly partition: number;
  readonly events: readonly ReceivedEvent[];
  /** The offset of the batch's first message, dead letters included. */
  readonly firstOffset: string;
  /** The offset to resume from once this batch is done (last offset + 1), dead letters included. */
  readonly nextOffset: string;
  readonly highWatermark: string;
  /**
   * With handler-owned offsets: the handler's stored offset, when the offsets from it up
   * to `firstOffset` are gone from the log (retention deleted them before they were
   * handled). A handler that finds a batch starting past its offset otherwise must
   * refuse it: something skipped messages it never saw.
   */
  readonly deletedFrom?: string;
}

/**
 * Offsets kept by the handler itself (e.g. in the same database transaction as what it
 * derived). When given, consumption of each assigned partition starts at the stored
 * next offset, and anything below it is skipped. Every batch reaches the handler, one
 * of dead letters only too (with no events), so that its offset moves past them.
 */
export interface HandlerOwnedOffsets {
  nextOffsets(topic: string, partitions: readonly number[]): Promise<ReadonlyMap<number, string>>;
}

export type EventBatchHandler = (batch: EventBatch) => Promise<void>;

export interface EventSubscriber {
  /** Resolves once the subscriber runs; offsets are committed only after the handler succeeded. */
  start(handler: EventBatchHandler): Promise<void>;
  /** Lets the batch in hand finish, commits, leaves the group and disconnects. */
  stop(): Promise<void>;
  /**
   * Hands no further batch to the handler; resolves once the batches in hand are done.
   * Unlike `stop`, it does not wait for the consumer to leave its group.
   */
  halt(): Promise<void>;
}
