import { Dec, canonicalDecimal } from '../shared/decimal';
import { sortsAfter } from '../shared/sorted-by-time';

/**
 * Real fills an order keeps as fills (the rest are totals): enough for the stream's and
 * the poll's reports of recent fills, and late fills, to fold in their place.
 */
export const ORDER_FILL_WINDOW = 64;

/**
 * How far apart two sources may time one fill (stream `T` time against the poll row's
 * time). A report no later than this after the settled fills may be of a settled fill.
 */
export const FILL_REPORT_SKEW_MS = 1_000;

/**
 * Running totals of every real fill older than an order's kept fills, folded in
 * (time, fillId) order: what they add up to, without them.
 */
export interface OrderFillTotals {
  /** The latest fill folded in, in (time, fillId) order; null before any. */
  readonly through: { readonly time: number; readonly fillId: string } | null;
  readonly count: number;
  /** Sum of quantities (base units for spot, contracts for futures). */
  readonly qty: string;
  /** Sum of price x quantity. */
  readonly quote: string;
  /** The earliest fill time folded in; null before any. */
  readonly firstTime: number | null;
}

export const EMPTY_ORDER_FILL_TOTALS: OrderFillTotals = {
  through: null,
  count: 0,
  qty: '0',
  quote: '0',
  firstTime: null,
};

interface FillFigures {
  readonly fillId: string;
  readonly price: string;
  readonly qty: string;
  readonly time: number;
}

/** True when a fill sorts after every fill in the totals, so it belongs among the kept fills. */
export function isAfterSettledFills(
  totals: OrderFillTotals,
  fill: { time: number; fillId: string },
): boolean {
  const { through } = totals;
  return sortsAfter(
    { time: fill.time, id: fill.fillId },
    through === null ? null : { time: through.time, id: through.fillId },
  );
}

/** Adds one fill to the totals. */
export function settleOrderFill(totals: OrderFillTotals, fill: FillFigures): OrderFillTotals {
  return {
    through: isAfterSettledFills(totals, fill) ? { time: fill.time, fillId: fill.fillId } : totals.through,
    count: totals.count + 1,
    qty: canonicalDecimal(new Dec(totals.qty).plus(fill.qty)),
    quote: canonicalDecimal(new Dec(totals.quote).plus(new Dec(fill.price).times(fill.qty))),
    firstTime: totals.firstTime === null ? fill.time : Math.min(totals.firstTime, fill.time),
  };
}

/**
 * Takes out a fill's earlier report (about to be put back merged). The earliest time
 * stays: a merged report is never later than the reports it merges.
 */
export function unsettleOrderFill(totals: OrderFillTotals, fill: FillFigures): OrderFillTotals {
  return {
    ...totals,
    count: totals.count - 1,
    qty: canonicalDecimal(new Dec(totals.qty).minus(fill.qty)),
    quote: canonicalDecimal(new Dec(totals.quote).minus(new Dec(fill.price).times(fill.qty))),
  };
}
