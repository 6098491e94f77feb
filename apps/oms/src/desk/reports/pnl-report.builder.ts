import {
  Dec,
  DomainError,
  FeeAssetPrices,
  FuturesPositionHistoryPnl,
  SpotPnlReport,
  utcDay,
} from '@oms/domain';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { shownFigure } from '../shared/shown-figure';
import { PnlReportResponse, PnlRowResponse } from './pnl.response';

export const REPORT_CURRENCY = 'USDT';

/** A report's money figures are shown as every computed figure is (shownFigure). */
const reported = (value: Dec): string => shownFigure(value.toFixed());
const QUOTE_ASSETS = ['USDT', 'USDC', 'USD', 'HKD', 'BTC', 'ETH'];

export interface PnlInputs {
  readonly account: string;
  readonly from: number;
  readonly to: number;
  readonly method: 'average-cost' | 'fifo';
  readonly groupBy: 'day' | 'symbol';
  /** Each spot symbol's P&L over its fills up to `to` (earlier fills set the cost basis). */
  readonly spot: ReadonlyMap<string, SpotPnlReport>;
  /** The P&L of each futures symbol's positions (one per side) over their histories up to `to`. */
  readonly futures: ReadonlyMap<string, readonly FuturesPositionHistoryPnl[]>;
  /** The venue's realizedPnl of futures fills by symbol and UTC day, within the period. */
  readonly venueRealized: ReadonlyMap<string, ReadonlyMap<string, string>>;
  readonly marks: ReadonlyMap<string, { readonly price: string; readonly time: string }>;
  /**
   * When the period starts within a day: that day's lines over the fills before `from`
   * (the folds give whole days), taken off the day's lines.
   */
  readonly beforeFrom?: {
    readonly day: string;
    readonly spot: ReadonlyMap<string, SpotPnlReport>;
    readonly futures: ReadonlyMap<string, readonly FuturesPositionHistoryPnl[]>;
  };
}

interface DayLine {
  realized: Dec;
  fees: Dec;
  funding: Dec;
}

export function splitSymbol(symbol: string): { baseAsset: string; quoteAsset: string } {
  const quote = QUOTE_ASSETS.find((asset) => symbol.endsWith(asset) && symbol.length > asset.length);
  if (!quote)
    throw new DeskError(DeskErrorCode.REPORT_UNAVAILABLE, `the quote asset of ${symbol} is not known`, {
      field: 'symbol',
    });
  return { baseAsset: symbol.slice(0, -quote.length), quoteAsset: quote };
}

/** Prices in USDT of fee assets, from the marks of their USDT symbols. */
export function feeAssetPrices(marks: PnlInputs['marks']): FeeAssetPrices {
  const prices: Record<string, string> = {};
  for (const [symbol, mark] of marks)
    if (symbol.endsWith(REPORT_CURRENCY)) prices[symbol.slice(0, -REPORT_CURRENCY.length)] = mark.price;
  return prices;
}

/** The UTC days of a period [from, to), as a test of a day (YYYY-MM-DD). */
export function periodDays(from: number, to: number): (day: string) => boolean {
  const firstDay = utcDay(from);
  const lastDay = utcDay(to - 1);
  return (day) => day >= firstDay && day <= lastDay;
}

/** A symbol whose P&L the domain could not figure (a fee asset without a price, say). */
export function unavailable(symbol: string, error: DomainError): DeskError {
  return new DeskError(
    DeskErrorCode.REPORT_UNAVAILABLE,
    `P&L of ${symbol} cannot be computed: ${error.message}`,
    {
      field: 'symbol',
      rule: error.code,
    },
  );
}

/**
 * Realized, fees and funding by UTC day of the period and unrealized at its end, per
 * symbol, from each symbol's P&L over its history up to the period's end (by average
 * cost or FIFO, futures' average entry being the venue's method), with the venue's own
 * realizedPnl beside futures. Days are the UTC days the period covers, the first from `from` on.
 */
