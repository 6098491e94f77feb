import { SqlExecutor } from './event-store.types';

/** The end of the chained log as an appender sees it once it holds the head. */
export interface LockedLogHead {
  readonly lastPosition: bigint;
  /** Hex of the last row's chain hash (the genesis hash on an empty log). */
  readonly lastHash: string;
  /** The transaction's `now()` in microseconds: every row of the append records it. */
  readonly nowMicros: string;
}

export interface AppendStart {
  readonly head: LockedLogHead;
  /** Versions of the streams that exist. */
  readonly versions: Map<string, number>;
  /** The offered event ids already stored. */
  readonly storedEventIds: Set<string>;
}

interface StartRow {
  out_kind: 'head' | 'stream' | 'event';
  out_key: string | null;
  out_version: number | null;
  out_position: string | null;
  out_hash: string | null;
  out_now_us: string | null;
}

/**
 * Locks the single `event_log_head` row until the caller's transaction ends, then reads
 * the streams' versions and which offered event ids are already stored, in one round
 * trip (`event_log_begin_append`, migration 1764100003000). Every append takes the head
 * first, so appends run one after the other: the chain gets its order, positions are
 * assigned without gaps, and a transaction's positions only become visible after every
 * lower position committed (readers never skip one). Because the head is the first lock
 * an append takes, appends cannot deadlock on stream rows.
 */
export async function beginAppend(
  executor: SqlExecutor,
  streamIds: readonly string[],
  eventIds: readonly string[],
): Promise<AppendStart> {
  const rows = (await executor.query(
    `SELECT out_kind, out_key, out_version, out_position::text AS out_position, out_hash, out_now_us::text AS out_now_us
     FROM event_log_begin_append($1::text[], $2::text[])`,
    [streamIds, eventIds],
  )) as StartRow[];
  let head: LockedLogHead | undefined;
  const versions = new Map<string, number>();
  const storedEventIds = new Set<string>();
  for (const row of rows) {
    if (row.out_kind === 'head') {
      head = { lastPosition: BigInt(row.out_position!), lastHash: row.out_hash!, nowMicros: row.out_now_us! };
    } else if (row.out_kind === 'stream') versions.set(row.out_key!, row.out_version ?? 0);
    else storedEventIds.add(row.out_key!);
  }
  if (!head) throw new Error('event_log_begin_append returned no head');
  return { head, versions, storedEventIds };
}
