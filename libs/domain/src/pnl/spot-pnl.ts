import { DomainError, invalidField, refusalAsValue } from '../shared/domain-error';
import { FieldReader } from '../shared/field-reader';
import { compareByTimeThenId } from '../shared/sorted-by-time';
import { Fee } from '../observations/observation-source';
import { SpotOrderSide } from '../observations/spot-order-observed';
import { FeeAssetPrices } from './fee-valuation';
import { CostMethod } from './lot-ledger';
import { SpotPnlFolding, readSpotPnlFill } from './spot-pnl-folding';

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
  /**
   * Against the mark, on trade prices: fees left to `feesPaid`, as `realizedGrossPnl`
   * leaves them; null without a mark.
   */
  readonly unrealizedGrossPnl: string | null;
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
  const given = refusalAsValue(() => {
    FieldReader.of(input, 'input');
    if (!Array.isArray(input.fills)) throw invalidField('input.fills', 'must be an array');
  });
  if (given instanceof DomainError) return given;
  const folding = SpotPnlFolding.start(input);
  if (folding instanceof DomainError) return folding;
  const fills = refusalAsValue(() => uniqueFillsInOrder(input.fills));
  if (fills instanceof DomainError) return fills;
  return folding.add(fills) ?? folding.report();
}

/** Refusals name a fill by its index in the caller's array; the first of a repeated fillId counts. */
function uniqueFillsInOrder(fills: readonly SpotPnlFill[]): SpotPnlFill[] {
  const byId = new Map<string, SpotPnlFill>();
  fills.forEach((fill, index) => {
    const parsed = readSpotPnlFill(fill, `input.fills[${index}]`);
    if (!byId.has(parsed.fillId)) byId.set(parsed.fillId, parsed);
  });
  return [...byId.values()].sort((a, b) =>
    compareByTimeThenId({ time: a.time, id: a.fillId }, { time: b.time, id: b.fillId }),
  );
}
