import {
  FuturesOrderObserved,
  FuturesStopOrderObserved,
  ObservationSource,
  readFuturesOrderObservation,
  readFuturesStopOrderObservation,
  readSpotOrderObservation,
  SpotOrderObserved,
} from '@oms/domain';
import type { FuturesLimitOrder, FuturesStopOrder, SpotOrderRecord } from '@oms/exchange';
import { emptyAsNull, epochMs } from '../observation-fields';

type RestSource = Extract<ObservationSource, 'rest-poll' | 'rest-ack'>;
type Acknowledged = { readonly source: RestSource; readonly acknowledgedRequest: 'create' | 'cancel' | null };

/** The REST fields of a spot order that every answer carries (records, create and cancel acks). */
export interface SpotOrderFields {
  readonly symbol: string;
  readonly orderId: string;
  readonly clientOrderId: string;
  readonly side: SpotOrderRecord['side'];
  readonly type: SpotOrderRecord['type'];
  readonly timeInForce: string;
  readonly price: string;
  readonly origQty: string;
  readonly executedQty: string;
  readonly status: SpotOrderRecord['status'];
  readonly reqAmount?: string;
  readonly cumulativeQuoteQty?: string;
  readonly cummulativeQuoteQty?: string;
  readonly avgPrice?: string;
}

/** A spot order as REST reported it; `times` say when it was created and when this state holds. */
export function spotRestOrderObservation(
  accountId: string,
  order: SpotOrderFields,
  times: { readonly createdAt: number | null; readonly updateTime: number },
  how: Acknowledged,
): SpotOrderObserved {
  const data = readSpotOrderObservation({
    accountId,
    symbol: order.symbol,
    orderId: order.orderId,
    clientOrderId: emptyAsNull(order.clientOrderId),
    side: order.side,
    type: order.type,
    timeInForce: order.timeInForce,
    price: order.price,
    origQty: order.origQty,
    requestedAmount: emptyAsNull(order.reqAmount),
    executedQty: order.executedQty,
    // The venue sends both spellings on records; acks carry neither.
    cumulativeQuoteQty: emptyAsNull(order.cumulativeQuoteQty ?? order.cummulativeQuoteQty),
    avgPrice: emptyAsNull(order.avgPrice),
    status: order.status,
    createdAt: times.createdAt,
    updateTime: times.updateTime,
    source: how.source,
    acknowledgedRequest: how.acknowledgedRequest,
  });
  return { type: 'SpotOrderObserved', schemaVersion: 1, data };
}

/** GET spot order / openOrders / tradeOrders record -> SpotOrderObserved (rest-poll). */
export function spotOrderRecordObservation(accountId: string, record: SpotOrderRecord): SpotOrderObserved {
  return spotRestOrderObservation(
    accountId,
    record,
    { createdAt: epochMs(record.time), updateTime: epochMs(record.updateTime) },
    { source: 'rest-poll', acknowledgedRequest: null },
  );
}

/** A futures limit-type record (query, open, history, create and cancel answers). */
export function futuresLimitOrderObservation(
  accountId: string,
  record: FuturesLimitOrder,
  how: Acknowledged = { source: 'rest-poll', acknowledgedRequest: null },
): FuturesOrderObserved {
  const data = readFuturesOrderObservation({
    accountId,
    symbol: record.symbol,
    orderId: record.orderId,
    clientOrderId: emptyAsNull(record.clientOrderId),
    side: record.side,
    type: record.type,
    priceType: record.priceType,
    timeInForce: record.timeInForce,
    price: record.price,
    origQty: record.origQty,
    executedQty: record.executedQty,
    cumulativeQuoteQty: null,
    avgPrice: emptyAsNull(record.avgPrice),
    leverage: emptyAsNull(record.leverage),
    status: record.status,
    isLiquidationOrder: record.isLiquidationOrder ?? null,
    createdAt: epochMs(record.time),
    updateTime: epochMs(record.updateTime),
    source: how.source,
    acknowledgedRequest: how.acknowledgedRequest,
  });
  return { type: 'FuturesOrderObserved', schemaVersion: 1, data };
}

/** A futures STOP record (queried with type=STOP, and STOP create and cancel answers). */
export function futuresStopOrderObservation(
  accountId: string,
  record: FuturesStopOrder,
  how: Acknowledged = { source: 'rest-poll', acknowledgedRequest: null },
): FuturesStopOrderObserved {
  const data = readFuturesStopOrderObservation({
    accountId,
    symbol: record.symbol,
    orderId: record.orderId,
    clientOrderId: emptyAsNull(record.clientOrderId),
    side: record.side,
    price: record.price,
    origQty: record.origQty,
    stopPrice: record.stopPrice,
    status: record.status,
    triggeredOrderId: null,
    createdAt: epochMs(record.time),
    updateTime: epochMs(record.updateTime),
    source: how.source,
    acknowledgedRequest: how.acknowledgedRequest,
  });
  return { type: 'FuturesStopOrderObserved', schemaVersion: 1, data };
}
