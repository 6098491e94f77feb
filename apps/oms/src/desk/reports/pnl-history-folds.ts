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
  utcDayStart,
} from '@oms/domain';
import { QueryRunner } from 'typeorm';
import { createLogger } from '@oms/platform';
import {
  CheckpointsToKeep,
  Kept,
  PositionHistoryKey,
  positionCheckpointBefore,
  spotCheckpointBefore,
  SpotHistoryKey,
} from './pnl-checkpoints';
import { PnlReportScope, reportedPositions, reportedSpotSymbols } from './pnl-histories';
import { REPORT_CURRENCY, splitSymbol, unavailable } from './pnl-report.builder';

const log = createLogger('PnlHistoryFolds');

/** Fills read per round trip: what a report holds of an account's history at a time. */
export const PNL_PAGE_SIZE = 2_000;

/** What the folds of one report share: its terms, and the prices it values fees and marks at. */
export interface PnlFoldTerms extends PnlReportScope {
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

/**
 * The start of the UTC day `from` falls in: the folds' days are whole UTC days (what
 * falls before `from` is taken off the first one; see PnlInputs.beforeFrom).
 */
export function historyEndOf(from: number): number {
  return utcDayStart(from);
}

interface SpotFillRow {
  readonly fill_id: string;
  readonly side: 'BUY' | 'SELL';
  readonly price: string;
  readonly qty: string;
  readonly fee: string | null;
  readonly fee_asset: string | null;
  readonly time_ms: string;
}

/**
 * Each spot symbol's P&L over the account's fills up to the period's end, a page of
 * fills at a time in (time, fillId) order: memory holds a page and the symbol's open
 * lots, not the account's history. The history before the period starts from the
 * symbol's newest checkpoint for the report's method, and the fold takes one at the
 * start of its period for the next (none when a fee was paid in a third asset).
 */
export async function foldSpotFills(
  runner: QueryRunner,
  terms: PnlFoldTerms,
  toKeep: CheckpointsToKeep,
): Promise<Map<string, SpotPnlReport>> {
  const reports = new Map<string, SpotPnlReport>();
  for (const symbol of await reportedSpotSymbols(runner, terms)) {
    const history: SpotHistoryKey = { account: terms.account, symbol, method: terms.method };
    const input = {
      ...splitSymbol(symbol),
      method: terms.method,
      markPrice: terms.marks.get(symbol)?.price ?? null,
      feeAssetPrices: terms.feeAssetPrices,
    };
    const options = { keepDay: terms.keepDay };
    const start = await spotCheckpointBefore(runner, history, terms.historyEnd);
    let resumed = start === null ? null : SpotPnlFolding.resume(start.checkpoint, input, options);
    if (resumed instanceof DomainError) {
      log.warn(
        { ...history, beforeMs: start?.beforeMs, err: resumed },
        'P&L checkpoint unreadable; folding the whole history',
      );
      resumed = null;
    }
    const folding = resumed ?? SpotPnlFolding.start(input, options);
    if (folding instanceof DomainError) throw unavailable(symbol, folding);
    const through = resumed === null ? null : (start?.checkpoint.through ?? null);
    let after: FillCursor = through === null ? FIRST_FILL : { time: through.time, fillId: through.fillId };
    // The history before the period's first day, then the period's days.
    after = await foldSpotPages(runner, history, folding, after, Math.min(terms.historyEnd, terms.to));
    if (folding.fillsFolded > (resumed === null ? 0 : (start?.checkpoint.fillsCounted ?? 0))) {
      const checkpoint = folding.checkpoint();
      if (!(checkpoint instanceof DomainError)) {
        toKeep.spotHistory(history, { beforeMs: terms.historyEnd, checkpoint });
      }
    }
    await foldSpotPages(runner, history, folding, after, terms.to);
    const report = folding.report();
    if (report instanceof DomainError) throw unavailable(symbol, report);
    reports.set(symbol, report);
  }
  return reports;
}

/** Where a page of fills continues: after this (time, fillId). */
interface FillCursor {
  readonly time: number;
  readonly fillId: string;
}

const FIRST_FILL: FillCursor = { time: -1, fillId: '' };

/**
 * Folds the history's spot fills after `after` and before `before` (epoch ms), in the
 * domain's order (milliseconds, then the id's bytes); returns where it stopped.
 */
async function foldSpotPages(
  runner: QueryRunner,
  history: SpotHistoryKey,
  folding: SpotPnlFolding,
  after: FillCursor,
  before: number,
): Promise<FillCursor> {
  for (let last = after; ;) {
    const from = last.time < 0 ? '-infinity' : new Date(last.time).toISOString();
    const rows = (await runner.query(
      `SELECT fill_id, side, price::text AS price, qty::text AS qty, fee::text AS fee, fee_asset,
              (extract(epoch FROM time) * 1000)::bigint AS time_ms
         FROM rm_fills
        WHERE account = $1 AND symbol = $2 AND market = 'spot'
          AND time < $3::timestamptz AND time >= $4::timestamptz
          AND (time > $4::timestamptz OR fill_id COLLATE "C" > $5)
        ORDER BY time, fill_id COLLATE "C" LIMIT ${PNL_PAGE_SIZE}`,
      [history.account, history.symbol, new Date(before).toISOString(), from, last.fillId],
    )) as SpotFillRow[];
    const refused = folding.add(rows.map(spotFillOf));
    if (refused !== null) throw unavailable(history.symbol, refused);
    if (rows.length > 0) {
      const final = rows[rows.length - 1];
      last = { time: Number(final.time_ms), fillId: final.fill_id };
    }
    if (rows.length < PNL_PAGE_SIZE) return last;
  }
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
 * period (rm_pnl_checkpoints), so only the fills since then are read; the fold then
 * takes a checkpoint at the start of its own period for the next report.
 */
export async function foldPositions(
  runner: QueryRunner,
  terms: PnlFoldTerms,
  toKeep: CheckpointsToKeep,
): Promise<Map<string, FuturesPositionHistoryPnl[]>> {
  const reports = new Map<string, FuturesPositionHistoryPnl[]>();
  for (const { symbol, side } of await reportedPositions(runner, terms)) {
    const position: PositionHistoryKey = { account: terms.account, symbol, side };
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
    // Checkpoints hold the average-entry folding (the venue's method) only.
    if (terms.method === 'average-cost' && folding.fillsFolded > (from?.checkpoint.realFills ?? 0)) {
      const checkpoint = folding.checkpoint();
      if (checkpoint instanceof DomainError)
        log.warn({ ...position, err: checkpoint }, 'no P&L checkpoint taken');
      else toKeep.position(position, { beforeMs: terms.historyEnd, checkpoint });
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
  return reports;
}

/**
 * A folding of the position from its newest checkpoint before the report's history end
 * (`from`), or from its first fill when it has none or the one it has cannot be read.
 * A FIFO report folds the whole history: checkpoints hold average entry only.
 */
async function resumedFolding(
  runner: QueryRunner,
  position: PositionHistoryKey,
  terms: PnlFoldTerms,
  options: PositionPnlOptions,
): Promise<{ folding: PositionHistoryFolding; from: Kept<PositionHistoryCheckpoint> | null }> {
  if (terms.method === 'fifo') {
    return { folding: new PositionHistoryFolding(options, terms.keepDay, 'fifo'), from: null };
  }
  const start = await positionCheckpointBefore(runner, position, terms.historyEnd);
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
  position: PositionHistoryKey,
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
