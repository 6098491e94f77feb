import { DomainEvent } from '../shared/domain-event';
import { FieldReader } from '../shared/field-reader';
import { Fee, ObservationSource, readFee, readSource } from './observation-source';
import { FUTURES_ORDER_SIDES, FuturesOrderSide } from './futures-order-observed';
import { SPOT_ORDER_SIDES, SpotOrderSide } from './spot-order-observed';

/**
 * One futures fill. REST `GET /api/v1/futures/userTrades` and WS `ticketInfo` normalise
 * into it. Identity: REST `tradeId` = WS `T` (never the execution id `d`).
 */
export interface FuturesFillObservation {
  readonly accountId: string;
  /** `symbol` / `s`. */
  readonly symbol: string;
  /** `orderId` / `o`. */
  readonly orderId: string;
  /** WS `c`; REST trades do not carry it. */
  readonly clientOrderId: string | null;
  /** `tradeId` / `T`. */
  readonly tradeId: string;
  /** Direction: derived from REST `side` (BUY_OPEN -> BUY) / WS `S` (plain BUY/SELL). */
  readonly direction: SpotOrderSide;
  /** REST `side` (e.g. SELL_CLOSE); WS does not say whether the fill opened or closed. */
  readonly orderSide: FuturesOrderSide | null;
  /** `price` / `p`. */
  readonly price: string;
  /** `quantity` / `q`, contracts. */
  readonly quantity: string;
  /** REST `commission` + `commissionAsset`; null on WS. */
  readonly fee: Fee | null;
  /** REST `realizedPnl`, the venue's own figure for this fill. */
  readonly realizedPnl: string | null;
  /** REST `isMaker` (sent misspelled as `isMarker`) / WS `m`. */
  readonly isMaker: boolean | null;
  /** `time` / `t`. */
  readonly tradeTime: number;
  readonly source: ObservationSource;
}

export type FuturesFillObserved = DomainEvent<'FuturesFillObserved', 1, FuturesFillObservation>;

export function readFuturesFillObservation(value: unknown, path = 'observation'): FuturesFillObservation {
  const reader = FieldReader.of(value, path);
  return {
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    orderId: reader.string('orderId'),
    clientOrderId: reader.optionalString('clientOrderId'),
    tradeId: reader.string('tradeId'),
    direction: reader.oneOf('direction', SPOT_ORDER_SIDES),
    orderSide: reader.optionalOneOf('orderSide', FUTURES_ORDER_SIDES),
    price: reader.decimal('price', 'positive'),
    quantity: reader.decimal('quantity', 'positive'),
    fee: readFee(reader, 'fee'),
    realizedPnl: reader.optionalDecimal('realizedPnl', 'any'),
    isMaker: reader.optionalBoolean('isMaker'),
    tradeTime: reader.time('tradeTime'),
    source: readSource(reader),
  };
}
