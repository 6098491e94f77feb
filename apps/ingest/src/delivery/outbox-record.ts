import { EventEnvelope } from '@oms/kafka';

/** An observation on its way to the venue-observations topic. */
export interface EventRecord {
  readonly kind: 'event';
  readonly topic: string;
  readonly key: string;
  readonly envelope: EventEnvelope;
}

/** A venue message that could not be read, on its way to the dead-letter topic. */
export interface DeadLetterRecord {
  readonly kind: 'dead-letter';
  readonly topic: string;
  /** `accountId:-stream` (or the poll's account), so an account's letters stay in order. */
  readonly key: string;
  /** The venue text as received. */
  readonly value: string;
  readonly reason: string;
  /** Where it came from, e.g. `venue-stream:desk-1`. */
  readonly origin: string;
  readonly receivedAt: number;
}

/** What the outbox carries, in arrival order; also the journal's line format. */
export type OutboxRecord = EventRecord | DeadLetterRecord;
