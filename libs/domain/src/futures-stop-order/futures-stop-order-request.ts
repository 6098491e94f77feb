import { FieldReader } from '../shared/field-reader';
import { StpMode, stpModeOf } from '../orders/self-trade-prevention';
import { FUTURES_ORDER_SIDES, FuturesOrderSide } from '../observations/futures-order-observed';
import { readContracts } from '../futures-order/futures-order-request';

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

export function readFuturesStopOrderRequest(value: unknown, path = 'request'): FuturesStopOrderRequest {
  const reader = FieldReader.of(value, path);
  return {
    product: 'futures-stop',
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    side: reader.oneOf('side', FUTURES_ORDER_SIDES),
    quantity: readContracts(reader, 'quantity', path),
    stopPrice: reader.decimal('stopPrice', 'positive'),
    price: reader.optionalDecimal('price', 'positive'),
    ...stpModeOf(reader),
  };
}
