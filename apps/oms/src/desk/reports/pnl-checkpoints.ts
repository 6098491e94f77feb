import { PositionHistoryCheckpoint, SpotPnlCheckpoint } from '@oms/domain';
import { createLogger } from '@oms/platform';
import { QueryRunner } from 'typeorm';
import { PnlReportScope, reportedPositionsQuery, reportedSpotSymbolsQuery } from './pnl-histories';

const log = createLogger('PnlCheckpoints');

/**
 * Where a P&L report left one history before its period: a futures position's
 * (rm_pnl_checkpoints) or an account's spot fills of a symbol for one cost method
 * (rm_spot_pnl_checkpoints). Triggers on the fills' tables delete a history's
 * checkpoints from the earliest fill time any statement inserts, changes or deletes,
 * after noting that time on the history's change row, which a keeper reads.
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
 * The watches a report started on its histories before its snapshot
 * (`rm_watch_position_pnl_history`, `rm_watch_spot_pnl_history`, migration
 * 1795820000000): a checkpoint is kept only under its history's watch. A history
 * without one (its change row was held by a writer for longer than the watch waits, or
 * it appeared after the watches began) keeps none this time.
 */
export class HistoryWatches {
  private constructor(
    private readonly positions: ReadonlyMap<string, number>,
    private readonly spot: ReadonlyMap<string, number>,
  ) {}

  /**
   * Starts a watch of every history in the scope: one statement per market, which
   * lists the histories as the report will and watches each.
   */
  static async start(runner: QueryRunner, scope: PnlReportScope): Promise<HistoryWatches> {
    const positions = reportedPositionsQuery(scope);
    const positionWatches = (await runner.query(
      `SELECT h.symbol, h.side, rm_watch_position_pnl_history($1, h.symbol, h.side) AS watch
         FROM (${positions.sql}) h`,
      positions.parameters,
    )) as Array<{ symbol: string; side: string; watch: string | null }>;
    const symbols = reportedSpotSymbolsQuery(scope);
    const spotWatches = (await runner.query(
      `SELECT h.symbol, rm_watch_spot_pnl_history($1, h.symbol) AS watch FROM (${symbols.sql}) h`,
      symbols.parameters,
    )) as Array<{ symbol: string; watch: string | null }>;
    return new HistoryWatches(
      watchedBy(positionWatches, (row) => historyKeyText(scope.account, row.symbol, row.side)),
      watchedBy(spotWatches, (row) => historyKeyText(scope.account, row.symbol)),
    );
  }

  positionWatch(position: PositionHistoryKey): number | null {
    return this.positions.get(historyKeyText(position.account, position.symbol, position.side)) ?? null;
  }

  spotWatch(history: SpotHistoryKey): number | null {
    return this.spot.get(historyKeyText(history.account, history.symbol)) ?? null;
  }
}

function watchedBy<Row extends { watch: string | null }>(
  rows: readonly Row[],
  keyOf: (row: Row) => string,
): Map<string, number> {
  const watches = new Map<string, number>();
  for (const row of rows) if (row.watch !== null) watches.set(keyOf(row), Number(row.watch));
  return watches;
}

/** A history's key parts as one map key. */
const historyKeyText = (...parts: string[]) => JSON.stringify(parts);

/** A checkpoint a fold took, and how to keep it. */
interface Taken {
  readonly keeper: 'rm_keep_position_pnl_checkpoint' | 'rm_keep_spot_pnl_checkpoint';
  readonly history: PositionHistoryKey | SpotHistoryKey;
  /** The keeper's key arguments. */
  readonly keys: readonly string[];
  readonly watchOf: (watches: HistoryWatches) => number | null;
  readonly kept: Kept<unknown>;
}

/**
 * The checkpoints a report's folds took, kept once its snapshot has ended: each under
 * its history's watch, unless a fill before it changed since the watch began.
 */
export class CheckpointsToKeep {
  private readonly taken: Taken[] = [];

  position(position: PositionHistoryKey, kept: Kept<PositionHistoryCheckpoint>): void {
    this.taken.push({
      keeper: 'rm_keep_position_pnl_checkpoint',
      history: position,
      keys: [position.account, position.symbol, position.side],
      watchOf: (watches) => watches.positionWatch(position),
      kept,
    });
  }

  spotHistory(history: SpotHistoryKey, kept: Kept<SpotPnlCheckpoint>): void {
    this.taken.push({
      keeper: 'rm_keep_spot_pnl_checkpoint',
      history,
      keys: [history.account, history.symbol, history.method],
      watchOf: (watches) => watches.spotWatch(history),
      kept,
    });
  }

  /** Keeps each under its watch, outside any transaction (READ COMMITTED). */
  async keep(runner: QueryRunner, watches: HistoryWatches): Promise<void> {
    for (const { keeper, history, keys, watchOf, kept } of this.taken) {
      const watch = watchOf(watches);
      if (watch === null) continue;
      const [{ done }] = (await runner.query(`SELECT ${keeper}($1, $2, $3, $4, $5, $6::jsonb) AS done`, [
        ...keys,
        watch,
        kept.beforeMs,
        JSON.stringify(kept.checkpoint),
      ])) as Array<{ done: boolean }>;
      if (!done)
        log.debug(history, 'a fill before the checkpoint changed while the report read it; none kept');
    }
  }
}
