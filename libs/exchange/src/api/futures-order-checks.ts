import { InvalidRequestError } from '../errors/exchange-errors';
import { RequestParams } from '../http/query-string';
import {
  checkClientOrderId,
  checkContracts,
  checkPositiveDecimal,
  REQUEST_LIMITS,
  requireText,
} from '../validation/request-limits';
import { SymbolRulebook } from '../validation/symbol-rules';
import { WireFuturesOrderRequest } from '../wire/futures-order.wire';

/** Checks a futures order against the seeds' rules and the symbol's filters. */
export function checkFuturesOrder(
  order: WireFuturesOrderRequest,
  field: string,
  rules: SymbolRulebook | undefined,
): void {
  requireText(`${field}.symbol`, order.symbol);
  requireText(`${field}.clientOrderId`, order.clientOrderId);
  checkClientOrderId(`${field}.clientOrderId`, order.clientOrderId, REQUEST_LIMITS.clientOrderIdMaxLength);
  checkContracts(`${field}.quantity`, order.quantity);
  checkPositiveDecimal(`${field}.price`, order.price);
  checkPositiveDecimal(`${field}.stopPrice`, order.stopPrice);
  if (order.type === 'STOP') {
    if (order.stopPrice === undefined)
      throw new InvalidRequestError(`${field}.stopPrice`, 'is required for a STOP order');
  } else if (order.priceType === 'MARKET') {
    if (order.price !== undefined)
      throw new InvalidRequestError(`${field}.price`, 'must be omitted when priceType is MARKET');
  } else if (order.price === undefined) {
    throw new InvalidRequestError(`${field}.price`, 'is required for a LIMIT order with priceType INPUT');
  }
  if (order.type === 'LIMIT' && order.stopPrice !== undefined) {
    throw new InvalidRequestError(`${field}.stopPrice`, 'is for STOP orders only');
  }
  rules?.get(order.symbol)?.checkFuturesOrder(order, field);
}

export function futuresOrderParams(order: WireFuturesOrderRequest): RequestParams {
  return {
    symbol: order.symbol,
    side: order.side,
    type: order.type,
    quantity: order.quantity,
    price: order.price,
    priceType: order.priceType,
    stopPrice: order.stopPrice,
    timeInForce: order.timeInForce,
    clientOrderId: order.clientOrderId,
    stpMode: order.stpMode,
  };
}
