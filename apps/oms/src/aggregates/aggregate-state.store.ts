import { isPipelined, issueWrite, SqlExecutor, textArray } from '@oms/persistence';
import { DomainError, upcastEvent } from '@oms/domain';
import { AggregateDeciders, aggregateKindOf } from './aggregate-deciders';
import { DecidedEvent } from './decided-event';

/** An aggregate's state at the stream version it reflects. */
export interface AggregateSnapshot {
  readonly streamId: string;
  readonly version: number;
  readonly state: unknown;
}

interface StateRow {
  stream_id: string;
  stream_version: number | null;
  state_version: number | null;
  /** Null when the process's cache holds this very version (not sent again). */
  state: unknown;
  cached: boolean | null;
}

/**
 * The hash of a kept state: SHA-256 of the state's jsonb text (Postgres writes jsonb
 * with its keys in one canonical order), computed by Postgres beside the write, so a
 * large aggregate is not serialised a second time in the OMS. Replay, verify and the
 * continuous check hash the same way.
 */
export const STATE_HASH_SQL = (jsonb: string): string =>
  `encode(sha256(convert_to((${jsonb})::text, 'UTF8')), 'hex')`;

/** Largest JSON text of one state-writing statement (a long replay flushes many states at once). */
const MAX_STATEMENT_CHARS = 32 * 1024 * 1024;

/** States kept in process: the hot aggregates skip reading and parsing their JSON. */
const CACHE_SIZE = 20_000;

/**
 * Aggregate states kept current beside the events (oms_aggregate_states), so a
 * decision loads one row instead of re-folding the stream's history. A state behind
 * its stream (events appended by a writer that keeps no state) is caught up from the
 * events after its version.
 */
export class AggregateStateStore {
  /** Committed states (insertion order = age). Only committed transactions add to it. */
  private readonly cache = new Map<string, AggregateSnapshot>();

  constructor(private readonly deciders: AggregateDeciders) {}

  /** After a commit: these states are what the store holds now. */
  remember(snapshots: readonly AggregateSnapshot[]): void {
    for (const snapshot of snapshots) {
      this.cache.delete(snapshot.streamId);
      this.cache.set(snapshot.streamId, snapshot);
    }
    for (const streamId of this.cache.keys()) {
      if (this.cache.size <= CACHE_SIZE) break;
      this.cache.delete(streamId);
    }
  }

  /** The last committed state this process knows of a stream (it may have moved on since). */
  cached(streamId: string): AggregateSnapshot | undefined {
    return this.cache.get(streamId);
  }

  async load(executor: SqlExecutor, streamIds: readonly string[]): Promise<Map<string, AggregateSnapshot>> {
    const loaded = new Map<string, AggregateSnapshot>();
    if (streamIds.length === 0) return loaded;
    const rows = (await executor.query(
      `SELECT ids.stream_id, s.version AS stream_version, a.version AS state_version,
              a.version = ids.cached AS cached, CASE WHEN a.version = ids.cached THEN NULL ELSE a.state END AS state
       FROM unnest($1::text[], $2::int[]) AS ids(stream_id, cached)
       LEFT JOIN event_streams s ON s.stream_id = ids.stream_id
       LEFT JOIN oms_aggregate_states a ON a.stream_id = ids.stream_id`,
      [textArray(streamIds), streamIds.map((streamId) => this.cache.get(streamId)?.version ?? null)],
    )) as StateRow[];
    for (const row of rows) {
      const decider = this.deciders.of(row.stream_id);
      const streamVersion = row.stream_version ?? 0;
      let version = row.state_version ?? 0;
      let state = row.state_version === null ? decider.initialState : row.state;
      if (row.cached === true) state = this.cache.get(row.stream_id)!.state;
      if (version > streamVersion) {
        // A state ahead of its stream cannot be trusted (the stream was recreated): re-fold.
        version = 0;
        state = decider.initialState;
      }
      if (version < streamVersion) {
        for (const event of await this.readEvents(executor, row.stream_id, version)) {
          state = decider.evolve(state, event);
        }
        version = streamVersion;
      }
      loaded.set(row.stream_id, { streamId: row.stream_id, version, state });
    }
    return loaded;
  }

