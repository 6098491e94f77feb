import {
  DomainError,
  FeeAssetPrices,
  FundingPaymentRecorded,
  FuturesPositionHistoryPnl,
  PositionFill,
  positionHistoryOf,
  PositionHistoryCheckpoint,
  PositionHistoryFolding,
  PositionPnlOptions,
  positionStreamId,
  SpotPnlFill,
  SpotPnlFolding,
  SpotPnlReport,
  upcastEvent,
} from '@oms/domain';
import { QueryRunner } from 'typeorm';
import { createLogger } from '@oms/platform';
import { SqlFilter } from '../shared/sql-filter';
import { REPORT_CURRENCY, splitSymbol, unavailable } from './pnl-report.builder';

const log = createLogger('PnlHistoryFolds');

/** Fills read per round trip: what a report holds of an account's history at a time. */
export const PNL_PAGE_SIZE = 2_000;

const DAY_MS = 86_400_000;

/** What the folds of one report share: its terms, and the prices it values fees and marks at. */
export interface PnlFoldTerms {
  readonly account: string;
  readonly symbol: string | undefined;
  /** The period's end (epoch ms): fills and payments from it on are left out. */
  readonly to: number;
  /**
   * The start of the period's first UTC day (epoch ms): the fills before it are history
   * the report folds for the cost basis only, and where it keeps a position checkpoint.
   */
  readonly historyEnd: number;
  readonly method: 'average-cost' | 'fifo';
  readonly marks: ReadonlyMap<string, { readonly price: string }>;
  readonly feeAssetPrices: FeeAssetPrices;
  /** The days whose lines a report shows (the period's). */
  readonly keepDay: (day: string) => boolean;
}

/** The start of the UTC day `from` falls in: a report's days are whole UTC days. */
export function historyEndOf(from: number): number {
  return Math.floor(from / DAY_MS) * DAY_MS;
}

interface SpotFillRow {
  readonly fill_id: string;
  readonly symbol: string;
  readonly side: 'BUY' | 'SELL';
  readonly price: string;
  readonly qty: string;
  readonly fee: string | null;
  readonly fee_asset: string | null;
  readonly time_ms: string;
}

/**
 * Each spot symbol's P&L over the account's fills up to the period's end, read through
 * a server-side cursor in (symbol, time, fillId) order a page at a time: memory holds a
 * page and each symbol's open lots, not the account's history. `runner` is in a
 * transaction (the cursor lives in it).
 */
export async function foldSpotFills(
  runner: QueryRunner,
  terms: PnlFoldTerms,
): Promise<Map<string, SpotPnlReport>> {
  const filter = new SqlFilter()
    .equals('account', terms.account)
    .equals('market', 'spot')
    .equals('symbol', terms.symbol)
    .where('time < ?::timestamptz', new Date(terms.to).toISOString());
  // Ordered as the domain orders fills: by epoch milliseconds, then the id's bytes.
  await runner.query(
    `DECLARE pnl_spot_fills NO SCROLL CURSOR FOR
       SELECT * FROM (
         SELECT fill_id, symbol, side, price::text AS price, qty::text AS qty, fee::text AS fee, fee_asset,
                (extract(epoch FROM time) * 1000)::bigint AS time_ms
           FROM rm_fills ${filter.clause()}) fills
       ORDER BY symbol, time_ms, fill_id COLLATE "C"`,
    [...filter.params],
  );
  const reports = new Map<string, SpotPnlReport>();
  let current = null as { symbol: string; folding: SpotPnlFolding } | null;
  const finish = () => {
    if (current === null) return;
    const report = current.folding.report();
    if (report instanceof DomainError) throw unavailable(current.symbol, report);
    reports.set(current.symbol, report);
  };
  for (;;) {
    const rows = (await runner.query(`FETCH ${PNL_PAGE_SIZE} FROM pnl_spot_fills`)) as SpotFillRow[];
    if (rows.length === 0) break;
    let start = 0;
    while (start < rows.length) {
      const symbol = rows[start].symbol;
      let end = start;
      while (end < rows.length && rows[end].symbol === symbol) end += 1;
      if (current?.symbol !== symbol) {
        finish();
        const folding = SpotPnlFolding.start(
          {
            ...splitSymbol(symbol),
            method: terms.method,
            markPrice: terms.marks.get(symbol)?.price ?? null,
            feeAssetPrices: terms.feeAssetPrices,
          },
          { keepDay: terms.keepDay },
        );
        if (folding instanceof DomainError) throw unavailable(symbol, folding);
        current = { symbol, folding };
      }
      const refused = current.folding.add(rows.slice(start, end).map(spotFillOf));
      if (refused !== null) throw unavailable(symbol, refused);
      start = end;
    }
  }
  finish();
  await runner.query(`CLOSE pnl_spot_fills`);
  return reports;
}

