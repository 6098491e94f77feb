import { invalidField, missingField } from '../shared/domain-error';
import { FieldReader } from '../shared/field-reader';
import { StpMode, stpModeOf } from '../orders/self-trade-prevention';
import {
  SPOT_ORDER_SIDES,
  SPOT_ORDER_TYPES,
  SpotOrderSide,
  SpotOrderType,
} from '../observations/spot-order-observed';

export const SPOT_TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
export type SpotTimeInForce = (typeof SPOT_TIME_IN_FORCE)[number];

/** What a desk asks the venue for (v1.1 create-order parameters). */
export interface SpotOrderRequest {
  readonly product: 'spot';
  readonly accountId: string;
  readonly symbol: string;
  readonly side: SpotOrderSide;
  readonly type: SpotOrderType;
  readonly timeInForce: SpotTimeInForce;
  /** Base units; required for LIMIT and LIMIT_MAKER. */
  readonly quantity: string | null;
  /** Quote units; MARKET orders only, instead of quantity (v1.1: a buy spends it, a sell raises it). */
  readonly amount: string | null;
  /** Required for LIMIT and LIMIT_MAKER. */
  readonly price: string | null;
  /** Self-trade prevention, when the desk chose one. */
  readonly stpMode?: StpMode;
}

/** The seeds: GTC for limit and limit-maker, IOC for limit and market, FOK for limit only. */
const ALLOWED_TIME_IN_FORCE: Readonly<Record<SpotOrderType, readonly SpotTimeInForce[]>> = {
  LIMIT: ['GTC', 'IOC', 'FOK'],
  LIMIT_MAKER: ['GTC'],
  MARKET: ['IOC'],
};

/** Validates a desk's spot order request against the venue's parameter rules. */
export function readSpotOrderRequest(value: unknown, path = 'request'): SpotOrderRequest {
  const reader = FieldReader.of(value, path);
  const type = reader.oneOf('type', SPOT_ORDER_TYPES);
  const side = reader.oneOf('side', SPOT_ORDER_SIDES);
  const quantity = reader.optionalDecimal('quantity', 'positive');
  const amount = reader.optionalDecimal('amount', 'positive');
  const price = reader.optionalDecimal('price', 'positive');
  const timeInForce =
    reader.optionalOneOf('timeInForce', SPOT_TIME_IN_FORCE) ?? (type === 'MARKET' ? 'IOC' : 'GTC');
  const field = (name: string): string => `${path}.${name}`;
  if (type === 'MARKET') {
    if (quantity === null && amount === null) throw missingField(field('quantity'));
    if (quantity !== null && amount !== null)
      throw invalidField(field('amount'), 'must not be sent with quantity');
    if (price !== null) throw invalidField(field('price'), 'must not be sent for a MARKET order');
  } else {
    if (quantity === null) throw missingField(field('quantity'));
    if (price === null) throw missingField(field('price'));
    if (amount !== null) throw invalidField(field('amount'), 'is only allowed on MARKET orders');
  }
  if (!ALLOWED_TIME_IN_FORCE[type].includes(timeInForce)) {
    throw invalidField(field('timeInForce'), `${timeInForce} is not allowed for ${type}`);
  }
  return {
    product: 'spot',
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    side,
    type,
    timeInForce,
    quantity,
    amount,
    price,
    ...stpModeOf(reader),
  };
}