export function buildPnlReport(inputs: PnlInputs): PnlReportResponse {
  const inPeriod = periodDays(inputs.from, inputs.to);
  const lines: Array<{
    symbol: string;
    market: 'spot' | 'futures';
    days: Map<string, DayLine>;
    unrealized: Dec | null;
  }> = [];
  const dayLine = (days: Map<string, DayLine>, day: string) => {
    const line = days.get(day) ?? { realized: new Dec(0), fees: new Dec(0), funding: new Dec(0) };
    days.set(day, line);
    return line;
  };

  const before = inputs.beforeFrom;
  for (const [symbol, report] of inputs.spot) {
    const days = new Map<string, DayLine>();
    for (const day of report.byDay.filter((entry) => inPeriod(entry.day))) {
      const line = dayLine(days, day.day);
      line.realized = line.realized.plus(day.realizedGrossPnl);
      line.fees = line.fees.plus(day.feesPaid);
    }
    for (const day of before?.spot.get(symbol)?.byDay.filter((entry) => entry.day === before.day) ?? []) {
      const line = dayLine(days, day.day);
      line.realized = line.realized.minus(day.realizedGrossPnl);
      line.fees = line.fees.minus(day.feesPaid);
    }
    lines.push({
      symbol,
      market: 'spot',
      days,
      // On trade prices: the fees of the open quantity are in the fees already.
      unrealized: report.unrealizedGrossPnl === null ? null : new Dec(report.unrealizedGrossPnl),
    });
  }

  for (const [symbol, positions] of inputs.futures) {
    const days = new Map<string, DayLine>();
    let unrealized: Dec | null = inputs.marks.has(symbol) ? new Dec(0) : null;
    for (const pnl of positions) {
      for (const day of pnl.byDay.filter((entry) => inPeriod(entry.day))) {
        const line = dayLine(days, day.day);
        line.realized = line.realized.plus(day.realizedPnl);
        line.fees = line.fees.plus(day.feesPaid);
        line.funding = line.funding.plus(day.fundingPnl);
      }
      if (unrealized !== null && pnl.unrealizedPnl !== null) unrealized = unrealized.plus(pnl.unrealizedPnl);
    }
    for (const pnl of before?.futures.get(symbol) ?? []) {
      for (const day of pnl.byDay.filter((entry) => entry.day === before?.day)) {
        const line = dayLine(days, day.day);
        line.realized = line.realized.minus(day.realizedPnl);
        line.fees = line.fees.minus(day.feesPaid);
        line.funding = line.funding.minus(day.fundingPnl);
      }
    }
    for (const day of inputs.venueRealized.get(symbol)?.keys() ?? []) if (inPeriod(day)) dayLine(days, day);
    lines.push({ symbol, market: 'futures', days, unrealized });
  }

  const venueOf = (symbol: string, days: readonly string[]): string | null => {
    const byDay = inputs.venueRealized.get(symbol);
    if (!byDay) return null;
    return reported(days.reduce((sum, day) => sum.plus(byDay.get(day) ?? '0'), new Dec(0)));
  };
  const row = (
    symbol: string,
    market: 'spot' | 'futures',
    day: string | null,
    line: DayLine,
    unrealized: Dec | null,
    days: readonly string[],
  ): PnlRowResponse => ({
    day,
    symbol,
    market,
    realizedPnl: reported(line.realized),
    fees: reported(line.fees),
    funding: reported(line.funding),
    netPnl: reported(line.realized.minus(line.fees).plus(line.funding)),
    unrealizedPnl: unrealized === null ? null : reported(unrealized),
    venueRealizedPnl: market === 'futures' ? venueOf(symbol, days) : null,
  });

  const rows: PnlRowResponse[] = [];
  const total: DayLine = { realized: new Dec(0), fees: new Dec(0), funding: new Dec(0) };
  let totalUnrealized: Dec | null = null;
  for (const line of lines.sort((a, b) => (a.symbol < b.symbol ? -1 : 1))) {
    const sum: DayLine = { realized: new Dec(0), fees: new Dec(0), funding: new Dec(0) };
    for (const [day, values] of [...line.days.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
      sum.realized = sum.realized.plus(values.realized);
      sum.fees = sum.fees.plus(values.fees);
      sum.funding = sum.funding.plus(values.funding);
      if (inputs.groupBy === 'day') rows.push(row(line.symbol, line.market, day, values, null, [day]));
    }
    if (inputs.groupBy === 'symbol')
      rows.push(row(line.symbol, line.market, null, sum, line.unrealized, [...line.days.keys()]));
    total.realized = total.realized.plus(sum.realized);
    total.fees = total.fees.plus(sum.fees);
    total.funding = total.funding.plus(sum.funding);
    if (line.unrealized !== null) totalUnrealized = (totalUnrealized ?? new Dec(0)).plus(line.unrealized);
  }
  if (inputs.groupBy === 'day')
    rows.sort((a, b) => ((a.day ?? '') < (b.day ?? '') ? -1 : a.day === b.day ? 0 : 1));

  return {
    account: inputs.account,
    from: new Date(inputs.from).toISOString(),
    to: new Date(inputs.to).toISOString(),
    method: inputs.method,
    groupBy: inputs.groupBy,
    currency: REPORT_CURRENCY,
    rows,
    totals: {
      realizedPnl: reported(total.realized),
      fees: reported(total.fees),
      funding: reported(total.funding),
      netPnl: reported(total.realized.minus(total.fees).plus(total.funding)),
      unrealizedPnl: totalUnrealized === null ? null : reported(totalUnrealized),
    },
    marks: lines
      .filter((line) => inputs.marks.has(line.symbol))
      .map((line) => ({
        symbol: line.symbol,
        ...(inputs.marks.get(line.symbol) as { price: string; time: string }),
      })),
  };
}
