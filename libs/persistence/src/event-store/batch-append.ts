import { AppendResult, ExpectedVersion, NewEvent, SqlExecutor } from './event-store.types';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from './stored-event.mapper';
import { StreamVersionConflictError } from './stream-version-conflict.error';

/** The events to append to one stream, with what the appender believes its version is. */
export interface StreamAppend {
  readonly streamId: string;
  readonly streamType: string;
  readonly expectedVersion: ExpectedVersion;
  readonly events: readonly NewEvent[];
}

/** Several appends to one stream in a batch act as one append (expected version of the first). */
function mergeByStream(appends: readonly StreamAppend[]): StreamAppend[] {
  const merged = new Map<string, StreamAppend>();
  for (const append of appends) {
    const earlier = merged.get(append.streamId);
    merged.set(
      append.streamId,
      earlier ? { ...earlier, events: [...earlier.events, ...append.events] } : append,
    );
  }
  return [...merged.values()];
}

/**
 * Appends to any number of streams in three statements, inside the caller's
 * transaction: lock the streams and read their versions, insert every new event with
 * dense per-stream versions (events already stored are skipped), move the versions.
 * Streams are locked in id order so that concurrent batches cannot deadlock.
 * A stale expected version throws `StreamVersionConflictError` and nothing is written.
 */
export async function appendBatch(
  executor: SqlExecutor,
  appends: readonly StreamAppend[],
): Promise<AppendResult[]> {
  const streams = mergeByStream(appends).sort((a, b) =>
    a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0,
  );
  if (streams.length === 0) return [];

  const locked = (await executor.query(
    `INSERT INTO event_streams (stream_id, stream_type, version)
     SELECT s.stream_id, s.stream_type, 0 FROM unnest($1::text[], $2::text[]) AS s(stream_id, stream_type)
     ORDER BY s.stream_id
     ON CONFLICT (stream_id) DO UPDATE SET stream_type = event_streams.stream_type
     RETURNING stream_id, version`,
    [streams.map((stream) => stream.streamId), streams.map((stream) => stream.streamType)],
  )) as Array<{ stream_id: string; version: number }>;
  const versions = new Map(locked.map((row) => [row.stream_id, row.version]));
  for (const stream of streams) {
    const actual = versions.get(stream.streamId) ?? 0;
    if (stream.expectedVersion !== 'any' && stream.expectedVersion !== actual) {
      throw new StreamVersionConflictError(stream.streamId, stream.expectedVersion, actual);
    }
  }

  const candidates = streams.flatMap((stream) => {
    const seen = new Set<string>();
    return stream.events
      .filter((event) => !seen.has(event.eventId) && Boolean(seen.add(event.eventId)))
      .map((event) => ({ stream, event }));
  });
  const rows = (await executor.query(
    `WITH candidate AS (
       SELECT e.*, row_number() OVER (PARTITION BY e.stream_id ORDER BY e.ordinal) AS position
       FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[], $8::text[],
                   $9::float8[])
            WITH ORDINALITY AS e(stream_id, base_version, event_id, event_type, schema_version, payload, metadata,
                                 correlation_id, occurred_at, ordinal)
       WHERE NOT EXISTS (SELECT 1 FROM events stored WHERE stored.event_id = e.event_id)
     ), inserted AS (
       INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata,
                           correlation_id, occurred_at)
       SELECT c.event_id, c.stream_id, c.base_version + c.position, c.event_type, c.schema_version, c.payload,
              c.metadata, c.correlation_id, to_timestamp(c.occurred_at / 1000.0)
       FROM candidate c ORDER BY c.ordinal
       RETURNING *
     ), moved AS (
       UPDATE event_streams s SET version = counted.base_version + counted.appended, updated_at = now()
       FROM (SELECT stream_id, max(base_version) AS base_version, count(*) AS appended
             FROM candidate GROUP BY stream_id) AS counted
       WHERE s.stream_id = counted.stream_id
     )
     SELECT ${EVENT_COLUMNS} FROM inserted ORDER BY global_position`,
    [
      candidates.map(({ stream }) => stream.streamId),
      candidates.map(({ stream }) => versions.get(stream.streamId) ?? 0),
      candidates.map(({ event }) => event.eventId),
      candidates.map(({ event }) => event.type),
      candidates.map(({ event }) => event.schemaVersion),
      candidates.map(({ event }) => JSON.stringify(event.payload)),
      candidates.map(({ event }) => JSON.stringify(event.metadata ?? {})),
      candidates.map(({ event }) => event.correlationId ?? null),
      candidates.map(({ event }) => event.occurredAt),
    ],
  )) as EventRow[];

  const appendedByStream = new Map<string, EventRow[]>();
  for (const row of rows)
    appendedByStream.set(row.stream_id, [...(appendedByStream.get(row.stream_id) ?? []), row]);
  const inserted = new Set(rows.map((row) => row.event_id));
  return streams.map((stream) => {
    const appended = appendedByStream.get(stream.streamId) ?? [];
    const offered = [...new Set(stream.events.map((event) => event.eventId))];
    return {
      streamId: stream.streamId,
      version: (versions.get(stream.streamId) ?? 0) + appended.length,
      appended: appended.map(toStoredEvent),
      duplicateEventIds: offered.filter((id) => !inserted.has(id)),
    };
  });
}
