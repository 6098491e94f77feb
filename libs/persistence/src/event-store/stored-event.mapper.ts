import { StoredEvent } from './event-store.types';

export interface EventRow {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  event_type: string;
  schema_version: number;
  payload: unknown;
  metadata: Record<string, unknown>;
  correlation_id: string | null;
  occurred_at: Date;
  recorded_at: Date;
}

export const EVENT_COLUMNS = `global_position::text AS global_position, event_id, stream_id, stream_version,
  event_type, schema_version, payload, metadata, correlation_id, occurred_at, recorded_at`;

export function toStoredEvent(row: EventRow): StoredEvent {
  return {
    globalPosition: row.global_position,
    eventId: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.event_type,
    schemaVersion: row.schema_version,
    payload: row.payload,
    metadata: row.metadata,
    correlationId: row.correlation_id ?? undefined,
    occurredAt: row.occurred_at.getTime(),
    recordedAt: row.recorded_at.getTime(),
  };
}
