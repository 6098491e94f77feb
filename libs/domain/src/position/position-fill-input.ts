import { FuturesFillObservation, futuresFillId } from '../observations/futures-fill-observed';
import { FuturesOrderSide } from '../observations/futures-order-observed';
import { InferredFill } from '../orders/order-fills';
import { FuturesOrderState } from '../futures-order/futures-order.types';
import { PositionFillInput } from './futures-position.types';

/**
 * A futures fill as position input. The WS fill says only BUY or SELL, so the side
 * comes from the fill's order (REST `side`, or the order aggregate's request / report).
 */
export function positionFillOf(
  observation: FuturesFillObservation,
  orderSide: FuturesOrderSide,
): PositionFillInput {
  return {
    accountId: observation.accountId,
    symbol: observation.symbol,
    fillId: futuresFillId(observation),
    orderId: observation.orderId,
    orderSide: observation.orderSide ?? orderSide,
    price: observation.price,
    contracts: observation.quantity,
    fee: observation.fee,
    venueRealizedPnl: observation.realizedPnl,
    time: observation.tradeTime,
    inferred: false,
  };
}

/** An order's inferred fill as position input; null while its price or side is unknown. */
export function inferredPositionFillOf(
  order: FuturesOrderState,
  fill: InferredFill,
): PositionFillInput | null {
  const side = order.request?.side ?? order.venue?.side ?? null;
  if (
    fill.price === null ||
    side === null ||
    order.accountId === null ||
    order.symbol === null ||
    order.orderId === null
  ) {
    return null;
  }
  return {
    accountId: order.accountId,
    symbol: order.symbol,
    fillId: fill.fillId,
    orderId: order.orderId,
    orderSide: side,
    price: fill.price,
    contracts: fill.qty,
    fee: null,
    venueRealizedPnl: null,
    time: order.venue?.updateTime ?? 0,
    inferred: true,
  };
}
