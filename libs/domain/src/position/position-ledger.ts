import { Dec, canonicalDecimal, roundToScale } from '../shared/decimal';
import { DomainError, DomainErrorCode, refusalAsValue } from '../shared/domain-error';
import { positionEffect } from '../futures-order/contract-quantity';
import { FeeAssetPrices } from '../pnl/fee-valuation';
import { LedgerState, averageOpenPrice, openQuantity, unrealizedAt } from '../pnl/lot-ledger';
import { FuturesPositionState, PositionFill } from './futures-position.types';
import { ledgerOfTotals, stepPositionFill } from './position-totals';

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
      fees = fees.plus(new Dec(amount).times(settlementPriceOf(asset, options)));
    for (const fill of unsettledFills(state)) {
      if (fill.fee !== null)
        fees = fees.plus(new Dec(fill.fee.amount).times(settlementPriceOf(fill.fee.asset, options)));
    }
    let funding = new Dec(0);
    for (const [asset, amount] of Object.entries(state.settled.funding))
      funding = funding.plus(new Dec(amount).times(settlementPriceOf(asset, options)));
    for (const payment of state.funding)
      funding = funding.plus(new Dec(payment.amount).times(settlementPriceOf(payment.asset, options)));
    const money = (value: Dec) => settlementFigure(value, options);
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

/** An amount of the settlement asset as figures show it: rounded to `scale` places when given. */
export function settlementFigure(value: Dec, options: { readonly scale?: number }): string {
  return options.scale === undefined ? canonicalDecimal(value) : roundToScale(value, options.scale);
}

/** The price of `asset` in the settlement asset; refused when the options do not give it. */
export function settlementPriceOf(
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
