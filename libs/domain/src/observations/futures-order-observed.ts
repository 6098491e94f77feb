import { DomainEvent } from '../shared/domain-event';
import { FieldReader } from '../shared/field-reader';
import {
  AcknowledgedRequest,
  ObservationSource,
  readAcknowledgedRequest,
  readSource,
} from './observation-source';

export const FUTURES_ORDER_STATUSES = [
  'NEW',
  'PARTIALLY_FILLED',
  'PENDING_CANCEL',
  'FILLED',
  'CANCELED',
  'PARTIALLY_CANCELED',
  'REJECTED',
] as const;
export type FuturesOrderStatus = (typeof FUTURES_ORDER_STATUSES)[number];

/** BUY_OPEN opens long, SELL_CLOSE closes long, SELL_OPEN opens short, BUY_CLOSE closes short. */
export const FUTURES_ORDER_SIDES = ['BUY_OPEN', 'SELL_CLOSE', 'SELL_OPEN', 'BUY_CLOSE'] as const;
export type FuturesOrderSide = (typeof FUTURES_ORDER_SIDES)[number];

export const FUTURES_ORDER_TYPES = ['LIMIT', 'LIMIT_MAKER', 'MARKET_OF_BASE'] as const;
export type FuturesOrderType = (typeof FUTURES_ORDER_TYPES)[number];

export const FUTURES_PRICE_TYPES = ['INPUT', 'MARKET'] as const;
export type FuturesPriceType = (typeof FUTURES_PRICE_TYPES)[number];

/**
 * One venue report of a futures limit-type order. REST create / cancel / query / open /
 * history records and WS `contractExecutionReport` normalise into it. Quantities are
 * contracts, never base units.
 */
export interface FuturesOrderObservation {
  /** The account owning the API key / listenKey. */
  readonly accountId: string;
  /** `symbol` / `s`, e.g. ETHUSDT-PERPETUAL. */
  readonly symbol: string;
  /** `orderId` / `i`. */
  readonly orderId: string;
  /** `clientOrderId` / `c`. */
  readonly clientOrderId: string | null;
  /** `side` / `S`. */
  readonly side: FuturesOrderSide;
  /** `type` / `o`. */
  readonly type: FuturesOrderType;
  /** `priceType`; WS does not carry it. */
  readonly priceType: FuturesPriceType | null;
  /** `timeInForce` / `f`. */
  readonly timeInForce: string | null;
  /** `price` / `p`. */
  readonly price: string;
  /** `origQty` / `q`, contracts. */
  readonly origQty: string;
  /** `executedQty` / `z`, contracts. */
  readonly executedQty: string;
  /** WS `Z` (cumulative quote value); REST records do not carry it. */
  readonly cumulativeQuoteQty: string | null;
  /** `avgPrice` / `V`; null while the venue reports "0". */
  readonly avgPrice: string | null;
  /** `leverage` / `v`. */
  readonly leverage: string | null;
  /** `status` / `X`. */
  readonly status: FuturesOrderStatus;
  /** `isLiquidationOrder` / `lo`. */
  readonly isLiquidationOrder: boolean | null;
  /** `time` / `O`. */
  readonly createdAt: number | null;
  /** `updateTime` / `E`. */
  readonly updateTime: number;
  readonly source: ObservationSource;
  readonly acknowledgedRequest: AcknowledgedRequest | null;
}

export type FuturesOrderObserved = DomainEvent<'FuturesOrderObserved', 1, FuturesOrderObservation>;

export function readFuturesOrderObservation(value: unknown, path = 'observation'): FuturesOrderObservation {
  const reader = FieldReader.of(value, path);
  const source = readSource(reader);
  const avgPrice = reader.optionalDecimal('avgPrice');
  return {
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    orderId: reader.string('orderId'),
    clientOrderId: reader.optionalString('clientOrderId'),
    side: reader.oneOf('side', FUTURES_ORDER_SIDES),
    type: reader.oneOf('type', FUTURES_ORDER_TYPES),
    priceType: reader.optionalOneOf('priceType', FUTURES_PRICE_TYPES),
    timeInForce: reader.optionalString('timeInForce'),
    price: reader.decimal('price'),
    origQty: reader.decimal('origQty'),
    executedQty: reader.decimal('executedQty'),
    cumulativeQuoteQty: reader.optionalDecimal('cumulativeQuoteQty'),
    avgPrice: avgPrice === '0' ? null : avgPrice,
    leverage: reader.optionalDecimal('leverage'),
    status: reader.oneOf('status', FUTURES_ORDER_STATUSES),
    isLiquidationOrder: reader.optionalBoolean('isLiquidationOrder'),
    createdAt: reader.optionalTime('createdAt'),
    updateTime: reader.time('updateTime'),
    source,
    acknowledgedRequest: readAcknowledgedRequest(reader, source),
  };
}
