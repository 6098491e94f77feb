import { currentCorrelationId, newCorrelationId } from '@oms/platform';
import { EventEnvelope, EventSource } from './event-envelope';
import { deterministicEventId } from './event-id';

export interface EnvelopeFields<TPayload> {
  /** The identity of the fact at its source, e.g. ['hashkey', accountId, 'trade', ticketId]. */
  readonly identity: readonly (string | number)[];
  readonly type: string;
  readonly schemaVersion: number;
  readonly accountId: string;
  readonly symbol: string;
  readonly source: EventSource;
  readonly venueTime: string | null;
  readonly payload: TPayload;
  /** Defaults to the correlation id of the work in progress, or a new one. */
  readonly correlationId?: string;
}

/**
 * Builds an envelope: the id from the source identity, observedAt from the given
 * clock, and the correlation id of the desk request or venue message being handled.
 */
export function createEnvelope<TPayload>(
  fields: EnvelopeFields<TPayload>,
  clock: () => Date = () => new Date(),
): EventEnvelope<TPayload> {
  const { identity, correlationId, ...rest } = fields;
  return {
    eventId: deterministicEventId(...identity),
    ...rest,
    observedAt: clock().toISOString(),
    correlationId: correlationId ?? currentCorrelationId() ?? newCorrelationId(),
  };
}
