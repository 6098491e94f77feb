import Decimal from 'decimal.js';

/**
 * What orders already hold of an account's funds, from rm_orders: open orders (the venue
 * has locked for them) and in-flight ones (intent recorded, venue answer pending or
 * uncertain), which the venue's balances may not show yet.
 */
export const HOLDING_STATUSES = [
  'PENDING_SUBMIT',
  'UNCERTAIN',
  'PENDING_NEW',
  'NEW',
  'PARTIALLY_FILLED',
  'PENDING_CANCEL',
] as const;

export const IN_FLIGHT_STATUSES = ['PENDING_SUBMIT', 'UNCERTAIN'] as const;

export interface HoldingOrderRow {
  readonly symbol: string;
  readonly side: string;
  readonly type: string;
  readonly status: string;
  readonly price: string | null;
  readonly origQty: string | null;
  readonly amount: string | null;
  readonly executedQty: string;
  readonly cumulativeQuoteQty: string;
  readonly leverage: string | null;
}

export interface SymbolAssets {
  readonly baseAsset: string;
  readonly quoteAsset: string;
}

const dec = (value: string | null | undefined): Decimal => new Decimal(value ?? 0);
const nonNegative = (value: Decimal): Decimal => (value.isNegative() ? new Decimal(0) : value);

/**
 * What open and in-flight spot orders hold of `asset`: a buy holds quote (remaining
 * quantity x limit price, or the unspent amount of a market buy; a market buy by
 * quantity at `referencePrice`), a sell holds its remaining base quantity.
 */
export function spotHeld(
  rows: readonly HoldingOrderRow[],
  asset: string,
  assetsOf: (symbol: string) => SymbolAssets | undefined,
  referencePrice: (symbol: string) => string | null,
): Decimal {
  let held = new Decimal(0);
  for (const row of rows) {
    const assets = assetsOf(row.symbol);
    if (assets === undefined) continue;
    const remaining = nonNegative(dec(row.origQty).minus(row.executedQty));
    if (row.side === 'SELL' && assets.baseAsset === asset) held = held.plus(remaining);
    if (row.side === 'BUY' && assets.quoteAsset === asset) {
      if (row.amount !== null) held = held.plus(nonNegative(dec(row.amount).minus(row.cumulativeQuoteQty)));
      else {
        const price = row.type === 'MARKET' ? referencePrice(row.symbol) : row.price;
        if (price !== null) held = held.plus(remaining.times(price));
      }
    }
  }
  return held;
}

/**
 * Margin that in-flight futures orders will take once the venue has them (open orders'
 * margin is already out of the venue's available balance): remaining contracts x
 * multiplier x price / leverage, for orders that open a position.
 */
export function futuresInFlightMargin(
  rows: readonly HoldingOrderRow[],
  multiplierOf: (symbol: string) => string | undefined,
  referencePrice: (symbol: string) => string | null,
  leverageOf: (symbol: string) => string,
): Decimal {
  let held = new Decimal(0);
  for (const row of rows) {
    if (!(IN_FLIGHT_STATUSES as readonly string[]).includes(row.status)) continue;
    if (!row.side.endsWith('_OPEN')) continue;
    const multiplier = multiplierOf(row.symbol);
    const price = row.price ?? referencePrice(row.symbol);
    if (multiplier === undefined || price === null) continue;
    const remaining = nonNegative(dec(row.origQty).minus(row.executedQty));
    held = held.plus(
      remaining
        .times(multiplier)
        .times(price)
        .div(row.leverage ?? leverageOf(row.symbol)),
    );
  }
  return held;
}
