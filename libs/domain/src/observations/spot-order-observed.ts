import { DomainEvent } from '../shared/domain-event';
import { FieldReader } from '../shared/field-reader';
import {
  AcknowledgedRequest,
  ObservationSource,
  readAcknowledgedRequest,
  readSource,
} from './observation-source';

export const SPOT_ORDER_STATUSES = [
  'PENDING_NEW',
  'NEW',
  'PARTIALLY_FILLED',
  'PENDING_CANCEL',
  'FILLED',
  'CANCELED',
  'PARTIALLY_CANCELED',
  'REJECTED',
] as const;
export type SpotOrderStatus = (typeof SPOT_ORDER_STATUSES)[number];

export const SPOT_ORDER_SIDES = ['BUY', 'SELL'] as const;
export type SpotOrderSide = (typeof SPOT_ORDER_SIDES)[number];

export const SPOT_ORDER_TYPES = ['LIMIT', 'MARKET', 'LIMIT_MAKER'] as const;
export type SpotOrderType = (typeof SPOT_ORDER_TYPES)[number];

/**
 * One venue report of a spot order's state. The REST create / cancel answers, the
 * query / open / history records and the WS `executionReport` all normalise into it.
 * Field sources are given as REST name / WS key.
 */
export interface SpotOrderObservation {
  /** REST `accountId`; for WS, the account that owns the listenKey. */
  readonly accountId: string;
  /** `symbol` / `s`. */
  readonly symbol: string;
  /** `orderId` / `i`. */
  readonly orderId: string;
  /** `clientOrderId` / `c`. */
  readonly clientOrderId: string | null;
  /** `side` / `S`. */
  readonly side: SpotOrderSide;
  /** `type` / `o`. */
  readonly type: SpotOrderType;
  /** `timeInForce` / `f`. */
  readonly timeInForce: string | null;
  /** `price` / `p` ("0" for market orders). */
  readonly price: string;
  /** `origQty` / `q`, base units ("0" for a market buy by cash amount). */
  readonly origQty: string;
  /** `reqAmount` / `reqAmt`, quote units requested by a market order by amount. */
  readonly requestedAmount: string | null;
  /** `executedQty` / `z`, cumulative base filled. */
  readonly executedQty: string;
  /** `cumulativeQuoteQty` (or the misspelled `cummulativeQuoteQty`) / `Z`; absent in acks. */
  readonly cumulativeQuoteQty: string | null;
  /** `avgPrice` / `V`; null when the venue reports "0" before any fill. */
  readonly avgPrice: string | null;
  /** `status` / `X`. */
  readonly status: SpotOrderStatus;
  /** `time` or create-ack `transactTime` / `O`. */
  readonly createdAt: number | null;
  /** `updateTime`, ack `transactTime` / `E`: the venue time of this state. */
  readonly updateTime: number;
  readonly source: ObservationSource;
  readonly acknowledgedRequest: AcknowledgedRequest | null;
}

export type SpotOrderObserved = DomainEvent<'SpotOrderObserved', 1, SpotOrderObservation>;

export function readSpotOrderObservation(value: unknown, path = 'observation'): SpotOrderObservation {
  const reader = FieldReader.of(value, path);
  const source = readSource(reader);
  const avgPrice = reader.optionalDecimal('avgPrice');
  return {
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    orderId: reader.string('orderId'),
    clientOrderId: reader.optionalString('clientOrderId'),
    side: reader.oneOf('side', SPOT_ORDER_SIDES),
    type: reader.oneOf('type', SPOT_ORDER_TYPES),
    timeInForce: reader.optionalString('timeInForce'),
    price: reader.decimal('price'),
    origQty: reader.decimal('origQty'),
    requestedAmount: reader.optionalDecimal('requestedAmount'),
    executedQty: reader.decimal('executedQty'),
    cumulativeQuoteQty: reader.optionalDecimal('cumulativeQuoteQty'),
    avgPrice: avgPrice === '0' ? null : avgPrice,
    status: reader.oneOf('status', SPOT_ORDER_STATUSES),
    createdAt: reader.optionalTime('createdAt'),
    updateTime: reader.time('updateTime'),
    source,
    acknowledgedRequest: readAcknowledgedRequest(reader, source),
  };
}