  /** Re-folds one stream from its first event (after the store skipped a duplicate). */
  async rebuild(executor: SqlExecutor, streamId: string): Promise<AggregateSnapshot> {
    const decider = this.deciders.of(streamId);
    const events = await this.readEvents(executor, streamId, 0);
    return {
      streamId,
      version: events.length,
      state: events.reduce((state, event) => decider.evolve(state, event), decider.initialState),
    };
  }

  /**
   * Writes the states, in one statement per ~32 MB of JSON. The rows go as one JSON
   * array read by jsonb_to_recordset, not as a jsonb[] parameter: an array literal
   * escapes every quote of every state and Postgres unescapes it again before parsing
   * the JSON, which cost more than the JSON itself for a large state (a 4.4 MB state:
   * 540 ms against 310 ms).
   */
  async save(
    executor: SqlExecutor,
    snapshots: readonly AggregateSnapshot[],
    table = 'oms_aggregate_states',
  ): Promise<void> {
    // On a pipelined connection every chunk is issued in this turn, before whatever the
    // caller issues next (read models that read the states' hashes), and nothing waits
    // for the answers (`issueWrite`); elsewhere each is written before the next is
    // built, so one chunk of JSON is held at a time.
    const pipelined = isPipelined(executor);
    /** The write to wait for before building the next chunk, if any. */
    const write = (rows: readonly string[]): Promise<void> | undefined => {
      const written = this.write(executor, table, rows);
      return pipelined ? undefined : written;
    };
    let chunk: string[] = [];
    let chars = 0;
    for (const snapshot of snapshots) {
      const row = JSON.stringify({
        stream_id: snapshot.streamId,
        stream_type: aggregateKindOf(snapshot.streamId),
        version: snapshot.version,
        state: snapshot.state,
      });
      if (chunk.length > 0 && chars + row.length > MAX_STATEMENT_CHARS) {
        const written = write(chunk);
        if (written) await written;
        chunk = [];
        chars = 0;
      }
      chunk.push(row);
      chars += row.length + 1;
    }
    if (chunk.length > 0) await write(chunk);
  }

  /** One chunk of states; nothing reads the answer (`issueWrite`). */
  private async write(executor: SqlExecutor, table: string, rows: readonly string[]): Promise<void> {
    await issueWrite(
      executor,
      executor.query(
        `INSERT INTO ${table} (stream_id, stream_type, version, state, state_hash, updated_at)
       SELECT s.stream_id, s.stream_type, s.version, s.state, ${STATE_HASH_SQL('s.state')}, now()
       FROM jsonb_to_recordset($1::jsonb) AS s(stream_id text, stream_type text, version int, state jsonb)
       ON CONFLICT (stream_id) DO UPDATE SET version = EXCLUDED.version, state = EXCLUDED.state,
         state_hash = EXCLUDED.state_hash, updated_at = now()`,
        [`[${rows.join(',')}]`],
      ),
    );
  }

  private async readEvents(
    executor: SqlExecutor,
    streamId: string,
    afterVersion: number,
  ): Promise<DecidedEvent[]> {
    const rows = (await executor.query(
      `SELECT event_type, schema_version, payload FROM events
       WHERE stream_id = $1 AND stream_version > $2 ORDER BY stream_version`,
      [streamId, afterVersion],
    )) as Array<{ event_type: string; schema_version: number; payload: unknown }>;
    return rows.map((row) => storedToDecided(row.event_type, row.schema_version, row.payload));
  }
}

/** A stored event raised to its current version; event types outside the domain union pass as stored. */
export function storedToDecided(type: string, schemaVersion: number, data: unknown): DecidedEvent {
  const upcast = upcastEvent({ type, schemaVersion, data });
  if (upcast instanceof DomainError) return { type, schemaVersion, data };
  return upcast;
}
