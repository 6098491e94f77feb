import { FieldReader } from '../shared/field-reader';
import { StpMode, stpModeOf } from '../orders/self-trade-prevention';
import {
  FUTURES_ORDER_SIDES,
  FUTURES_PRICE_TYPES,
  FuturesOrderSide,
} from '../observations/futures-order-observed';
import { readContracts } from '../futures-order/futures-order-request';
import { invalidField, missingField } from '../shared/domain-error';

/**
 * A futures trigger order (`type=STOP`): when the trigger price is reached the venue
 * creates a LIMIT order at `price`, or a market order when no price is given.
 */
export interface FuturesStopOrderRequest {
  readonly product: 'futures-stop';
  readonly accountId: string;
  readonly symbol: string;
  readonly side: FuturesOrderSide;
  readonly quantity: string;
  readonly stopPrice: string;
  readonly price: string | null;
  /** Self-trade prevention, when the desk chose one. */
  readonly stpMode?: StpMode;
}

/**
 * Reads a stop order request. `priceType`, when sent, must agree with `price`: INPUT
 * needs the limit price, MARKET refuses one (the stored request keeps only the price,
 * which says the same).
 */
export function readFuturesStopOrderRequest(value: unknown, path = 'request'): FuturesStopOrderRequest {
  const reader = FieldReader.of(value, path);
  const priceType = reader.optionalOneOf('priceType', FUTURES_PRICE_TYPES);
  const price = reader.optionalDecimal('price', 'positive');
  if (priceType === 'INPUT' && price === null) throw missingField(`${path}.price`);
  if (priceType === 'MARKET' && price !== null) {
    throw invalidField(`${path}.price`, 'must not be sent with priceType MARKET');
  }
  return {
    product: 'futures-stop',
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    side: reader.oneOf('side', FUTURES_ORDER_SIDES),
    quantity: readContracts(reader, 'quantity', path),
    stopPrice: reader.decimal('stopPrice', 'positive'),
    price,
    ...stpModeOf(reader),
  };
}
