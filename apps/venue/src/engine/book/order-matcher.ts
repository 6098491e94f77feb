import { EngineDecimal, ZERO, floorToStep, minDecimal } from '../support/engine-decimal';
import type { StpMode } from '../types/spot.types';
import type { BookSide, OrderBook, RestingOrder } from './order-book';

export interface TakerSpec {
  readonly side: BookSide;
  /** Absent for market orders. */
  readonly limitPrice?: EngineDecimal;
  /** Quantity still to fill; for cash-amount orders a cap that is never the binding limit. */
  readonly quantity: EngineDecimal;
  /** Quote value still to trade (cash-amount market orders). */
  readonly quoteBudget?: EngineDecimal;
  readonly stepSize: EngineDecimal;
  /** Quote value of one unit of quantity at price 1 (the contract multiplier; 1 for spot). */
  readonly multiplier: EngineDecimal;
  readonly accountId: string;
  readonly stpMode: StpMode;
}

export interface MatchHooks {
  onFill(maker: RestingOrder, quantity: EngineDecimal, price: EngineDecimal): void;
  /** The maker was taken off the book by EXPIRE_MAKER self-trade prevention. */
  onMakerExpired(maker: RestingOrder): void;
}

export type MatchStop = 'complete' | 'noCross' | 'selfTrade' | 'budget';

export interface MatchOutcome {
  readonly filledQuantity: EngineDecimal;
  readonly filledQuote: EngineDecimal;
  readonly stop: MatchStop;
}

function crosses(taker: TakerSpec, maker: RestingOrder): boolean {
  if (taker.limitPrice === undefined) return true;
  return taker.side === 'BUY' ? maker.price.lte(taker.limitPrice) : maker.price.gte(taker.limitPrice);
}

function fillableAgainst(
  taker: TakerSpec,
  maker: RestingOrder,
  quantityLeft: EngineDecimal,
  quoteLeft?: EngineDecimal,
): EngineDecimal {
  let quantity = minDecimal(quantityLeft, maker.remaining);
  if (quoteLeft !== undefined) {
    quantity = minDecimal(
      quantity,
      floorToStep(quoteLeft.div(maker.price.mul(taker.multiplier)), taker.stepSize),
    );
  }
  return quantity;
}

function oppositeOf(side: BookSide): BookSide {
  return side === 'BUY' ? 'SELL' : 'BUY';
}

/**
 * Trades an incoming order against the book in price-time priority at the makers'
 * prices. Self-trade prevention compares owner accounts: EXPIRE_TAKER stops the
 * taker at the first own order, EXPIRE_MAKER removes own orders and goes on.
 */
export function matchIncoming(book: OrderBook, taker: TakerSpec, hooks: MatchHooks): MatchOutcome {
  const opposite = oppositeOf(taker.side);
  let quantityLeft = taker.quantity;
  let quoteLeft = taker.quoteBudget;
  let filledQuantity = ZERO;
  let filledQuote = ZERO;
  for (;;) {
    if (quantityLeft.lte(0)) return { filledQuantity, filledQuote, stop: 'complete' };
    if (quoteLeft !== undefined && quoteLeft.lte(0)) return { filledQuantity, filledQuote, stop: 'budget' };
    const maker = book.best(opposite);
    if (maker === undefined || !crosses(taker, maker))
      return { filledQuantity, filledQuote, stop: 'noCross' };
    if (maker.accountId === taker.accountId) {
      if (taker.stpMode === 'EXPIRE_TAKER') return { filledQuantity, filledQuote, stop: 'selfTrade' };
      book.remove(maker.orderId);
      hooks.onMakerExpired(maker);
      continue;
    }
    const quantity = fillableAgainst(taker, maker, quantityLeft, quoteLeft);
    if (quantity.lte(0)) return { filledQuantity, filledQuote, stop: 'budget' };
    const quote = quantity.mul(maker.price).mul(taker.multiplier);
    maker.remaining = maker.remaining.minus(quantity);
    if (maker.remaining.lte(0)) book.remove(maker.orderId);
    quantityLeft = quantityLeft.minus(quantity);
    if (quoteLeft !== undefined) quoteLeft = quoteLeft.minus(quote);
    filledQuantity = filledQuantity.plus(quantity);
    filledQuote = filledQuote.plus(quote);
    hooks.onFill(maker, quantity, maker.price);
  }
}

export interface FillPreview {
  readonly quantity: EngineDecimal;
  readonly quote: EngineDecimal;
}

/** What `matchIncoming` would fill right now, without changing anything (FOK, market cost estimates). */
export function previewFill(book: OrderBook, taker: TakerSpec): FillPreview {
  let quantityLeft = taker.quantity;
  let quoteLeft = taker.quoteBudget;
  let quantity = ZERO;
  let quote = ZERO;
  for (const maker of book.walk(oppositeOf(taker.side))) {
    if (quantityLeft.lte(0) || !crosses(taker, maker)) break;
    if (maker.accountId === taker.accountId) {
      if (taker.stpMode === 'EXPIRE_TAKER') break;
      continue;
    }
    const part = fillableAgainst(taker, maker, quantityLeft, quoteLeft);
    if (part.lte(0)) break;
    const partQuote: EngineDecimal = part.mul(maker.price).mul(taker.multiplier);
    quantityLeft = quantityLeft.minus(part);
    if (quoteLeft !== undefined) quoteLeft = quoteLeft.minus(partQuote);
    quantity = quantity.plus(part);
    quote = quote.plus(partQuote);
  }
  return { quantity, quote };
}
