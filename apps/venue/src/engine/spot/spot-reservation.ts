import type { FillPreview } from '../book/order-matcher';
import { previewFill } from '../book/order-matcher';
import type { EngineContext } from '../engine-context';
import { bookOf } from '../engine-context';
import type { Instrument } from '../instruments/instrument-registry';
import type { EngineDecimal } from '../support/engine-decimal';
import { ONE } from '../support/engine-decimal';
import type { SpotOrder } from './spot-order';
import type { ValidatedSpotOrder } from './spot-order-intake';

export interface SpotReservation {
  readonly asset: string;
  readonly amount: EngineDecimal;
}

/** Market buys by quantity and market sells by cash amount can only size their reservation from the book. */
export function needsBookForReservation(valid: ValidatedSpotOrder): boolean {
  return (
    valid.type === 'MARKET' &&
    ((valid.side === 'BUY' && valid.amount.isZero()) || (valid.side === 'SELL' && valid.amount.gt(0)))
  );
}

/**
 * What an order must reserve: a BUY its quote cost (limit price x quantity, the cash
 * amount, or the book's current cost for a market quantity), a SELL its base
 * quantity (or what the book needs to raise the cash amount).
 */
export function reservationFor(context: EngineContext, valid: ValidatedSpotOrder): SpotReservation {
  const { baseAsset, quoteAsset } = valid.instrument.record;
  if (valid.side === 'BUY') {
    if (valid.type !== 'MARKET') return { asset: quoteAsset, amount: valid.quantity.mul(valid.price) };
    if (valid.amount.gt(0)) return { asset: quoteAsset, amount: valid.amount };
    return { asset: quoteAsset, amount: previewFor(context, valid, valid.quantity, undefined).quote };
  }
  if (valid.type === 'MARKET' && valid.amount.gt(0)) {
    return {
      asset: baseAsset,
      amount: previewFor(context, valid, valid.instrument.marketMaxQty, valid.amount).quantity,
    };
  }
  return { asset: baseAsset, amount: valid.quantity };
}

/** The reservation of an order accepted while matching was paused, sized when it finally meets the book. */
export function reservationForOrder(
  context: EngineContext,
  order: SpotOrder,
  instrument: Instrument,
): SpotReservation {
  return reservationFor(context, {
    instrument,
    account: context.users.requireAccount(order.accountId),
    side: order.side,
    type: order.type,
    timeInForce: order.timeInForce,
    stpMode: order.stpMode,
    price: order.price,
    quantity: order.origQty,
    amount: order.reqAmount,
    clientOrderId: order.clientOrderId,
  });
}

function previewFor(
  context: EngineContext,
  valid: ValidatedSpotOrder,
  quantity: EngineDecimal,
  quoteBudget: EngineDecimal | undefined,
): FillPreview {
  return previewFill(bookOf(context, valid.instrument.symbol), {
    side: valid.side,
    quantity,
    quoteBudget,
    stepSize: valid.instrument.stepSize,
    multiplier: ONE,
    accountId: valid.account.accountId,
    stpMode: valid.stpMode,
  });
}
