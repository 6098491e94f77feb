import {
  DomainError,
  FeeAssetPrices,
  FundingPaymentRecorded,
  FuturesPositionHistoryPnl,
  PositionFill,
  positionHistoryOf,
  PositionHistoryFolding,
  positionStreamId,
  SpotPnlFill,
  SpotPnlFolding,
  SpotPnlReport,
  upcastEvent,
} from '@oms/domain';
import { QueryRunner } from 'typeorm';
import { SqlFilter } from '../shared/sql-filter';
import { REPORT_CURRENCY, splitSymbol, unavailable } from './pnl-report.builder';

/** Fills read per round trip: what a report holds of an account's history at a time. */
export const PNL_PAGE_SIZE = 2_000;

/** What the folds of one report share: its terms, and the prices it values fees and marks at. */
export interface PnlFoldTerms {
  readonly account: string;
  readonly symbol: string | undefined;
  /** The period's end (epoch ms): fills and payments from it on are left out. */
  readonly to: number;
  readonly method: 'average-cost' | 'fifo';
  readonly marks: ReadonlyMap<string, { readonly price: string }>;
  readonly feeAssetPrices: FeeAssetPrices;
  /** The days whose lines a report shows (the period's). */
  readonly keepDay: (day: string) => boolean;
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
  for (const { symbol, side } of positions) {
    const folding = new PositionHistoryFolding(
      {
        markPrice: terms.marks.get(symbol)?.price ?? null,
        settlementAsset: REPORT_CURRENCY,
        feeAssetPrices: terms.feeAssetPrices,
      },
      terms.keepDay,
    );
    for (let after = { time: '-1', fillId: '' }; ;) {
      const rows = (await runner.query(
        `SELECT time_ms, fill_id, fill FROM rm_position_fills
          WHERE account = $1 AND symbol = $2 AND side = $3 AND time_ms < $4
            AND (time_ms, fill_id COLLATE "C") > ($5::bigint, $6::text COLLATE "C")
          ORDER BY time_ms, fill_id COLLATE "C" LIMIT ${PNL_PAGE_SIZE}`,
        [terms.account, symbol, side, terms.to, after.time, after.fillId],
      )) as Array<{ time_ms: string; fill_id: string; fill: PositionFill }>;
      const refused = folding.addFills(rows.map((row) => row.fill));
      if (refused !== null) throw unavailable(symbol, refused);
      if (rows.length < PNL_PAGE_SIZE) break;
      const last = rows[rows.length - 1];
      after = { time: last.time_ms, fillId: last.fill_id };
    }
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