function spotFillOf(row: SpotFillRow): SpotPnlFill {
  return {
    fillId: row.fill_id,
    side: row.side,
    price: row.price,
    qty: row.qty,
    fee: row.fee === null || row.fee_asset === null ? null : { asset: row.fee_asset, amount: row.fee },
    time: Number(row.time_ms),
  };
}

/**
 * Each futures symbol's positions' P&L over their histories up to the period's end: the
 * real fills a page at a time from rm_position_fills (in (time, fillId) order, by its
 * index), the funding payments from the log, and the inferred fills the position's
 * state still holds. Memory holds a page, the payments and the kept days' lines.
 *
 * A position's history before the period starts from its newest checkpoint before the
 * period (rm_pnl_checkpoints), so only the fills since then are read; the report then
 * keeps a checkpoint at the start of its own period for the next one.
 */
export async function foldPositions(
  runner: QueryRunner,
  terms: PnlFoldTerms,
): Promise<Map<string, FuturesPositionHistoryPnl[]>> {
  const filter = new SqlFilter().equals('account', terms.account).equals('symbol', terms.symbol);
  const positions = (await runner.query(
    `SELECT symbol, side FROM rm_positions ${filter.clause()} ORDER BY symbol, side`,
    [...filter.params],
  )) as Array<{ symbol: string; side: 'LONG' | 'SHORT' }>;
  const reports = new Map<string, FuturesPositionHistoryPnl[]>();
  const checkpoints: KeptCheckpoint[] = [];
  for (const { symbol, side } of positions) {
    const position: PositionKey = { account: terms.account, symbol, side };
    const options: PositionPnlOptions = {
      markPrice: terms.marks.get(symbol)?.price ?? null,
      settlementAsset: REPORT_CURRENCY,
      feeAssetPrices: terms.feeAssetPrices,
    };
    const { folding, from } = await resumedFolding(runner, position, terms, options);
    const through = from?.checkpoint.through ?? null;
    let after =
      through === null ? { time: '-1', fillId: '' } : { time: String(through.time), fillId: through.fillId };
    // The history before the period's first day, then the period's days.
    after = await foldFillPages(runner, position, folding, after, Math.min(terms.historyEnd, terms.to));
    if (folding.fillsFolded > (from?.checkpoint.realFills ?? 0)) {
      const checkpoint = folding.checkpoint();
      if (checkpoint instanceof DomainError)
        log.warn({ ...position, err: checkpoint }, 'no P&L checkpoint taken');
      else checkpoints.push({ position, beforeMs: terms.historyEnd, checkpoint });
    }
    await foldFillPages(runner, position, folding, after, terms.to);
    const streamId = positionStreamId(terms.account, symbol, side);
    const funding = positionHistoryOf(await fundingEvents(runner, streamId)).funding.filter(
      (payment) => payment.time < terms.to,
    );
    const refused = folding.addFunding(funding);
    if (refused !== null) throw unavailable(symbol, refused);
    const report = folding.result(
      (await inferredFills(runner, streamId)).filter((fill) => fill.time < terms.to),
    );
    if (report instanceof DomainError) throw unavailable(symbol, report);
    reports.set(symbol, [...(reports.get(symbol) ?? []), report]);
  }
  for (const kept of checkpoints) await keepCheckpoint(runner, kept);
  return reports;
}

interface PositionKey {
  readonly account: string;
  readonly symbol: string;
  readonly side: 'LONG' | 'SHORT';
}

interface KeptCheckpoint {
  readonly position: PositionKey;
  /** Covers every real fill with time_ms below it. */
  readonly beforeMs: number;
  readonly checkpoint: PositionHistoryCheckpoint;
}

/**
 * A folding of the position from its newest checkpoint before the report's history end
 * (`from`), or from its first fill when it has none or the one it has cannot be read.
 */
async function resumedFolding(
  runner: QueryRunner,
  position: PositionKey,
  terms: PnlFoldTerms,
  options: PositionPnlOptions,
): Promise<{ folding: PositionHistoryFolding; from: KeptCheckpoint | null }> {
  const start = await checkpointBefore(runner, position, terms.historyEnd);
  if (start !== null) {
    const resumed = PositionHistoryFolding.resume(start.checkpoint, options, terms.keepDay);
    if (!(resumed instanceof DomainError)) return { folding: resumed, from: start };
    log.warn(
      { ...position, beforeMs: start.beforeMs, err: resumed },
      'P&L checkpoint unreadable; folding the whole history',
    );
  }
  return { folding: new PositionHistoryFolding(options, terms.keepDay), from: null };
}

