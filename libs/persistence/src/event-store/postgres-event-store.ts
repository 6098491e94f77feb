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
    await executor.query(
      `INSERT INTO event_streams (stream_id, stream_type, version) VALUES ($1, $2, 0)
       ON CONFLICT (stream_id) DO NOTHING`,
      [streamId, streamType],
    );
    // The row lock serialises concurrent appenders of one stream until commit.
    const locked = (await executor.query(
      `SELECT version FROM event_streams WHERE stream_id = $1 FOR UPDATE`,
      [streamId],
    )) as Array<{ version: number }>;
    const currentVersion = locked[0].version;
    if (expectedVersion !== 'any' && expectedVersion !== currentVersion) {
      throw new StreamVersionConflictError(streamId, expectedVersion, currentVersion);
    }

    const candidateIds = events.map((event) => event.eventId);
    const existing = (await executor.query(`SELECT event_id FROM events WHERE event_id = ANY($1)`, [
      candidateIds,
    ])) as Array<{ event_id: string }>;
    const duplicateEventIds = existing.map((row) => row.event_id);
    const seen = new Set(duplicateEventIds);
    const fresh = events.filter((event) => {
      if (seen.has(event.eventId)) return false;
      seen.add(event.eventId);
      return true;
    });
    if (fresh.length === 0) {
      return { streamId, version: currentVersion, appended: [], duplicateEventIds };
    }

    const rows = (await executor.query(
      `INSERT INTO events (event_id, stream_id, stream_version, event_type, schema_version, payload, metadata,
                           correlation_id, occurred_at)
       SELECT e.event_id, $1, $2::int + e.ordinal, e.event_type, e.schema_version, e.payload, e.metadata,
              e.correlation_id, to_timestamp(e.occurred_at / 1000.0)
       FROM unnest($3::text[], $4::text[], $5::int[], $6::jsonb[], $7::jsonb[], $8::text[], $9::float8[])
            WITH ORDINALITY AS e(event_id, event_type, schema_version, payload, metadata, correlation_id,
                                 occurred_at, ordinal)
       ORDER BY e.ordinal
       RETURNING ${EVENT_COLUMNS}`,
      [
        streamId,
        currentVersion,
        fresh.map((event) => event.eventId),
        fresh.map((event) => event.type),
        fresh.map((event) => event.schemaVersion),
        fresh.map((event) => JSON.stringify(event.payload)),
        fresh.map((event) => JSON.stringify(event.metadata ?? {})),
        fresh.map((event) => event.correlationId ?? null),
        fresh.map((event) => event.occurredAt),
      ],
    )) as EventRow[];
    const version = currentVersion + fresh.length;
    await executor.query(`UPDATE event_streams SET version = $2, updated_at = now() WHERE stream_id = $1`, [
      streamId,
      version,
    ]);
    return {
      streamId,
      version,
      appended: rows.map(toStoredEvent).sort((a, b) => a.streamVersion - b.streamVersion),
      duplicateEventIds,
    };
  }
}
