import { Dec, canonicalDecimal, roundToScale } from '../shared/decimal';
import { DomainError, DomainErrorCode, refusalAsValue } from '../shared/domain-error';
import { positionEffect } from '../futures-order/contract-quantity';
import { FeeAssetPrices } from '../pnl/fee-valuation';
import { utcDay } from '../pnl/utc-day';
import { LedgerState, averageOpenPrice, openQuantity, unrealizedAt } from '../pnl/lot-ledger';
import { FuturesPositionState, PositionFill } from './futures-position.types';
import { EMPTY_POSITION_TOTALS, ledgerOfTotals, stepPositionFill } from './position-totals';
import { figuringOrder, PositionHistory, positionStateOfHistory } from './position-history';

export interface PositionFold {
  readonly ledger: LedgerState;
  /** Contracts open (never negative in hedge mode). */
  readonly contracts: Dec;
  /** Contracts closed beyond what was open: fills are missing or contradict. */
  readonly overclosedContracts: Dec;
  /** Per closing fill kept by the state: venue realizedPnl minus the one computed here (gross). */
  readonly realizedPnlDeltas: ReadonlyArray<{
    readonly fillId: string;
    readonly computed: Dec;
    readonly venue: Dec;
  }>;
  /** What each fill kept by the state realized (gross), in the order figured. */
  readonly realizedByFill: ReadonlyArray<{
    readonly fillId: string;
    readonly time: number;
    readonly realized: Dec;
  }>;
}

/** The fills a state holds, in the order they are figured: recent real fills, then inferred ones. */
export function unsettledFills(state: FuturesPositionState, asOf: number | null = null): PositionFill[] {
  const fills = [...state.recent, ...state.inferred];
  return asOf === null ? fills : fills.filter((fill) => fill.time <= asOf);
}

/**
 * The settled totals, then the fills the state keeps, through the average-entry
 * ledger (the venue's method): real fills in (time, fillId) order, then the inferred
 * ones standing in for fills not seen yet. Null when `asOf` is before the latest
 * settled fill (the totals cannot be taken apart).
 */
export function foldPositionUntil(state: FuturesPositionState, asOf: number | null): PositionFold | null {
  const through = state.settled.through;
  if (asOf !== null && through !== null && asOf < through.time) return null;
  let ledger = ledgerOfTotals(state.settled);
  let overclosed = new Dec(state.settled.overclosedContracts);
  const deltas: Array<{ fillId: string; computed: Dec; venue: Dec }> = [];
  const realizedByFill: Array<{ fillId: string; time: number; realized: Dec }> = [];
  const fills = unsettledFills(state, asOf);
  for (const fill of fills) {
    const step = stepPositionFill(ledger, fill);
    ledger = step.ledger;
    overclosed = overclosed.plus(step.overclosedContracts);
    realizedByFill.push({ fillId: fill.fillId, time: fill.time, realized: step.realized });
    if (!positionEffect(fill.orderSide).opens && fill.venueRealizedPnl !== null) {
      deltas.push({ fillId: fill.fillId, computed: step.realized, venue: new Dec(fill.venueRealizedPnl) });
    }
  }
  const multiplier = fills.at(-1)?.contractMultiplier ?? state.settled.contractMultiplier ?? '1';
  return {
    ledger,
    contracts: openQuantity(ledger).abs().dividedBy(multiplier),
    overclosedContracts: overclosed,
    realizedPnlDeltas: deltas,
    realizedByFill,
  };
}

/** The whole position: settled totals and the fills kept. */
export function foldPosition(state: FuturesPositionState): PositionFold {
  return foldPositionUntil(state, null)!;
}

export interface FuturesPositionPnl {
  readonly contracts: string;
  readonly baseQuantity: string;
  readonly averageEntryPrice: string;
  /** From fills, before fees: what the venue's realizedPnl reports. */
  readonly realizedPnl: string;
  readonly feesPaid: string;
  readonly fundingPnl: string;
  /** realizedPnl - feesPaid + fundingPnl. */
  readonly netRealizedPnl: string;
  readonly unrealizedPnl: string | null;
  readonly overclosedContracts: string;
}

export interface PositionPnlOptions {
  readonly markPrice: string | null;
  readonly settlementAsset: string;
  readonly feeAssetPrices?: FeeAssetPrices;
  readonly scale?: number;
}

/**
 * P&L of one hedge-mode position: realized from fills (average entry), fees and
 * funding in the settlement asset, unrealized against a mark price. Its cost is the
 * state's windows, whatever the position's age.
 */
