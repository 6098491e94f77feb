import { PositionHistoryCheckpoint, SpotPnlCheckpoint } from '@oms/domain';
import { createLogger } from '@oms/platform';
import { QueryRunner } from 'typeorm';

const log = createLogger('PnlCheckpoints');

/**
 * Where a P&L report left one history before its period: a futures position's
 * (rm_pnl_checkpoints) or an account's spot fills of a symbol for one cost method
 * (rm_spot_pnl_checkpoints). Triggers on the fills' tables delete a history's
 * checkpoints from the earliest fill time any statement inserts, changes or deletes.
 */
export interface PositionHistoryKey {
  readonly account: string;
  readonly symbol: string;
  readonly side: 'LONG' | 'SHORT';
}

export interface SpotHistoryKey {
  readonly account: string;
  readonly symbol: string;
  readonly method: 'average-cost' | 'fifo';
}

export interface Kept<Checkpoint> {
  /** Covers every fill with a time (epoch ms) below it. */
  readonly beforeMs: number;
  readonly checkpoint: Checkpoint;
}

/** The position's newest checkpoint that covers no fill at or after `before`, if any. */
export async function positionCheckpointBefore(
  runner: QueryRunner,
  position: PositionHistoryKey,
  before: number,
): Promise<Kept<PositionHistoryCheckpoint> | null> {
  return newestBefore(
    runner,
    `SELECT before_ms, checkpoint FROM rm_pnl_checkpoints
      WHERE account = $1 AND symbol = $2 AND side = $3 AND before_ms <= $4
      ORDER BY before_ms DESC LIMIT 1`,
    [position.account, position.symbol, position.side, before],
  );
}

/** The spot history's newest checkpoint (of its method) that covers no fill at or after `before`. */
export async function spotCheckpointBefore(
  runner: QueryRunner,
  history: SpotHistoryKey,
  before: number,
): Promise<Kept<SpotPnlCheckpoint> | null> {
  return newestBefore(
    runner,
    `SELECT before_ms, checkpoint FROM rm_spot_pnl_checkpoints
      WHERE account = $1 AND symbol = $2 AND method = $3 AND before_ms <= $4
      ORDER BY before_ms DESC LIMIT 1`,
    [history.account, history.symbol, history.method, before],
  );
}

async function newestBefore<Checkpoint>(
  runner: QueryRunner,
  sql: string,
  parameters: unknown[],
): Promise<Kept<Checkpoint> | null> {
  const rows = (await runner.query(sql, parameters)) as Array<{ before_ms: string; checkpoint: Checkpoint }>;
  return rows.length === 0 ? null : { beforeMs: Number(rows[0].before_ms), checkpoint: rows[0].checkpoint };
}

/**
 * Keeps a position checkpoint unless the position changed since the report's REPEATABLE
 * READ snapshot or a fold holds it now (`rm_keep_position_pnl_checkpoint`, migration
 * 1795810000000); true when kept.
 */
export async function keepPositionCheckpoint(
  runner: QueryRunner,
  position: PositionHistoryKey,
  kept: Kept<PositionHistoryCheckpoint>,
): Promise<boolean> {
  return keptBy(runner, 'rm_keep_position_pnl_checkpoint', position, [
    position.account,
    position.symbol,
    position.side,
    kept.beforeMs,
    JSON.stringify(kept.checkpoint),
  ]);
}

/**
 * Keeps a spot checkpoint unless the account's spot fills of the symbol changed since
 * the report's snapshot or a writer is changing them (`rm_keep_spot_pnl_checkpoint`).
 */
export async function keepSpotCheckpoint(
  runner: QueryRunner,
  history: SpotHistoryKey,
  kept: Kept<SpotPnlCheckpoint>,
): Promise<boolean> {
  return keptBy(runner, 'rm_keep_spot_pnl_checkpoint', history, [
    history.account,
    history.symbol,
    history.method,
    kept.beforeMs,
    JSON.stringify(kept.checkpoint),
  ]);
}

async function keptBy(
  runner: QueryRunner,
  keeper: string,
  history: object,
  parameters: unknown[],
): Promise<boolean> {
  const [{ kept }] = (await runner.query(
    `SELECT ${keeper}($1, $2, $3, $4, $5::jsonb) AS kept`,
    parameters,
  )) as Array<{
    kept: boolean;
  }>;
  if (!kept) log.debug(history, 'history changed while the report read it; no checkpoint kept');
  return kept;
}
