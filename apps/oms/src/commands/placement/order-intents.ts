import {
  FuturesOrderRequest,
  FuturesStopOrderRequest,
  readFuturesOrderRequest,
  readFuturesStopOrderRequest,
  readSpotOrderRequest,
  SpotOrderRequest,
} from '@oms/domain';
import { OrderCommandEntry } from '../../orders/order-command.port';
import { CommandOrigin } from './order-commands';
import { FuturesOrderInput, SpotOrderInput } from './order-inputs';

/** A desk's spot order as libs/domain reads it (throws its DomainError naming the field). */
export function spotRequestOf(input: SpotOrderInput): SpotOrderRequest {
  return readSpotOrderRequest({
    accountId: input.account,
    symbol: input.symbol,
    side: input.side,
    type: input.type,
    quantity: input.quantity,
    amount: input.amount,
    price: input.price,
    timeInForce: input.timeInForce,
    stpMode: input.stpMode,
  });
}

/** A desk's futures order (limit or stop) as libs/domain reads it. */
export function futuresRequestOf(input: FuturesOrderInput): FuturesOrderRequest | FuturesStopOrderRequest {
  if (input.type === 'STOP') {
    return readFuturesStopOrderRequest({
      accountId: input.account,
      symbol: input.symbol,
      side: input.side,
      quantity: input.quantity,
      stopPrice: input.stopPrice,
      priceType: input.priceType,
      price: input.price,
      stpMode: input.stpMode,
    });
  }
  return readFuturesOrderRequest({
    accountId: input.account,
    symbol: input.symbol,
    side: input.side,
    priceType: input.priceType,
    quantity: input.quantity,
    price: input.price,
    timeInForce: input.timeInForce,
    stpMode: input.stpMode,
  });
}

export function actorOf(origin: CommandOrigin): string {
  return origin.actor ?? 'oms';
}

/** The command recording a spot order's intent under the client id the OMS generated, and its aggregate. */
export function spotIntentOf(
  account: string,
  clientOrderId: string,
  request: SpotOrderRequest,
  origin: CommandOrigin,
): Extract<OrderCommandEntry, { ref: { market: 'spot' } }> {
  return {
    ref: { market: 'spot', accountId: account, clientOrderId },
    command: { type: 'PlaceSpotOrder', clientOrderId, actor: actorOf(origin), request, now: Date.now() },
  };
}

/** The command recording a futures order's intent (a stop order has aggregates of its own). */
export function futuresIntentOf(
  account: string,
  clientOrderId: string,
  request: FuturesOrderRequest | FuturesStopOrderRequest,
  origin: CommandOrigin,
): Extract<OrderCommandEntry, { ref: { market: 'futures' | 'futures-stop' } }> {
  const actor = actorOf(origin);
  const now = Date.now();
  if (request.product === 'futures-stop') {
    return {
      ref: { market: 'futures-stop', accountId: account, clientOrderId },
      command: { type: 'PlaceFuturesStopOrder', clientOrderId, actor, request, now },
    };
  }
  return {
    ref: { market: 'futures', accountId: account, clientOrderId },
    command: { type: 'PlaceFuturesOrder', clientOrderId, actor, request, now },
  };
}
