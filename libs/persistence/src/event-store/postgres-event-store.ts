import { DataSource } from 'typeorm';
import { AppendResult, ExpectedVersion, NewEvent, SqlExecutor, StoredEvent } from './event-store.types';
import { EVENT_COLUMNS, EventRow, toStoredEvent } from './stored-event.mapper';
import { appendBatch, StreamAppend } from './batch-append';

export interface ReadAllOptions {
  /** Exclusive lower bound of the global position ("0" for the start). */
  readonly afterPosition?: string;
  readonly limit?: number;
  readonly eventTypes?: readonly string[];
  /** Read on this connection (e.g. inside a replay's transaction); default: the pool. */
  readonly executor?: SqlExecutor;
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
   * Appends to several streams at once (a folded Kafka batch): two or three round
   * trips whatever the number of streams, all or nothing, hash-chained (`appendBatch`).
   */
  async appendToStreams(appends: readonly StreamAppend[], executor?: SqlExecutor): Promise<AppendResult[]> {
    if (executor) return appendBatch(executor, appends);
    return this.dataSource.transaction((manager) => appendBatch(manager, appends));
  }

  /** A stream's events from `fromVersion` on (e.g. the version after a snapshot). */
  async readStream(streamId: string, fromVersion = 1, executor?: SqlExecutor): Promise<StoredEvent[]> {
    const rows = (await (executor ?? this.dataSource).query(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_version >= $2 ORDER BY stream_version`,
      [streamId, fromVersion],
    )) as EventRow[];
    return rows.map(toStoredEvent);
  }

  /**
   * Events of the whole log in global order, for replays and catch-up projections.
   * Paging by `afterPosition` never skips an event: appends take the log head lock
   * in turn and hold it until they commit, so positions become visible in order
   * (a position is never committed after a higher one a reader may already have passed).
   */
  async readAll(options: ReadAllOptions = {}): Promise<StoredEvent[]> {
    const parameters: unknown[] = [options.afterPosition ?? '0', options.limit ?? 1000];
    let typeFilter = '';
    if (options.eventTypes?.length) {
      parameters.push(options.eventTypes);
      typeFilter = 'AND event_type = ANY($3)';
    }
    const rows = (await (options.executor ?? this.dataSource).query(
      // Ordered by the column, not by the text alias of the same name.
      `SELECT ${EVENT_COLUMNS} FROM events WHERE global_position > $1::bigint ${typeFilter}
       ORDER BY events.global_position LIMIT $2`,
      parameters,
    )) as EventRow[];
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
