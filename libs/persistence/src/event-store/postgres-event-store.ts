import { DataSource } from 'typeorm';
import { AppendResult, ExpectedVersion, NewEvent, SqlExecutor, StoredEvent } from './event-store.types';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from './stored-event.mapper';
import { StreamVersionConflictError } from './stream-version-conflict.error';

export interface ReadAllOptions {
  /** Exclusive lower bound of the global position ("0" for the start). */
  readonly afterPosition?: string;
  readonly limit?: number;
  readonly eventTypes?: readonly string[];
}

/**
 * The append-only event store on Postgres. Appends run inside the caller's
 * transaction when given one (so Kafka offsets and projections commit with the
 * events), otherwise in a transaction of their own.
 */
export class PostgresEventStore {
  constructor(private readonly dataSource: DataSource) {}

  async append(
    streamId: string,
    streamType: string,
    expectedVersion: ExpectedVersion,
    events: readonly NewEvent[],
    executor?: SqlExecutor,
  ): Promise<AppendResult> {
    if (executor) return this.appendWith(executor, streamId, streamType, expectedVersion, events);
    return this.dataSource.transaction((manager) =>
      this.appendWith(manager, streamId, streamType, expectedVersion, events),
    );
  }

  async readStream(streamId: string, fromVersion = 1): Promise<StoredEvent[]> {
    const rows = await this.dataSource.query<EventRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
      [streamId, fromVersion],
    );
    return rows.map(toStoredEvent);
  }

  /** Events of the whole log in global order, for replays and catch-up projections. */
  async readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const parameters: unknown[] = [options.afterPosition ?? '0', options.limit ?? 1000];
    let typeFilter = '';
    if (options.eventTypes?.length) {
      parameters.push(options.eventTypes);
      typeFilter = 'AND event_type = ANY($3)';
    }
    const rows = await this.dataSource.query<EventRow[]>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > $1::bigint ${typeFilter}
       ORDER BY global_position LIMIT $2`,
      parameters,
    );
    return rows.map(toStoredEvent);
  }

  async streamVersion(streamId: string): Promise<number> {
    const rows = await this.dataSource.query<Array<{ version: number }>>(
      `SELECT version FROM event_streams WHERE stream_id = $1`,
      [streamId],
    );
    return rows[0]?.version ?? 0;
  }

  private async appendWith(
    executor: SqlExecutor,
    streamId: string,
    streamType: string,
    expectedVersion: ExpectedVersion,
    events: readonly NewEvent[],
  ): Promise<AppendResult> {
    // Creating or touching the stream row locks it until commit, which serialises the
    // appenders of one stream, and returns its version: one round trip.
    const locked = (await executor.query(
      `INSERT INTO event_streams (stream_id, stream_type, version) VALUES ($1, $2, 0)
       ON CONFLICT (stream_id) DO UPDATE SET stream_type = event_streams.stream_type
       RETURNING version`,
      [streamId, streamType],
    )) as Array<{ version: number }>;
    const currentVersion = locked[0].version;
    if (expectedVersion !== 'any' && expectedVersion !== currentVersion) {
      throw new StreamVersionConflictError(streamId, expectedVersion, currentVersion);
    }

    const seen = new Set<string>();
    const candidates = events.filter((event) => {
      if (seen.has(event.eventId)) return false;
      seen.add(event.eventId);
      return true;
    });
    // Events already stored are skipped; the rest get dense versions, and the stream
    // version moves with them, all in one statement.
    const rows = (await executor.query(
      `WITH candidate AS (
         SELECT e.*, row_number() OVER (ORDER BY e.ordinal) AS position
         FROM unnest($3::text[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[], $8::text[], $9::float8[])
              WITH ORDINALITY AS e(event_id, event_type, schema_version, payload, metadata, correlation_id,
                                   occurred_at, ordinal)
         WHERE NOT EXISTS (SELECT 1 FROM events stored WHERE stored.event_id = e.event_id)
       ), inserted AS (
         INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata,
                             correlation_id, occurred_at)
         SELECT c.event_id, $1, $2::int + c.position, c.event_type, c.schema_version, c.payload, c.metadata,
                c.correlation_id, to_timestamp(c.occurred_at / 1000.0)
         FROM candidate c ORDER BY c.position
         RETURNING *
       ), moved AS (
         UPDATE event_streams SET version = $2::int + (SELECT count(*) FROM candidate), updated_at = now()
         WHERE stream_id = $1 AND EXISTS (SELECT 1 FROM candidate)
       )
       SELECT ${EVENT_COLUMNS} FROM inserted ORDER BY stream_version`,
      [
        streamId,
        currentVersion,
        candidates.map((event) => event.eventId),
        candidates.map((event) => event.type),
        candidates.map((event) => event.schemaVersion),
        candidates.map((event) => JSON.stringify(event.payload)),
        candidates.map((event) => JSON.stringify(event.metadata ?? {})),
        candidates.map((event) => event.correlationId ?? null),
        candidates.map((event) => event.occurredAt),
      ],
    )) as EventRow[];
    const insertedIds = new Set(rows.map((row) => row.event_id));
    const duplicateEventIds = candidates.map((event) => event.eventId).filter((id) => !insertedIds.has(id));
    const version = currentVersion + rows.length;
    return {
      streamId,
      version,
      appended: rows.map(toStoredEvent),
      duplicateEventIds,
    };
  }
}
