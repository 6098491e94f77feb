import { DataSource } from 'typeorm';
import { PnlReportHandler, PnlReportQuery } from '../src/desk/reports/pnl-report.query';
import { timeReportAndItsResumption } from './pnl-report-timing';

/**
 * The desk's spot P&L report of the last second of an account's long spot history of
 * one symbol, whose cost basis needs every fill before it: the fills are written
 * straight into rm_fills (what the report reads), `spacingMs` apart, then the report is
 * timed twice: folding the whole history and keeping a checkpoint at the start of the
 * period's day, then resumed from it.
 */
export async function measureSpotPnlReport(
  dataSource: DataSource,
  account: string,
  fills: number,
  firstFillAt: number,
  spacingMs: number,
): Promise<{ seededMs: number; ms: number; resumedMs: number; fills: number }> {
  const seeding = process.hrtime.bigint();
  for (let start = 0; start < fills; start += 100_000) {
    await dataSource.query(
      `INSERT INTO rm_fills (account, market, fill_id, oms_order_id, order_id, symbol, side, price, qty,
                             quote_qty, fee, fee_asset, realized_pnl, is_maker, time, sources)
       SELECT $1, 'spot', 'bench-spot-' || lpad(g::text, 8, '0'), NULL, 'bench-order-' || (g / 10), 'ETHUSDT',
              CASE WHEN g % 3 = 2 THEN 'SELL' ELSE 'BUY' END, 3000 + g % 50, 0.1, (3000 + g % 50) * 0.1,
              0.2, 'USDT', NULL, false, to_timestamp(($2::bigint + g * $3::bigint) / 1000.0), ARRAY['ws']
         FROM generate_series($4::int, $5::int) g`,
      [account, firstFillAt, spacingMs, start, Math.min(fills, start + 100_000) - 1],
    );
  }
  const seededMs = Number(process.hrtime.bigint() - seeding) / 1e6;
  // As autovacuum would within a minute of such a load: with the statistics of the table
  // before it, the planner sorted every fill for each page (about a second a page).
  await dataSource.query('ANALYZE rm_fills');
  const periodEnd = firstFillAt + fills * spacingMs;
  const handler = new PnlReportHandler(dataSource);
  const query = new PnlReportQuery(
    account,
    'ETHUSDT',
    new Date(periodEnd - 1_000),
    new Date(periodEnd),
    'fifo',
    'symbol',
  );
  const { ms, resumedMs } = await timeReportAndItsResumption(handler, query);
  return { seededMs, ms, resumedMs, fills };
}
