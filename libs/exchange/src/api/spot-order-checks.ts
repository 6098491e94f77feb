import { InvalidRequestError } from '../errors/exchange-errors';
import { RequestParams } from '../http/query-string';
import {
  checkClientOrderId,
  checkPositiveDecimal,
  REQUEST_LIMITS,
  requireText,
} from '../validation/request-limits';
import { SymbolRulebook } from '../validation/symbol-rules';
import { WireSpotOrderRequest } from '../wire/spot-order.wire';
import { generateClientOrderId } from './client-order-id';

/** Seeds: GTC for limit and limit-maker, IOC for limit and market, FOK for limit. */
const TIME_IN_FORCE_BY_TYPE: Readonly<Record<WireSpotOrderRequest['type'], readonly string[]>> = {
  LIMIT: ['GTC', 'IOC', 'FOK'],
  LIMIT_MAKER: ['GTC'],
  MARKET: ['IOC'],
};

/** A spot order with its client order id filled in (generated when the caller gave none). */
export type PreparedSpotOrder = WireSpotOrderRequest & { readonly newClientOrderId: string };

/** Checks a spot order against the seeds' rules and the symbol's filters, and names its client order id. */
export function prepareSpotOrder(
  order: WireSpotOrderRequest,
  field: string,
  version: 'v1.0' | 'v1.1',
  rules: SymbolRulebook | undefined,
): PreparedSpotOrder {
  requireText(`${field}.symbol`, order.symbol);
  checkClientOrderId(
    `${field}.newClientOrderId`,
    order.newClientOrderId,
    REQUEST_LIMITS.clientOrderIdMaxLength,
  );
  checkPositiveDecimal(`${field}.quantity`, order.quantity);
  checkPositiveDecimal(`${field}.amount`, order.amount);
  checkPositiveDecimal(`${field}.price`, order.price);
  if (order.type === 'MARKET') {
    if (version === 'v1.0' && order.amount !== undefined) {
      throw new InvalidRequestError(`${field}.amount`, 'is not accepted by the v1.0 endpoint; use quantity');
    }
    if (order.quantity === undefined && order.amount === undefined) {
      throw new InvalidRequestError(`${field}.quantity`, 'or amount is required for a MARKET order');
    }
    if (order.quantity !== undefined && order.amount !== undefined) {
      throw new InvalidRequestError(`${field}.amount`, 'must not be sent together with quantity');
    }
  } else {
    if (order.quantity === undefined)
      throw new InvalidRequestError(`${field}.quantity`, `is required for ${order.type}`);
    if (order.price === undefined)
      throw new InvalidRequestError(`${field}.price`, `is required for ${order.type}`);
    if (order.amount !== undefined)
      throw new InvalidRequestError(`${field}.amount`, 'is for MARKET orders only');
  }
  const allowed = TIME_IN_FORCE_BY_TYPE[order.type];
  if (order.timeInForce !== undefined && !allowed.includes(order.timeInForce)) {
    throw new InvalidRequestError(
      `${field}.timeInForce`,
      `must be ${allowed.join(' or ')} for a ${order.type} order, got ${order.timeInForce}`,
    );
  }
  rules?.get(order.symbol)?.checkSpotOrder(order, field, version);
  return { ...order, newClientOrderId: order.newClientOrderId ?? generateClientOrderId() };
}

export function spotOrderParams(order: PreparedSpotOrder): RequestParams {
  return {
    symbol: order.symbol,
    side: order.side,
    type: order.type,
    quantity: order.quantity,
    amount: order.amount,
    price: order.price,
    newClientOrderId: order.newClientOrderId,
    timeInForce: order.timeInForce,
    stpMode: order.stpMode,
  };
}
