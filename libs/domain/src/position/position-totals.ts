import { Dec, canonicalDecimal } from '../shared/decimal';
import { positionEffect } from '../futures-order/contract-quantity';
import { CostMethod, EMPTY_LEDGER, LedgerState, applyTrade, openQuantity } from '../pnl/lot-ledger';
import { sortsAfter } from '../shared/sorted-by-time';
import { FundingPayment, PositionFill, PositionOpenLot, PositionTotals } from './futures-position.types';

export const EMPTY_POSITION_TOTALS: PositionTotals = {
  through: null,
  fillCount: 0,
  openLot: null,
  realizedPnl: '0',
  overclosedContracts: '0',
  fees: {},
  contractMultiplier: null,
  fundingThrough: null,
  fundingCount: 0,
  funding: {},
};

/** What one fill does to an average-entry ledger. */
export interface PositionFillStep {
  readonly ledger: LedgerState;
  /** Realized (gross) by this fill. */
  readonly realized: Dec;
  /** Contracts this fill closed beyond what was open. */
  readonly overclosedContracts: Dec;
}

/**
 * One fill through the average-entry ledger, the venue's method. Base quantity =
 * contracts x multiplier; fees stay outside the ledger (gross P&L).
 */
export function stepPositionFill(
  ledger: LedgerState,
  fill: PositionFill,
  method: CostMethod = 'average-cost',
): PositionFillStep {
  const base = new Dec(fill.contracts).times(fill.contractMultiplier);
  const { position, opens } = positionEffect(fill.orderSide);
  const sign = (position === 'LONG') === opens ? 1 : -1;
  const value = base.times(fill.price);
  const open = openQuantity(ledger).abs();
  const overclosed =
    !opens && base.greaterThan(open) ? base.minus(open).dividedBy(fill.contractMultiplier) : new Dec(0);
  const outcome = applyTrade(
    ledger,
    { quantity: base.times(sign), rawValue: value, effectiveValue: value },
    method,
  );
  return { ledger: outcome.ledger, realized: outcome.realizedGross, overclosedContracts: overclosed };
}

/** The totals' ledger in decimals (average entry keeps at most one open lot). */
export function ledgerOfTotals(totals: PositionTotals): LedgerState {
  const realized = new Dec(totals.realizedPnl);
  const lot = totals.openLot;
  if (lot === null) return { ...EMPTY_LEDGER, realizedGross: realized, realizedNet: realized };
  const value = new Dec(lot.value);
  return {
    lots: [{ side: lot.side, quantity: new Dec(lot.quantity), rawValue: value, effectiveValue: value }],
    realizedGross: realized,
    realizedNet: realized,
  };
}

/**
 * The open lots of a ledger as one lot, as the totals keep it: an average-entry ledger
 * has at most one; a FIFO one (a P&L report's) the lots still open, all on the
 * position's side, whose summed cost values what is held.
 */
export function openLotOf(ledger: LedgerState): PositionOpenLot | null {
  const [first, ...rest] = ledger.lots;
  if (first === undefined) return null;
  let quantity = first.quantity;
  let value = first.rawValue;
  for (const lot of rest) {
    quantity = quantity.plus(lot.quantity);
    value = value.plus(lot.rawValue);
  }
  return { side: first.side, quantity: canonicalDecimal(quantity), value: canonicalDecimal(value) };
}

/** True when `fill` sorts after every fill settled into `totals`. */
export function isAfterSettled(totals: PositionTotals, fill: { time: number; fillId: string }): boolean {
  const { through } = totals;
  return sortsAfter(
    { time: fill.time, id: fill.fillId },
    through === null ? null : { time: through.time, id: through.fillId },
  );
}

function addTo(
  amounts: Readonly<Record<string, string>>,
  asset: string,
  amount: Dec,
): Record<string, string> {
  return { ...amounts, [asset]: canonicalDecimal(new Dec(amounts[asset] ?? 0).plus(amount)) };
}

function withFee(totals: PositionTotals, fill: PositionFill, sign: 1 | -1): PositionTotals {
  if (fill.fee === null) return totals;
  const { asset } = fill.fee;
  const amount = new Dec(fill.fee.amount).times(sign);
  return { ...totals, fees: addTo(totals.fees, asset, amount) };
}

/**
 * Folds one more real fill into the totals: the next in (time, fillId) order, or a fill
 * reported after the window had moved past its time, which is folded in now (its P&L
 * against the entry of now, not of its time).
 */
export function settleFill(totals: PositionTotals, fill: PositionFill): PositionTotals {
  const step = stepPositionFill(ledgerOfTotals(totals), fill);
  const after = isAfterSettled(totals, fill);
  const settled: PositionTotals = {
    ...totals,
    through: after ? { time: fill.time, fillId: fill.fillId } : totals.through,
    fillCount: totals.fillCount + 1,
    openLot: openLotOf(step.ledger),
    realizedPnl: canonicalDecimal(step.ledger.realizedGross),
    overclosedContracts: canonicalDecimal(new Dec(totals.overclosedContracts).plus(step.overclosedContracts)),
    contractMultiplier: after
      ? fill.contractMultiplier
      : (totals.contractMultiplier ?? fill.contractMultiplier),
  };
  return withFee(settled, fill, 1);
}

/**
 * A settled fill reported again with details it lacked (the poll's fee after the
 * stream's report): the same price and contracts (a disagreement is a break, never an
 * event), so only the fee changes.
 */
export function replaceSettledFill(
  totals: PositionTotals,
  replaced: PositionFill,
  fill: PositionFill,
): PositionTotals {
  return withFee(withFee(totals, replaced, -1), fill, 1);
}

/** True when `payment` sorts after every funding payment settled into `totals`. */
export function isAfterSettledFunding(
  totals: PositionTotals,
  payment: { time: number; fundingId: string },
): boolean {
  const { fundingThrough } = totals;
  return sortsAfter(
    { time: payment.time, id: payment.fundingId },
    fundingThrough === null ? null : { time: fundingThrough.time, id: fundingThrough.fundingId },
  );
}

/** Folds one more funding payment into the totals (a sum: its order does not matter). */
export function settleFunding(totals: PositionTotals, payment: FundingPayment): PositionTotals {
  const amount = new Dec(payment.amount);
  return {
    ...totals,
    fundingThrough: isAfterSettledFunding(totals, payment)
      ? { time: payment.time, fundingId: payment.fundingId }
      : totals.fundingThrough,
    fundingCount: totals.fundingCount + 1,
    funding: addTo(totals.funding, payment.asset, amount),
  };
}
