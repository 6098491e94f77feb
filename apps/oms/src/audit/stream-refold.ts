import { DataSource } from 'typeorm';
import { SnapshotStore } from '@oms/persistence';
import { AggregateDeciders } from '../aggregates/aggregate-deciders';
import { storedToDecided } from '../aggregates/aggregate-state.store';
import { CHECKPOINT_STATE_VERSION } from '../aggregates/stream-checkpoints';

export interface RefoldedStream {
  readonly streamId: string;
  /** The version of the last event folded (0 when none). */
  readonly version: number;
  readonly state: unknown;
  /**
   * The latest occurred_at among the events folded (from the checkpoint's own event on),
   * epoch ms, as the read-model row's updated_at keeps it; null when none.
   */
  readonly latestOccurredAt: number | null;
  /** The checkpoint the fold started from (null: the first event). */
  readonly checkpoint: { readonly version: number; readonly stateHash: string } | null;
}

export interface RefoldOptions {
  /** What the OMS knew then: the events up to the first one recorded after this time. */
  readonly recordedUpTo?: Date | null;
  /** Start from the newest checkpoint at or below this version (0: from the first event). */
  readonly checkpointAtMost?: number;
  /** Fold no event past this version. */
  readonly upToVersion?: number;
}

/** Events read per statement: a long stream is folded a page at a time, not loaded whole. */
const PAGE = 2_000;

interface EventRow {
  stream_version: number;
  event_type: string;
  schema_version: number;
  payload: unknown;
  occurred_at: Date;
  recorded_at: Date;
}

/**
 * Folds one stream from the store with the same deciders as the live fold, from its
 * newest checkpoint that fits (taken by then, at or below `checkpointAtMost`), so the
 * cost is bounded by the checkpoint interval, not the stream's length.
 */
export async function refoldStream(
  dataSource: DataSource,
  deciders: AggregateDeciders,
  streamId: string,
  options: RefoldOptions = {},
): Promise<RefoldedStream> {
  const recordedUpTo = options.recordedUpTo ?? null;
  const checkpoint =
    options.checkpointAtMost === 0
      ? undefined
      : await new SnapshotStore(dataSource).load(streamId, {
          stateVersion: CHECKPOINT_STATE_VERSION,
          maxVersion: options.checkpointAtMost,
          takenAtMost: recordedUpTo ?? undefined,
        });
  const decider = deciders.of(streamId);
  let state = checkpoint?.state ?? decider.initialState;
  let version = checkpoint?.version ?? 0;
  let latestOccurredAt: number | null = null;
  const upToVersion = options.upToVersion ?? 2_147_483_647;
  for (let done = false; !done;) {
    const rows = await dataSource.query<EventRow[]>(
      `SELECT stream_version, event_type, schema_version, payload, occurred_at, recorded_at FROM events
       WHERE stream_id = $1 AND stream_version > $2 AND stream_version <= $3
       ORDER BY stream_version LIMIT ${PAGE}`,
      [streamId, version, upToVersion],
    );
    for (const row of rows) {
      // Versions are appended in turn, so the first one recorded later ends what was known.
      if (recordedUpTo !== null && row.recorded_at.getTime() > recordedUpTo.getTime()) {
        done = true;
        break;
      }
      state = decider.evolve(state, storedToDecided(row.event_type, row.schema_version, row.payload));
      version = row.stream_version;
      latestOccurredAt = Math.max(latestOccurredAt ?? 0, row.occurred_at.getTime());
    }
    if (rows.length < PAGE) done = true;
  }
  if (checkpoint !== undefined) {
    const [row] = await dataSource.query<Array<{ occurred_at: Date }>>(
      `SELECT occurred_at FROM events WHERE stream_id = $1 AND stream_version = $2`,
      [streamId, checkpoint.version],
    );
    if (row !== undefined) latestOccurredAt = Math.max(latestOccurredAt ?? 0, row.occurred_at.getTime());
  }
  return {
    streamId,
    version,
    state,
    latestOccurredAt,
    checkpoint:
      checkpoint === undefined ? null : { version: checkpoint.version, stateHash: checkpoint.stateHash },
  };
}
