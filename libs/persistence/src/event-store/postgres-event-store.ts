import { DataSource } from 'typeorm';
import { AppendResult, ExpectedVersion, NewEvent, SqlExecutor, StoredEvent } from './event-store.types';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from './stored-event.mapper';
import { appendBatch, StreamAppend } from './batch-append';

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
    const [result] = await this.appendToStreams(
      [{ streamId, streamType, expectedVersion, events }],
      executor,
    );
    return result;
  }

  /**
   * Appends to several streams at once (a folded Kafka batch): three statements
   * whatever the number of streams, all or nothing.
   */
  async appendToStreams(appends: readonly StreamAppend[], executor?: SqlExecutor): Promise<AppendResult[]> {
    if (executor) return appendBatch(executor, appends);
    return this.dataSource.transaction((manager) => appendBatch(manager, appends));
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
       ORDER BY events.global_position LIMIT $2`,
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
}
