import { EventEnvelope } from '../envelope/event-envelope';

export interface OutgoingEvent {
  readonly envelope: EventEnvelope;
  /** Defaults to `accountId:symbol`; pass balancePartitionKey(...) for balance events. */
  readonly key?: string;
}

/** Publishes envelopes to a topic; resolves once the cluster acknowledged all of them. */
export interface EventPublisher {
  publish(topic: string, events: readonly OutgoingEvent[]): Promise<void>;
  close(): Promise<void>;
}
