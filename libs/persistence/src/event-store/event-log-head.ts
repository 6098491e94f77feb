import { SqlExecutor } from './event-store.types';

/** The end of the chained log as an appender sees it once it holds the head. */
export interface LockedLogHead {
  readonly lastPosition: bigint;
  /** Hex of the last row's chain hash (the genesis hash on an empty log). */
  readonly lastHash: string;
  /** The transaction's `now()` in microseconds: every row of the append records it. */
  readonly nowMicros: string;
}

/**
 * Locks the single `event_log_head` row until the caller's transaction ends. Every
 * append takes it first, so appends run one after the other: the chain gets its order,
 * positions are assigned without gaps, and a transaction's positions only become
 * visible after every lower position committed (readers never skip one). Being the
 * first lock an append takes, it cannot deadlock with the stream rows.
 */
export async function lockLogHead(executor: SqlExecutor): Promise<LockedLogHead> {
  const rows = (await executor.query(
    `SELECT last_position::text AS last_position, encode(last_hash, 'hex') AS last_hash,
            (extract(epoch FROM now()) * 1000000)::bigint::text AS now_us
     FROM event_log_head FOR UPDATE`,
  )) as Array<{ last_position: string; last_hash: string; now_us: string }>;
  if (rows.length !== 1) throw new Error('event_log_head is missing: run the migrations');
  return {
    lastPosition: BigInt(rows[0].last_position),
    lastHash: rows[0].last_hash,
    nowMicros: rows[0].now_us,
  };
}
