import { Dec, canonicalDecimal, roundToScale } from '../shared/decimal';
import { DomainError, invalidField, refusalAsValue } from '../shared/domain-error';
import { FieldReader } from '../shared/field-reader';
import { Fee, readFee } from '../observations/observation-source';
import { SPOT_ORDER_SIDES, SpotOrderSide } from '../observations/spot-order-observed';
import { FeeAssetPrices, valueFee } from './fee-valuation';
import { utcDay } from './utc-day';
import {
  CostMethod,
  EMPTY_LEDGER,
  LedgerState,
  applyTrade,
  averageOpenPrice,
  lotPrice,
  openQuantity,
  unrealizedAt,
} from './lot-ledger';

export interface SpotPnlFill {
  readonly fillId: string;
  readonly side: SpotOrderSide;
  readonly price: string;
  readonly qty: string;
  readonly fee: Fee | null;
  readonly time: number;
}

export interface SpotPnlInput {
  readonly baseAsset: string;
  readonly quoteAsset: string;
  /** Chosen per report. */
  readonly method: CostMethod;
  readonly fills: readonly SpotPnlFill[];
  /** Unrealized P&L is reported only when a mark price is given. */
  readonly markPrice: string | null;
  readonly feeAssetPrices?: FeeAssetPrices;
  /** Decimal places of the report's quote amounts (half-to-even); unrounded when absent. */
  readonly scale?: number;
}

export interface SpotPnlReport {
  readonly method: CostMethod;
  /** Signed base quantity still open: positive long, negative short. */
  readonly position: string;
  /** Average price of the open quantity, fees included. */
  readonly averageCost: string;
  /** Average trade price of the open quantity, without fees. */
  readonly averageEntryPrice: string;
  /** Realized P&L net of every fee paid on the closed quantity. */
  readonly realizedPnl: string;
  /** Realized P&L on trade prices alone. */
  readonly realizedGrossPnl: string;
  /** Every fee paid, valued in the quote asset. */
  readonly feesPaid: string;
  /** Against the mark, on the fee-inclusive cost; null without a mark. */
  readonly unrealizedPnl: string | null;
  readonly totalPnl: string | null;
  readonly openLots: ReadonlyArray<{
    readonly side: 'long' | 'short';
    readonly quantity: string;
    readonly averageCost: string;
  }>;
  readonly fillsCounted: number;
  /** Realized P&L and fees by UTC day of the fill that realized or paid them. */
  readonly byDay: ReadonlyArray<{
    readonly day: string;
    readonly realizedPnl: string;
    readonly realizedGrossPnl: string;
    readonly feesPaid: string;
  }>;
}

/**
 * Spot P&L of one symbol from its fills, by average cost or FIFO lots. Fills are
 * taken in (time, fillId) order and counted once per fillId.
 */
export function spotPnlReport(input: SpotPnlInput): SpotPnlReport | DomainError {
  return refusalAsValue(() => computeSpotPnl(input));
}

function computeSpotPnl(input: SpotPnlInput): SpotPnlReport {
  const reader = FieldReader.of(input, 'input');
  if (!Array.isArray(input.fills)) throw invalidField('input.fills', 'must be an array');
  reader.string('baseAsset');
  reader.string('quoteAsset');
  reader.oneOf('method', ['average-cost', 'fifo']);
  const fills = uniqueFillsInOrder(input.fills);
  const mark =
    input.markPrice === null
      ? null
      : new Dec(FieldReader.of(input, 'input').decimal('markPrice', 'positive'));
  if (input.scale !== undefined && (!Number.isSafeInteger(input.scale) || input.scale < 0)) {
    throw invalidField('input.scale', 'must be a whole number of decimal places');
  }
  let ledger: LedgerState = EMPTY_LEDGER;
  let fees = new Dec(0);
  const days = new Map<string, { net: Dec; gross: Dec; fees: Dec }>();
  fills.forEach((fill, index) => {
    const field = `input.fills[${index}]`;
    const price = new Dec(fill.price);
    const qty = new Dec(fill.qty);
    const fee = valueFee(fill.fee, input, input.feeAssetPrices ?? {}, `${field}.fee`);
    fees = fees.plus(fee.quoteValue).plus(fee.baseAmount.times(price));
    const notional = price.times(qty);
    const quantity = fill.side === 'BUY' ? qty.minus(fee.baseAmount) : qty.plus(fee.baseAmount).negated();
    if (!quantity.greaterThan(0) && fill.side === 'BUY')
      throw invalidField(`${field}.fee`, 'exceeds the quantity bought');
    const cash = fill.side === 'BUY' ? notional.plus(fee.quoteValue) : notional.minus(fee.quoteValue);
    const outcome = applyTrade(
      ledger,
      { quantity, rawValue: price.times(quantity.abs()), effectiveValue: cash },
      input.method,
    );
    ledger = outcome.ledger;
    const day = utcDay(fill.time);
    const totals = days.get(day) ?? { net: new Dec(0), gross: new Dec(0), fees: new Dec(0) };
    days.set(day, {
      net: totals.net.plus(outcome.realizedNet),
      gross: totals.gross.plus(outcome.realizedGross),
      fees: totals.fees.plus(fee.quoteValue).plus(fee.baseAmount.times(price)),
    });
  });
  const money = (value: Dec): string =>
    input.scale === undefined ? canonicalDecimal(value) : roundToScale(value, input.scale);
  const unrealized = mark === null ? null : unrealizedAt(ledger, mark, 'effectiveValue');
  return {
    method: input.method,
    position: canonicalDecimal(openQuantity(ledger)),
    averageCost: canonicalDecimal(averageOpenPrice(ledger, 'effectiveValue')),
    averageEntryPrice: canonicalDecimal(averageOpenPrice(ledger, 'rawValue')),
    realizedPnl: money(ledger.realizedNet),
    realizedGrossPnl: money(ledger.realizedGross),
    feesPaid: money(fees),
    unrealizedPnl: unrealized === null ? null : money(unrealized),
    totalPnl: unrealized === null ? null : money(ledger.realizedNet.plus(unrealized)),
    openLots: ledger.lots.map((lot) => ({
      side: lot.side,
      quantity: canonicalDecimal(lot.quantity),
      averageCost: canonicalDecimal(lotPrice(lot, 'effectiveValue')),
    })),
    fillsCounted: fills.length,
    byDay: [...days.entries()]
      .sort(([left], [right]) => (left < right ? -1 : 1))
      .map(([day, totals]) => ({
        day,
        realizedPnl: money(totals.net),
        realizedGrossPnl: money(totals.gross),
        feesPaid: money(totals.fees),
      })),
  };
}

function uniqueFillsInOrder(fills: readonly SpotPnlFill[]): SpotPnlFill[] {
  const byId = new Map<string, SpotPnlFill>();
  fills.forEach((fill, index) => {
    const reader = FieldReader.of(fill, `input.fills[${index}]`);
    const parsed: SpotPnlFill = {
      fillId: reader.string('fillId'),
      side: reader.oneOf('side', SPOT_ORDER_SIDES),
      price: reader.decimal('price', 'positive'),
      qty: reader.decimal('qty', 'positive'),
      fee: readFee(reader, 'fee'),
      time: reader.time('time'),
    };
    if (!byId.has(parsed.fillId)) byId.set(parsed.fillId, parsed);
  });
  return [...byId.values()].sort(
    (a, b) => a.time - b.time || (a.fillId < b.fillId ? -1 : a.fillId > b.fillId ? 1 : 0),
  );
}
