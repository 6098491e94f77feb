import { invalidField, missingField } from '../shared/domain-error';
import { FieldReader } from '../shared/field-reader';
import { StpMode, stpModeOf } from '../orders/self-trade-prevention';
import {
  FUTURES_ORDER_SIDES,
  FUTURES_PRICE_TYPES,
  FuturesOrderSide,
  FuturesPriceType,
} from '../observations/futures-order-observed';

export const FUTURES_TIME_IN_FORCE = ['GTC', 'FOK', 'IOC', 'LIMIT_MAKER'] as const;
export type FuturesTimeInForce = (typeof FUTURES_TIME_IN_FORCE)[number];

/**
 * A futures limit-type order request (`type=LIMIT`). A market order is LIMIT with
 * priceType MARKET and no price. Quantity is a whole number of contracts: the venue
 * silently treats a fraction as 1, so the domain refuses fractions instead.
 */
export interface FuturesOrderRequest {
  readonly product: 'futures';
  readonly accountId: string;
  readonly symbol: string;
  readonly side: FuturesOrderSide;
  readonly priceType: FuturesPriceType;
  readonly quantity: string;
  readonly price: string | null;
  readonly timeInForce: FuturesTimeInForce;
  /** Self-trade prevention, when the desk chose one. */
  readonly stpMode?: StpMode;
}

export function readContracts(reader: FieldReader, key: string, path: string): string {
  const quantity = reader.decimal(key, 'positive');
  if (!/^\d+$/.test(quantity)) throw invalidField(`${path}.${key}`, 'must be a whole number of contracts');
  return quantity;
}

export function readFuturesOrderRequest(value: unknown, path = 'request'): FuturesOrderRequest {
  const reader = FieldReader.of(value, path);
  const priceType = reader.optionalOneOf('priceType', FUTURES_PRICE_TYPES) ?? 'INPUT';
  const price = reader.optionalDecimal('price', 'positive');
  if (priceType === 'INPUT' && price === null) throw missingField(`${path}.price`);
  if (priceType === 'MARKET' && price !== null) {
    throw invalidField(`${path}.price`, 'must not be sent with priceType MARKET');
  }
  const timeInForce =
    reader.optionalOneOf('timeInForce', FUTURES_TIME_IN_FORCE) ?? (priceType === 'MARKET' ? 'IOC' : 'GTC');
  return {
    product: 'futures',
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    side: reader.oneOf('side', FUTURES_ORDER_SIDES),
    priceType,
    quantity: readContracts(reader, 'quantity', path),
    price,
    timeInForce,
    ...stpModeOf(reader),
  };
}
