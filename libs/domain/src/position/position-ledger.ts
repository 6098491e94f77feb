import { Dec, canonicalDecimal, roundToScale } from '../shared/decimal';
import { DomainError, DomainErrorCode, refusalAsValue } from '../shared/domain-error';
import { positionEffect } from '../futures-order/contract-quantity';
import { FeeAssetPrices } from '../pnl/fee-valuation';
import { utcDay } from '../pnl/utc-day';
import {
  EMPTY_LEDGER,
  LedgerState,
  applyTrade,
  averageOpenPrice,
  openQuantity,
  unrealizedAt,
} from '../pnl/lot-ledger';
import { FuturesPositionState, PositionFill } from './futures-position.types';

export interface PositionFold {
  readonly ledger: LedgerState;
  /** Contracts open (never negative in hedge mode). */
  readonly contracts: Dec;
  /** Contracts closed beyond what was open: fills are missing or contradict. */
  readonly overclosedContracts: Dec;
  /** Per closing fill: venue realizedPnl minus the one computed here (gross). */
  readonly realizedPnlDeltas: ReadonlyArray<{
    readonly fillId: string;
    readonly computed: Dec;
    readonly venue: Dec;
  }>;
  /** What each fill realized (gross), in fill order. */
  readonly realizedByFill: ReadonlyArray<{
    readonly fillId: string;
    readonly time: number;
    readonly realized: Dec;
  }>;
}

export function fillsInOrder(state: FuturesPositionState, asOf: number | null = null): PositionFill[] {
  return asOf === null ? [...state.fills] : state.fills.filter((fill) => fill.time <= asOf);
}

/**
 * Folds the position's fills in (time, fillId) order by average entry, the venue's
 * method. Base quantity = contracts x multiplier; fees stay outside the ledger here
 * (gross), and are subtracted in the P&L view.
 */
export function foldPosition(state: FuturesPositionState, asOf: number | null = null): PositionFold {
  let ledger = EMPTY_LEDGER;
  let overclosed = new Dec(0);
  const deltas: Array<{ fillId: string; computed: Dec; venue: Dec }> = [];
  const realizedByFill: Array<{ fillId: string; time: number; realized: Dec }> = [];
  for (const fill of fillsInOrder(state, asOf)) {
    const base = new Dec(fill.contracts).times(fill.contractMultiplier);
    const { position, opens } = positionEffect(fill.orderSide);
    const sign = (position === 'LONG') === opens ? 1 : -1;
    const value = base.times(fill.price);
    const open = openQuantity(ledger).abs();
    if (!opens && base.greaterThan(open))
      overclosed = overclosed.plus(base.minus(open).dividedBy(fill.contractMultiplier));
    const outcome = applyTrade(
      ledger,
      { quantity: base.times(sign), rawValue: value, effectiveValue: value },
      'average-cost',
    );
    ledger = outcome.ledger;
    realizedByFill.push({ fillId: fill.fillId, time: fill.time, realized: outcome.realizedGross });
    if (!opens && fill.venueRealizedPnl !== null) {
      deltas.push({
        fillId: fill.fillId,
        computed: outcome.realizedGross,
        venue: new Dec(fill.venueRealizedPnl),
      });
    }
  }
  const multiplier = state.fills.at(-1)?.contractMultiplier ?? '1';
  return {
    ledger,
    contracts: openQuantity(ledger).abs().dividedBy(multiplier),
    overclosedContracts: overclosed,
    realizedPnlDeltas: deltas,
    realizedByFill,
  };
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
  /** Realized (gross), fees and funding by UTC day. */
  readonly byDay: ReadonlyArray<{
    readonly day: string;
    readonly realizedPnl: string;
    readonly feesPaid: string;
    readonly fundingPnl: string;
  }>;
}

/**
 * P&L of one hedge-mode position: realized from fills (average entry), fees and
 * funding in the settlement asset, unrealized against a mark price.
 */
export function futuresPositionPnl(
  state: FuturesPositionState,
  options: {
    readonly markPrice: string | null;
    readonly settlementAsset: string;
    readonly feeAssetPrices?: FeeAssetPrices;
    readonly scale?: number;
  },
): FuturesPositionPnl | DomainError {
  return refusalAsValue(() => {
    const fold = foldPosition(state);
    const days = new Map<string, { realized: Dec; fees: Dec; funding: Dec }>();
    const onDay = (time: number) => {
      const day = utcDay(time);
      const totals = days.get(day) ?? { realized: new Dec(0), fees: new Dec(0), funding: new Dec(0) };
      days.set(day, totals);
      return totals;
    };
    for (const { time, realized } of fold.realizedByFill)
      onDay(time).realized = onDay(time).realized.plus(realized);
    let fees = new Dec(0);
    for (const fill of state.fills) {
      if (fill.fee === null) continue;
      const fee = new Dec(fill.fee.amount).times(priceOf(fill.fee.asset, options));
      fees = fees.plus(fee);
      onDay(fill.time).fees = onDay(fill.time).fees.plus(fee);
    }
    let funding = new Dec(0);
    for (const payment of state.funding) {
      const amount = new Dec(payment.amount).times(priceOf(payment.asset, options));
      funding = funding.plus(amount);
      onDay(payment.time).funding = onDay(payment.time).funding.plus(amount);
    }
    const money = (value: Dec): string =>
      options.scale === undefined ? canonicalDecimal(value) : roundToScale(value, options.scale);
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
      byDay: [...days.entries()]
        .sort(([left], [right]) => (left < right ? -1 : 1))
        .map(([day, totals]) => ({
          day,
          realizedPnl: money(totals.realized),
          feesPaid: money(totals.fees),
          fundingPnl: money(totals.funding),
        })),
    };
  });
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
