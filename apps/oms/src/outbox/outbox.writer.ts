import { EventEnvelope, KEY_PART } from '@oms/kafka';
import { NewEvent, SqlExecutor } from '@oms/persistence';
import { aggregateKindOf } from '../aggregates/aggregate-deciders';

export interface OutboxStream {
  readonly streamId: string;
  /** The stream's version after these events. */
  readonly version: number;
  readonly state: unknown;
  readonly appended: readonly NewEvent[];
}

function keyPart(value: string | null | undefined, fallback: string): string {
  return value !== null && value !== undefined && KEY_PART.test(value) ? value : fallback;
}

/** The instrument (or asset, or `-stream`) an OMS event is about, for its partition key. */
function subjectOf(streamId: string, state: unknown): { accountId: string; symbol: string } {
  const fields = state as { accountId?: string | null; symbol?: string | null; asset?: string | null };
  const kind = aggregateKindOf(streamId);
  const symbol =
    kind === 'venue-stream' ? '-stream' : kind.endsWith('balance') ? fields.asset : fields.symbol;
  return { accountId: keyPart(fields.accountId, '-unknown'), symbol: keyPart(symbol, '-unknown') };
}

/** The `oms.events.v1` envelope of one stored OMS event (source `oms`, same eventId). */
export function outboxEnvelope(
  streamId: string,
  state: unknown,
  event: NewEvent,
  streamVersion: number,
  recordedAt: number,
): EventEnvelope {
  const { accountId, symbol } = subjectOf(streamId, state);
  return {
    eventId: event.eventId,
    type: event.type,
    schemaVersion: event.schemaVersion,
    accountId,
    symbol,
    source: 'oms',
    observedAt: new Date(recordedAt).toISOString(),
    venueTime: new Date(event.occurredAt).toISOString(),
    correlationId: event.correlationId ?? event.eventId,
    payload: {
      streamId,
      streamVersion,
      data: event.payload,
      metadata: event.metadata ?? {},
    },
  };
}

/**
 * Writes the events a transaction appended to oms_outbox in the same transaction, so
 * every stored event is published at least once (the relay publishes and marks them).
 */
export async function writeOutbox(executor: SqlExecutor, streams: readonly OutboxStream[]): Promise<void> {
  const now = Date.now();
  const envelopes = streams.flatMap((stream) =>
    stream.appended.map((event, index) =>
      outboxEnvelope(
        stream.streamId,
        stream.state,
        event,
        stream.version - stream.appended.length + index + 1,
        now,
      ),
    ),
  );
  if (envelopes.length === 0) return;
  await executor.query(
    `INSERT INTO oms_outbox (event_id, partition_key, envelope)
     SELECT * FROM unnest($1::text[], $2::text[], $3::jsonb[]) ON CONFLICT (event_id) DO NOTHING`,
    [
      envelopes.map((envelope) => envelope.eventId),
      envelopes.map((envelope) => `${envelope.accountId}:${envelope.symbol}`),
      envelopes.map((envelope) => JSON.stringify(envelope)),
    ],
  );
}
