import Decimal from 'decimal.js';
import { FuturesOrderRequest, FuturesStopOrderRequest, SpotOrderRequest } from '@oms/domain';

/**
 * What orders already hold of an account's funds, from rm_orders: open orders (the venue
 * has locked for them) and in-flight ones (intent recorded, venue answer pending or
 * uncertain), which the venue's balances may not show yet. The kept spot holdings
 * (Postgres function rm_spot_held) count the same statuses; a spec holds them together.
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

/**
 * What the holding spot orders of one symbol and side still need, kept summed in
 * Postgres (rm_spot_holdings: the cost of a check does not grow with the number of open
 * orders): the remaining quantity of all of them, the unspent amounts of orders by amount, remaining x limit
 * price of the others, and the remaining quantity of market orders by quantity (valued
 * at the reference price when the check is made).
 */
export interface SpotHolding {
  readonly symbol: string;
  readonly side: string;
  readonly remainingQty: string;
  readonly unspentAmount: string;
  readonly limitQuote: string;
  readonly marketRemainingQty: string;
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
 * quantity at `referencePrice`), a sell holds its remaining base quantity (a market sell
 * by amount, its unraised amount at `referencePrice`).
 */
export function spotHeld(
  holdings: readonly SpotHolding[],
  asset: string,
  assetsOf: (symbol: string) => SymbolAssets | undefined,
  referencePrice: (symbol: string) => string | null,
): Decimal {
  let held = new Decimal(0);
  for (const holding of holdings) {
    const assets = assetsOf(holding.symbol);
    if (assets === undefined) continue;
    const price = referencePrice(holding.symbol);
    if (holding.side === 'SELL' && assets.baseAsset === asset) {
      held = held.plus(holding.remainingQty);
      if (price !== null) held = held.plus(dec(holding.unspentAmount).div(price));
    }
    if (holding.side === 'BUY' && assets.quoteAsset === asset) {
      held = held.plus(holding.unspentAmount).plus(holding.limitQuote);
      if (price !== null) held = held.plus(dec(holding.marketRemainingQty).times(price));
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

/**
 * What a spot order holds from its intent on (PENDING_SUBMIT, nothing executed): the
 * amounts `rm_spot_held` gives its rm_orders row, so that a batch's checks count the
 * orders of the batch before their intents are written.
 */
export function spotHoldingOfIntent(request: SpotOrderRequest): SpotHolding {
  const quantity = dec(request.quantity);
  const byAmount = request.amount !== null;
  const market = request.type === 'MARKET';
  return {
    symbol: request.symbol,
    side: request.side,
    remainingQty: quantity.toFixed(),
    unspentAmount: byAmount ? dec(request.amount).toFixed() : '0',
    limitQuote:
      !byAmount && !market && request.price !== null ? quantity.times(request.price).toFixed() : '0',
    marketRemainingQty: !byAmount && market ? quantity.toFixed() : '0',
  };
}

/** A futures order's rm_orders row as its intent writes it (PENDING_SUBMIT, nothing executed). */
export function futuresHoldingOfIntent(
  request: FuturesOrderRequest | FuturesStopOrderRequest,
): HoldingOrderRow {
  return {
    symbol: request.symbol,
    side: request.side,
    type: request.product === 'futures-stop' ? 'STOP' : 'LIMIT',
    status: 'PENDING_SUBMIT',
    price: request.price,
    origQty: request.quantity,
    amount: null,
    executedQty: '0',
    cumulativeQuoteQty: '0',
    leverage: null,
  };
}