export function futuresPositionPnl(
  state: FuturesPositionState,
  options: PositionPnlOptions,
): FuturesPositionPnl | DomainError {
  return refusalAsValue(() => {
    const fold = foldPosition(state);
    let fees = new Dec(0);
    for (const [asset, amount] of Object.entries(state.settled.fees))
      fees = fees.plus(new Dec(amount).times(priceOf(asset, options)));
    for (const fill of unsettledFills(state)) {
      if (fill.fee !== null)
        fees = fees.plus(new Dec(fill.fee.amount).times(priceOf(fill.fee.asset, options)));
    }
    let funding = new Dec(0);
    for (const [asset, amount] of Object.entries(state.settled.funding))
      funding = funding.plus(new Dec(amount).times(priceOf(asset, options)));
    for (const payment of state.funding)
      funding = funding.plus(new Dec(payment.amount).times(priceOf(payment.asset, options)));
    const money = (value: Dec) => moneyOf(value, options);
    const unrealized =
      options.markPrice === null ? null : unrealizedAt(fold.ledger, new Dec(options.markPrice), 'rawValue');
    return {
      contracts: canonicalDecimal(fold.contracts),
      baseQuantity: canonicalDecimal(openQuantity(fold.ledger).abs()),
      averageEntryPrice: canonicalDecimal(averageOpenPrice(fold.ledger, 'rawValue')),
      realizedPnl: money(fold.ledger.realizedGross),
      feesPaid: money(fees),
      fundingPnl: money(funding),
      netRealizedPnl: money(fold.ledger.realizedGross.minus(fees).plus(funding)),
      unrealizedPnl: unrealized === null ? null : money(unrealized),
      overclosedContracts: canonicalDecimal(fold.overclosedContracts),
    };
  });
}

/** Realized (gross), fees and funding of one UTC day, in the settlement asset. */
export interface PositionDayPnl {
  readonly day: string;
  readonly realizedPnl: string;
  readonly feesPaid: string;
  readonly fundingPnl: string;
}

export interface FuturesPositionHistoryPnl extends FuturesPositionPnl {
  /** Every UTC day with a fill or a funding payment, in order. */
  readonly byDay: readonly PositionDayPnl[];
}

/**
 * P&L of a position over its whole history (a report's period): the totals of
 * futuresPositionPnl, and each UTC day's share. Real fills are figured in (time, fillId)
 * order and the inferred ones after them, as the live state figures them; a fill's
 * realized P&L and fee fall on its day, a payment's funding on its own.
 */
export function futuresPositionHistoryPnl(
  history: PositionHistory,
  options: PositionPnlOptions,
): FuturesPositionHistoryPnl | DomainError {
  const state = positionStateOfHistory(history);
  const totals = futuresPositionPnl(state, options);
  if (totals instanceof DomainError) return totals;
  return refusalAsValue(() => {
    const days = new Map<string, { realized: Dec; fees: Dec; funding: Dec }>();
    const lineOf = (time: number) => {
      const day = utcDay(time);
      const line = days.get(day) ?? { realized: new Dec(0), fees: new Dec(0), funding: new Dec(0) };
      days.set(day, line);
      return line;
    };
    let ledger = ledgerOfTotals(EMPTY_POSITION_TOTALS);
    for (const fill of [
      ...figuringOrder(history.fills.filter((each) => !each.inferred)),
      ...state.inferred,
    ]) {
      const step = stepPositionFill(ledger, fill);
      ledger = step.ledger;
      const line = lineOf(fill.time);
      line.realized = line.realized.plus(step.realized);
      if (fill.fee !== null)
        line.fees = line.fees.plus(new Dec(fill.fee.amount).times(priceOf(fill.fee.asset, options)));
    }
    for (const payment of history.funding) {
      const line = lineOf(payment.time);
      line.funding = line.funding.plus(new Dec(payment.amount).times(priceOf(payment.asset, options)));
    }
    const money = (value: Dec) => moneyOf(value, options);
    return {
      ...totals,
      byDay: [...days.entries()]
        .sort(([left], [right]) => (left < right ? -1 : 1))
        .map(([day, line]) => ({
          day,
          realizedPnl: money(line.realized),
          feesPaid: money(line.fees),
          fundingPnl: money(line.funding),
        })),
    };
  });
}

function moneyOf(value: Dec, options: { readonly scale?: number }): string {
  return options.scale === undefined ? canonicalDecimal(value) : roundToScale(value, options.scale);
}

function priceOf(
  asset: string,
  options: { readonly settlementAsset: string; readonly feeAssetPrices?: FeeAssetPrices },
): Dec {
  if (asset === options.settlementAsset) return new Dec(1);
  const price = options.feeAssetPrices?.[asset];
  if (price === undefined) {
    throw new DomainError(
      DomainErrorCode.FeeAssetNotPriced,
      `an amount in ${asset} needs its price in ${options.settlementAsset}`,
      'feeAssetPrices',
    );
  }
  return new Dec(price);
}
