import { hash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createLogger } from '@oms/platform';
import { canonicalJson } from '../integrity/canonical-json';
import { SqlExecutor } from '../event-store/event-store.types';

/** sha256 (hex) of a state's canonical JSON: equal states hash equal, whatever their key order. */
export function hashState(state: unknown): string {
  return hash('sha256', canonicalJson(state), 'hex');
}

export interface AggregateSnapshot<State = unknown> {
  readonly streamId: string;
  /** The stream version the state includes: fold the events after it. */
  readonly version: number;
  readonly stateVersion: number;
  readonly state: State;
  readonly stateHash: string;
  readonly takenAt: number;
}

export interface SnapshotToSave {
  readonly streamId: string;
  readonly version: number;
  readonly state: unknown;
}

export interface SaveSnapshotOptions {
  /** The shape of the state (default 1): load only returns snapshots of the shape asked for. */
  readonly stateVersion?: number;
  /** How many snapshots to keep per stream, newest first (default 3). */
  readonly keep?: number;
}

export interface LoadSnapshotOptions {
  readonly stateVersion?: number;
  /** The newest snapshot at or below this version (as-of reads); default: the newest. */
  readonly maxVersion?: number;
  /** The newest snapshot taken at or before this time (as-of reads by time); default: any. */
  readonly takenAtMost?: Date;
  /** Read inside the caller's transaction. */
  readonly executor?: SqlExecutor;
}

interface SnapshotRow {
  stream_id: string;
  version: number;
  state_version: number;
  state: unknown;
  state_hash: string;
  taken_at: Date;
}

const SNAPSHOT_COLUMNS = `stream_id, version, state_version, state, encode(state_hash, 'hex') AS state_hash, taken_at`;

/**
 * Aggregate snapshots: the fold decides when to take one (e.g. every N events) and
 * saves it in the same transaction as the events it folded; a later fold loads the
 * newest snapshot and reads the stream from `version + 1` (`readStream`).
 */
export class SnapshotStore {
  private readonly logger = createLogger('SnapshotStore');

  constructor(private readonly dataSource: DataSource) {}

  async save(
    executor: SqlExecutor,
    streamId: string,
    version: number,
    state: unknown,
    options: SaveSnapshotOptions = {},
  ): Promise<void> {
    await this.saveMany(executor, [{ streamId, version, state }], options);
  }

  /** Saves several snapshots in one statement (the streams of a folded batch). */
  async saveMany(
    executor: SqlExecutor,
    snapshots: readonly SnapshotToSave[],
    options: SaveSnapshotOptions = {},
  ): Promise<void> {
    if (snapshots.length === 0) return;
    const states = snapshots.map((snapshot) => canonicalJson(snapshot.state));
    const keep = Math.max(1, options.keep ?? 3);
    await executor.query(
      `WITH saved AS (
         INSERT INTO aggregate_snapshots (stream_id, version, state_version, state, state_hash)
         SELECT s.stream_id, s.version, $4, s.state, decode(s.state_hash, 'hex')
         FROM unnest($1::text[], $2::int[], $3::jsonb[], $5::text[]) AS s(stream_id, version, state, state_hash)
         ON CONFLICT (stream_id, version)
         DO UPDATE SET state_version = EXCLUDED.state_version, state = EXCLUDED.state,
                       state_hash = EXCLUDED.state_hash, taken_at = now()
       )
       DELETE FROM aggregate_snapshots old
       USING (SELECT stream_id, max(version) AS version FROM unnest($1::text[], $2::int[]) AS n(stream_id, version)
              GROUP BY stream_id) AS newest
       WHERE old.stream_id = newest.stream_id AND old.version < newest.version
         AND old.version NOT IN (SELECT k.version FROM aggregate_snapshots k
                                 WHERE k.stream_id = newest.stream_id AND k.version < newest.version
                                 ORDER BY k.version DESC LIMIT $6)`,
      [
        snapshots.map((snapshot) => snapshot.streamId),
        snapshots.map((snapshot) => snapshot.version),
        states,
        options.stateVersion ?? 1,
        states.map((state) => hash('sha256', state, 'hex')),
        keep - 1,
      ],
    );
  }

  /** The newest snapshot of a stream whose state matches its hash, or undefined. */
  async load<State = unknown>(
    streamId: string,
    options: LoadSnapshotOptions = {},
  ): Promise<AggregateSnapshot<State> | undefined> {
    const rows = (await (options.executor ?? this.dataSource).query(
      `SELECT ${SNAPSHOT_COLUMNS} FROM aggregate_snapshots
       WHERE stream_id = $1 AND state_version = $2 AND version <= $3
         AND ($4::timestamptz IS NULL OR taken_at <= $4::timestamptz)
       ORDER BY version DESC LIMIT 5`,
      [
        streamId,
        options.stateVersion ?? 1,
        options.maxVersion ?? 2_147_483_647,
        options.takenAtMost?.toISOString() ?? null,
      ],
    )) as SnapshotRow[];
    return rows.map((row) => this.verified<State>(row)).find((snapshot) => snapshot !== undefined);
  }

  /** The newest snapshot of each stream (one statement); streams without a valid one are absent. */
  async loadMany<State = unknown>(
    streamIds: readonly string[],
    options: Omit<LoadSnapshotOptions, 'maxVersion'> = {},
  ): Promise<Map<string, AggregateSnapshot<State>>> {
    const rows = (await (options.executor ?? this.dataSource).query(
      `SELECT DISTINCT ON (stream_id) ${SNAPSHOT_COLUMNS} FROM aggregate_snapshots
       WHERE stream_id = ANY($1::text[]) AND state_version = $2
       ORDER BY stream_id, version DESC`,
      [streamIds, options.stateVersion ?? 1],
    )) as SnapshotRow[];
    const loaded = new Map<string, AggregateSnapshot<State>>();
    for (const row of rows) {
      const snapshot = this.verified<State>(row);
      if (snapshot) loaded.set(snapshot.streamId, snapshot);
    }
    return loaded;
  }

  /**
   * Every snapshot's state hash (of the state shape asked for), by stream and version,
   * without the states: to check them against states folded elsewhere (a replay).
   */
  async stateHashes(stateVersion = 1): Promise<Map<string, Map<number, string>>> {
    const rows = await this.dataSource.query<Array<{ stream_id: string; version: number; hash: string }>>(
      `SELECT stream_id, version, encode(state_hash, 'hex') AS hash FROM aggregate_snapshots WHERE state_version = $1`,
      [stateVersion],
    );
    const byStream = new Map<string, Map<number, string>>();
    for (const row of rows) {
      const versions = byStream.get(row.stream_id) ?? new Map<number, string>();
      versions.set(row.version, row.hash);
      byStream.set(row.stream_id, versions);
    }
    return byStream;
  }

  private verified<State>(row: SnapshotRow): AggregateSnapshot<State> | undefined {
    if (hashState(row.state) !== row.state_hash) {
      // The log is the truth: a snapshot that does not match its hash is only skipped.
      this.logger.warn(
        { streamId: row.stream_id, version: row.version },
        'snapshot does not match its state hash; ignored',
      );
      return undefined;
    }
    return {
      streamId: row.stream_id,
      version: row.version,
      stateVersion: row.state_version,
      state: row.state as State,
      stateHash: row.state_hash,
      takenAt: row.taken_at.getTime(),
    };
  }
}
