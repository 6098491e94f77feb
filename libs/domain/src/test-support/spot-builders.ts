import { SpotFillObservation } from '../observations/spot-fill-observed';
import { SpotOrderObservation } from '../observations/spot-order-observed';
import { SpotOrderRequest } from '../spot-order/spot-order-request';
import { SpotOrderCommand, SpotOrderEvent } from '../spot-order/spot-order.types';

export const ACCOUNT = '1732885739589466112';
export const CLIENT_ORDER_ID = 'oms-01JDESK0001';
export const ORDER_ID = '1738708541676585728';

/** Values shaped like the venue's ETHUSDT limit order captures (see venue fixtures). */
export function spotOrderObservation(overrides: Partial<SpotOrderObservation> = {}): SpotOrderObservation {
  return {
    accountId: ACCOUNT,
    symbol: 'ETHUSDT',
    orderId: ORDER_ID,
    clientOrderId: CLIENT_ORDER_ID,
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    price: '3000',
    origQty: '1',
    requestedAmount: null,
    executedQty: '0',
    cumulativeQuoteQty: null,
    avgPrice: null,
    status: 'NEW',
    createdAt: 1722006209989,
    updateTime: 1722006209989,
    source: 'ws',
    acknowledgedRequest: null,
    ...overrides,
  };
}

export function spotFillObservation(overrides: Partial<SpotFillObservation> = {}): SpotFillObservation {
  return {
    accountId: ACCOUNT,
    symbol: 'ETHUSDT',
    orderId: ORDER_ID,
    clientOrderId: CLIENT_ORDER_ID,
    ticketId: '1739352552795029504',
    side: 'BUY',
    price: '3000',
    qty: '0.4',
    fee: { asset: 'ETH', amount: '0.0004' },
    isMaker: false,
    tradeTime: 1722006210100,
    source: 'rest-poll',
    ...overrides,
  };
}

export function spotLimitBuy(overrides: Partial<SpotOrderRequest> = {}): SpotOrderRequest {
  return {
    product: 'spot',
    accountId: ACCOUNT,
    symbol: 'ETHUSDT',
    side: 'BUY',
    type: 'LIMIT',
    timeInForce: 'GTC',
    quantity: '1',
    amount: null,
    price: '3000',
    ...overrides,
  };
}

export function spotOrderRequested(requestedAt = 1722006209000): SpotOrderEvent {
  return {
    type: 'OrderSubmissionRequested',
    schemaVersion: 1,
    data: { clientOrderId: CLIENT_ORDER_ID, actor: 'desk:alice', requestedAt, request: spotLimitBuy() },
  };
}

export function observedOrder(overrides: Partial<SpotOrderObservation> = {}): SpotOrderEvent {
  return { type: 'SpotOrderObserved', schemaVersion: 1, data: spotOrderObservation(overrides) };
}

export function observedFill(overrides: Partial<SpotFillObservation> = {}): SpotOrderEvent {
  return { type: 'SpotFillObserved', schemaVersion: 2, data: spotFillObservation(overrides) };
}

export function recordOrder(
  overrides: Partial<SpotOrderObservation> = {},
  now = 1722006300000,
): SpotOrderCommand {
  return { type: 'RecordSpotOrderObservation', observation: spotOrderObservation(overrides), now };
}

export function recordFill(
  overrides: Partial<SpotFillObservation> = {},
  now = 1722006300000,
): SpotOrderCommand {
  return { type: 'RecordSpotFillObservation', observation: spotFillObservation(overrides), now };
}
