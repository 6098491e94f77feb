import { EventCodec, KafkaTopicNames } from '@oms/kafka';
import { MappedObservation, observationEnvelope } from '@oms/observations';
import { createLogger } from '@oms/platform';
import { OutboxRecord } from '../delivery/outbox-record';
import { IngestMetrics } from '../metrics/ingest-metrics';

/** Where emitted records go (the outbox). */
export interface RecordQueue {
  enqueue(records: readonly OutboxRecord[]): void;
}

/** How many poll eventIds are remembered to skip re-publishing an unchanged row. */
const REMEMBERED_POLL_IDS = 200_000;

export interface EmitOptions {
  readonly receivedAt: number;
  readonly correlationId: string;
  /**
   * Polls re-read unchanged rows every time; their eventId would be the same, so they
   * are published once (the OMS de-duplicates anyway; this saves the topic). Stream
   * messages are always published: a venue duplicate shows with its shared eventId.
   */
  readonly skipRepeats: boolean;
}

/**
 * Turns observations into envelopes (libs/observations), checks them with the codec
 * the OMS uses, and hands them to the outbox. Anything that does not fit the contract
 * becomes a dead letter with the reason, never an error that stops the stream.
 */
export class ObservationEmitter {
  private readonly logger = createLogger('ObservationEmitter');
  private readonly publishedPollIds = new Set<string>();

  constructor(
    private readonly outbox: RecordQueue,
    private readonly codec: EventCodec,
    private readonly topics: KafkaTopicNames,
    private readonly metrics: IngestMetrics,
  ) {}

  emit(observations: readonly MappedObservation[], options: EmitOptions): number {
    const records: OutboxRecord[] = [];
    for (const { event, raw } of observations) {
      const { envelope, key } = observationEnvelope(event, raw, {
        observedAt: options.receivedAt,
        correlationId: options.correlationId,
      });
      if (options.skipRepeats && this.publishedPollIds.has(envelope.eventId)) continue;
      const checked = this.codec.validate(envelope);
      if (!checked.ok) {
        records.push(
          this.letter(
            event.data.accountId,
            'observation',
            typeof raw === 'string' ? raw : JSON.stringify(raw),
            checked.reason,
            options.receivedAt,
          ),
        );
        continue;
      }
      if (options.skipRepeats) this.remember(envelope.eventId);
      records.push({ kind: 'event', topic: this.topics.venueObservations, key: key ?? '', envelope });
    }
    this.outbox.enqueue(records);
    return records.length;
  }

  /** A venue message or row that could not be read: to the dead-letter topic with the reason and the text. */
  deadLetter(accountId: string, origin: string, text: string, reason: string, receivedAt: number): void {
    this.logger.warn({ account: accountId, origin, reason }, 'venue message dead-lettered');
    this.outbox.enqueue([this.letter(accountId, origin, text, reason, receivedAt)]);
  }

  private letter(
    accountId: string,
    origin: string,
    text: string,
    reason: string,
    receivedAt: number,
  ): OutboxRecord {
    this.metrics.deadLetters.inc({ account: accountId });
    return {
      kind: 'dead-letter',
      topic: this.topics.deadLetter,
      key: `${accountId}:-stream`,
      value: text,
      reason,
      origin: `${origin}:${accountId}`,
      receivedAt,
    };
  }

  private remember(eventId: string): void {
    this.publishedPollIds.add(eventId);
    if (this.publishedPollIds.size > REMEMBERED_POLL_IDS) {
      const oldest = this.publishedPollIds.values().next().value;
      if (oldest !== undefined) this.publishedPollIds.delete(oldest);
    }
  }
}
