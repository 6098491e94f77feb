import { SqlExecutor } from '@oms/persistence';
import { AggregateDeciders } from '../aggregates/aggregate-deciders';
import { storedToDecided } from '../aggregates/aggregate-state.store';

export interface RefoldedStream {
  readonly streamId: string;
  readonly version: number;
  readonly state: unknown;
  /** occurred_at of the last event folded, epoch ms (null when none). */
  readonly lastOccurredAt: number | null;
}

/**
 * Folds one stream from the store, up to a recorded-at time when given (what the OMS
 * knew then), with the same deciders as the live fold.
 */
export async function refoldStream(
  executor: SqlExecutor,
  deciders: AggregateDeciders,
  streamId: string,
  recordedUpTo: Date | null = null,
): Promise<RefoldedStream> {
  const rows = (await executor.query(
    `SELECT event_type, schema_version, payload, occurred_at FROM events
     WHERE stream_id = $1 AND ($2::timestamptz IS NULL OR recorded_at <= $2::timestamptz)
     ORDER BY stream_version`,
    [streamId, recordedUpTo === null ? null : recordedUpTo.toISOString()],
  )) as Array<{ event_type: string; schema_version: number; payload: unknown; occurred_at: Date }>;
  const decider = deciders.of(streamId);
  let state = decider.initialState;
  for (const row of rows)
    state = decider.evolve(state, storedToDecided(row.event_type, row.schema_version, row.payload));
  return {
    streamId,
    version: rows.length,
    state,
    lastOccurredAt: rows.length === 0 ? null : new Date(rows[rows.length - 1].occurred_at).getTime(),
  };
}
