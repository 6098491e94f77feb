import { EventEnvelope } from '@oms/kafka';
import { StoredEvent } from '@oms/persistence';

/**
 * The `oms.events.v1` envelope of one stored OMS event (source `oms`, the store's
 * eventId), keyed by the outbox row's partition key `account:symbol` (both parts are
 * key parts, which never hold a colon). `observedAt` is when the store recorded it.
 */
export function outboxEnvelope(event: StoredEvent, partitionKey: string): EventEnvelope {
  const separator = partitionKey.indexOf(':');
  return {
    eventId: event.eventId,
    type: event.type,
    schemaVersion: event.schemaVersion,
    accountId: partitionKey.slice(0, separator),
    symbol: partitionKey.slice(separator + 1),
    source: 'oms',
    observedAt: new Date(event.recordedAt).toISOString(),
    venueTime: new Date(event.occurredAt).toISOString(),
    correlationId: event.correlationId ?? event.eventId,
    payload: {
      streamId: event.streamId,
      streamVersion: event.streamVersion,
      data: event.payload,
      metadata: event.metadata,
    },
  };
}