/** Folds the position's real fills after `after` and before `before`; returns the last one read. */
async function foldFillPages(
  runner: QueryRunner,
  position: PositionKey,
  folding: PositionHistoryFolding,
  after: { time: string; fillId: string },
  before: number,
): Promise<{ time: string; fillId: string }> {
  for (let last = after; ;) {
    const rows = (await runner.query(
      `SELECT time_ms, fill_id, fill FROM rm_position_fills
        WHERE account = $1 AND symbol = $2 AND side = $3 AND time_ms < $4
          AND (time_ms, fill_id COLLATE "C") > ($5::bigint, $6::text COLLATE "C")
        ORDER BY time_ms, fill_id COLLATE "C" LIMIT ${PNL_PAGE_SIZE}`,
      [position.account, position.symbol, position.side, before, last.time, last.fillId],
    )) as Array<{ time_ms: string; fill_id: string; fill: PositionFill }>;
    const refused = folding.addFills(rows.map((row) => row.fill));
    if (refused !== null) throw unavailable(position.symbol, refused);
    if (rows.length > 0)
      last = { time: rows[rows.length - 1].time_ms, fillId: rows[rows.length - 1].fill_id };
    if (rows.length < PNL_PAGE_SIZE) return last;
  }
}

/** The position's newest checkpoint that covers no fill at or after `before`, if any. */
async function checkpointBefore(
  runner: QueryRunner,
  position: PositionKey,
  before: number,
): Promise<KeptCheckpoint | null> {
  const rows = (await runner.query(
    `SELECT before_ms, checkpoint FROM rm_pnl_checkpoints
      WHERE account = $1 AND symbol = $2 AND side = $3 AND before_ms <= $4
      ORDER BY before_ms DESC LIMIT 1`,
    [position.account, position.symbol, position.side, before],
  )) as Array<{ before_ms: string; checkpoint: PositionHistoryCheckpoint }>;
  return rows.length === 0
    ? null
    : { position, beforeMs: Number(rows[0].before_ms), checkpoint: rows[0].checkpoint };
}

/** SQLSTATEs of a position row changed since the report's snapshot, or locked by a fold right now. */
const POSITION_MOVED_ON = new Set(['40001', '55P03']);

/**
 * Keeps a checkpoint unless the position changed since the report read its fills. The
 * report reads in REPEATABLE READ; the fold rewrites a position's rm_positions row in
 * every transaction that changes its fills, before those fills. Locking that row (FOR
 * SHARE NOWAIT) fails when it changed after the report's snapshot (40001) or a fold
 * holds it now (55P03): the checkpoint is then not kept. Once locked, a fold that
 * changes the fills waits for this transaction, and its rm_position_fills trigger
 * deletes the checkpoint if the change reaches before it.
 */
async function keepCheckpoint(runner: QueryRunner, kept: KeptCheckpoint): Promise<void> {
  const { account, symbol, side } = kept.position;
  await runner.query('SAVEPOINT pnl_checkpoint');
  try {
    const locked = (await runner.query(
      `SELECT 1 FROM rm_positions WHERE account = $1 AND symbol = $2 AND side = $3 FOR SHARE NOWAIT`,
      [account, symbol, side],
    )) as unknown[];
    if (locked.length > 0) {
      await runner.query(
        `INSERT INTO rm_pnl_checkpoints (account, symbol, side, before_ms, checkpoint)
         VALUES ($1, $2, $3, $4, $5::jsonb) ON CONFLICT DO NOTHING`,
        [account, symbol, side, kept.beforeMs, JSON.stringify(kept.checkpoint)],
      );
    }
    await runner.query('RELEASE SAVEPOINT pnl_checkpoint');
  } catch (error) {
    await runner.query('ROLLBACK TO SAVEPOINT pnl_checkpoint');
    const code =
      (error as { driverError?: { code?: string }; code?: string }).driverError?.code ??
      (error as { code?: string }).code;
    if (code === undefined || !POSITION_MOVED_ON.has(code)) throw error;
    log.debug(
      { account, symbol, side, code },
      'position changed while the report read it; no checkpoint kept',
    );
  }
}

/** A position's funding payment reports, in stream order (a few a day: held whole). */
async function fundingEvents(runner: QueryRunner, streamId: string): Promise<FundingPaymentRecorded[]> {
  const rows = (await runner.query(
    `SELECT schema_version, payload FROM events
      WHERE stream_id = $1 AND event_type = 'FundingPaymentRecorded' ORDER BY stream_version`,
    [streamId],
  )) as Array<{ schema_version: number; payload: unknown }>;
  return rows.map((row) => {
    const event = upcastEvent({
      type: 'FundingPaymentRecorded',
      schemaVersion: row.schema_version,
      data: row.payload,
    });
    if (event instanceof DomainError) throw event;
    return event as FundingPaymentRecorded;
  });
}

/** The inferred fills a position's kept state holds (retired as their real fills arrive). */
async function inferredFills(runner: QueryRunner, streamId: string): Promise<PositionFill[]> {
  const rows = (await runner.query(
    `SELECT state -> 'inferred' AS inferred FROM oms_aggregate_states WHERE stream_id = $1`,
    [streamId],
  )) as Array<{ inferred: PositionFill[] | null }>;
  return rows[0]?.inferred ?? [];
}
