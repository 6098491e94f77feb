import type { EngineContext } from '../engine-context';
import type { DeskFill } from '../events/fill-publication';
import { VenueEngineError } from '../engine-error';
import { bookOf } from '../engine-context';
import type { Instrument } from '../instruments/instrument-registry';
import type { EngineDecimal } from '../support/engine-decimal';
import type { BookSide, RestingOrder } from './order-book';
import type { MatchOutcome, TakerSpec } from './order-matcher';
import { matchIncoming } from './order-matcher';

/** Books the resting side of a fill. */
export type MakerBooking = (maker: RestingOrder, fill: DeskFill) => void;

export interface MatchSettlement {
  /** The resting side; each exchange skips the participants' orders, which are never settled. */
  readonly settleMaker: MakerBooking;
  /** The incoming side; absent for participants, whose side is never settled. */
  readonly settleTaker?: (fill: DeskFill) => void;
  /** A maker removed by EXPIRE_MAKER self-trade prevention. */
  readonly onMakerExpired: (maker: RestingOrder) => void;
}

/**
 * Matches an incoming order, spot or futures alike: each fill gets a new ticket id,
 * the maker is booked before the taker, and the trade is printed on the public tape.
 */
export function tradeAgainstBook(
  context: EngineContext,
  symbol: string,
  taker: TakerSpec,
  settlement: MatchSettlement,
): MatchOutcome {
  const time = context.clock.now();
  return matchIncoming(bookOf(context, symbol), taker, {
    onFill: (maker, quantity, price) => {
      const ticketId = context.ids.nextId();
      // The maker's fill names no counter order; the taker's names the maker it met.
      settlement.settleMaker(maker, { quantity, price, isMaker: true, ticketId, matchOrderId: '0', time });
      settlement.settleTaker?.({
        quantity,
        price,
        isMaker: false,
        ticketId,
        matchOrderId: maker.orderId,
        time,
      });
      context.tape.record(symbol, {
        ticketId,
        time,
        price,
        quantity,
        isBuyerMaker: taker.side === 'SELL',
      });
    },
    onMakerExpired: settlement.onMakerExpired,
  });
}

/** Puts an order's unfilled quantity on the book behind everything already resting at its price. */
export function restOnBook(
  context: EngineContext,
  symbol: string,
  order: {
    readonly orderId: string;
    readonly side: BookSide;
    readonly price: EngineDecimal;
    readonly remaining: EngineDecimal;
    readonly accountId: string;
    readonly isParticipant: boolean;
  },
): void {
  bookOf(context, symbol).add({ ...order, restedAt: context.nextArrival() });
}

/**
 * A simulated participant's order: it trades with the desk orders it crosses (only
 * their side is booked) and rests the rest. Its own orders expire instead of trading
 * with each other.
 */
export function placeParticipantOrder(
  context: EngineContext,
  instrument: Instrument,
  order: {
    readonly accountId: string;
    readonly side: BookSide;
    readonly price: EngineDecimal;
    readonly quantity: EngineDecimal;
  },
  settleMaker: MakerBooking,
): void {
  const outcome = tradeAgainstBook(
    context,
    instrument.symbol,
    {
      side: order.side,
      limitPrice: order.price,
      quantity: order.quantity,
      stepSize: instrument.stepSize,
      multiplier: instrument.multiplier,
      accountId: order.accountId,
      stpMode: 'EXPIRE_MAKER',
    },
    { settleMaker, onMakerExpired: () => undefined },
  );
  const rest = order.quantity.minus(outcome.filledQuantity);
  if (rest.gt(0)) {
    restOnBook(context, instrument.symbol, {
      orderId: context.ids.nextId(),
      side: order.side,
      price: order.price,
      remaining: rest,
      accountId: order.accountId,
      isParticipant: true,
    });
  }
}

/**
 * The common first half of a cancel: a finished order answers the exchange's codes,
 * a live one leaves the book and the queue of orders waiting out a matching pause.
 */
export function withdrawOrder<TOrder extends { readonly symbol: string; readonly orderId: string }>(
  context: EngineContext,
  waiting: TOrder[],
  order: TOrder & { readonly status: string; readonly isTerminal: boolean },
): void {
  if (order.status === 'FILLED') throw new VenueEngineError('orderAlreadyFilled');
  if (order.isTerminal) throw new VenueEngineError('orderAlreadyCanceled');
  bookOf(context, order.symbol).remove(order.orderId);
  const waitingIndex = waiting.indexOf(order);
  if (waitingIndex >= 0) waiting.splice(waitingIndex, 1);
}
