import { csvLine } from './csv';
import { PnlReportResponse } from './pnl.response';

const COLUMNS = [
  'account',
  'day',
  'symbol',
  'market',
  'realizedPnl',
  'fees',
  'funding',
  'netPnl',
  'unrealizedPnl',
  'venueRealizedPnl',
  'mark',
  'markTime',
  'currency',
  'method',
] as const;

/** The P&L report as CSV: one line per row, with the mark used for each symbol. */
export function pnlReportCsv(report: PnlReportResponse): string {
  const marks = new Map(report.marks.map((mark) => [mark.symbol, mark]));
  return [
    csvLine(COLUMNS),
    ...report.rows.map((row) =>
      csvLine([
        report.account,
        row.day,
        row.symbol,
        row.market,
        row.realizedPnl,
        row.fees,
        row.funding,
        row.netPnl,
        row.unrealizedPnl,
        row.venueRealizedPnl,
        marks.get(row.symbol)?.price,
        marks.get(row.symbol)?.time,
        report.currency,
        report.method,
      ]),
    ),
  ].join('');
}
