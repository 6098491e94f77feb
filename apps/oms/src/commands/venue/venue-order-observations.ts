import {
  AcknowledgedRequest,
  FuturesOrderObservation,
  FuturesStopOrderObservation,
  ObservationSource,
  SpotOrderObservation,
} from '@oms/domain';
import {
  FuturesLimitOrder,
  FuturesStopOrder,
  SpotCancelAck,
  SpotOrderAck,
  SpotOrderRecord,
} from '@oms/exchange';

/**
 * The venue's REST answers to the OMS's own requests (source `rest-ack`) and its
 * lookups by client id (source `rest-poll`) as libs/domain observations. `account` is
 * the desk account name: every OMS stream is keyed by it, never by the venue's
 * numeric account id.
 *
 * Kept here until libs/observations offers the same mapping for REST answers.
 */
type Origin =
  | { readonly source: 'rest-ack'; readonly request: AcknowledgedRequest }
  | { readonly source: Exclude<ObservationSource, 'rest-ack'> };

function originFields(origin: Origin) {
  return {
    source: origin.source,
    acknowledgedRequest: origin.source === 'rest-ack' ? origin.request : null,
  };
}

const nonZero = (value: string | undefined): string | null =>
  value === undefined || value === '' || /^0*\.?0*$/.test(value) ? null : value;

export function spotAckObservation(
  account: string,
  ack: SpotOrderAck | SpotCancelAck,
  request: AcknowledgedRequest,
): SpotOrderObservation {
  const time = Number(ack.transactTime);
  return {
    accountId: account,
    symbol: ack.symbol,
    orderId: ack.orderId,
    clientOrderId: ack.clientOrderId,
    side: ack.side,
    type: ack.type,
    timeInForce: ack.timeInForce,
    price: ack.price,
    origQty: ack.origQty,
    requestedAmount: 'reqAmount' in ack ? nonZero(ack.reqAmount) : null,
    executedQty: ack.executedQty,
    cumulativeQuoteQty: null,
    avgPrice: null,
    status: ack.status,
    createdAt: request === 'create' ? time : null,
    updateTime: time,
    ...originFields({ source: 'rest-ack', request }),
  };
}

export function spotRecordObservation(account: string, record: SpotOrderRecord): SpotOrderObservation {
  return {
    accountId: account,
    symbol: record.symbol,
    orderId: record.orderId,
    clientOrderId: record.clientOrderId,
    side: record.side,
    type: record.type,
    timeInForce: record.timeInForce,
    price: record.price,
    origQty: record.origQty,
    requestedAmount: nonZero(record.reqAmount),
    executedQty: record.executedQty,
    cumulativeQuoteQty: record.cumulativeQuoteQty ?? record.cummulativeQuoteQty ?? null,
    avgPrice: nonZero(record.avgPrice),
    status: record.status,
    createdAt: Number(record.time),
    updateTime: Number(record.updateTime),
    ...originFields({ source: 'rest-poll' }),
  };
}

export function futuresOrderObservation(
  account: string,
  order: FuturesLimitOrder,
  origin: Origin,
): FuturesOrderObservation {
  return {
    accountId: account,
    symbol: order.symbol,
    orderId: order.orderId,
    clientOrderId: order.clientOrderId,
    side: order.side,
    type: order.type,
    priceType: order.priceType,
    timeInForce: order.timeInForce,
    price: order.price,
    origQty: order.origQty,
    executedQty: order.executedQty,
    cumulativeQuoteQty: null,
    avgPrice: nonZero(order.avgPrice),
    leverage: order.leverage,
    status: order.status,
    isLiquidationOrder: order.isLiquidationOrder ?? null,
    createdAt: Number(order.time),
    updateTime: Number(order.updateTime),
    ...originFields(origin),
  };
}

export function futuresStopObservation(
  account: string,
  order: FuturesStopOrder,
  origin: Origin,
): FuturesStopOrderObservation {
  return {
    accountId: account,
    symbol: order.symbol,
    orderId: order.orderId,
    clientOrderId: order.clientOrderId,
    side: order.side,
    price: order.price,
    origQty: order.origQty,
    stopPrice: order.stopPrice,
    status: order.status,
    triggeredOrderId: null,
    createdAt: Number(order.time),
    updateTime: Number(order.updateTime),
    ...originFields(origin),
  };
}
