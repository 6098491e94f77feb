import {
  FuturesBalanceObservation,
  FuturesFillObservation,
  FuturesOrderObservation,
  FuturesPositionObservation,
  SpotFillObservation,
  SpotOrderObservation,
} from '@oms/domain';
import { ObservationEvent } from '@oms/observations';

export const T0 = 1_763_900_000_000;
export const PERPETUAL = 'ETHUSDT-PERPETUAL';
/** ETHUSDT-PERPETUAL contracts are 0.001 ETH each on the simulated venue. */
export const MULTIPLIERS = { [PERPETUAL]: '0.001', 'BTCUSDT-PERPETUAL': '0.0001' } as const;

export function futuresOrder(overrides: Partial<FuturesOrderObservation>): ObservationEvent {
  const data: FuturesOrderObservation = {
    accountId: 'acc1',
    symbol: PERPETUAL,
    orderId: '1',
    clientOrderId: null,
    side: 'BUY_OPEN',
    type: 'LIMIT',
    priceType: 'INPUT',
    timeInForce: 'GTC',
    price: '2500',
    origQty: '10',
    executedQty: '0',
    cumulativeQuoteQty: null,
    avgPrice: null,
    leverage: '5',
    status: 'NEW',
    isLiquidationOrder: false,
    createdAt: T0,
    updateTime: T0,
    source: 'ws',
    acknowledgedRequest: null,
    ...overrides,
  };
  return { type: 'FuturesOrderObserved', schemaVersion: 1, data };
}

export function futuresFill(overrides: Partial<FuturesFillObservation>): ObservationEvent {
  const data: FuturesFillObservation = {
    accountId: 'acc1',
    symbol: PERPETUAL,
    orderId: '1',
    clientOrderId: null,
    ticketId: 't1',
    tradeId: null,
    direction: 'BUY',
    orderSide: 'BUY_OPEN',
    price: '2500',
    quantity: '4',
    fee: { asset: 'USDT', amount: '0.5' },
    realizedPnl: '0',
    isMaker: false,
    tradeTime: T0 + 5,
    source: 'rest-poll',
    ...overrides,
  };
  return { type: 'FuturesFillObserved', schemaVersion: 1, data };
}

export function futuresPosition(overrides: Partial<FuturesPositionObservation>): ObservationEvent {
  const data: FuturesPositionObservation = {
    accountId: 'acc1',
    symbol: PERPETUAL,
    side: 'LONG',
    avgPrice: '2500',
    position: '4',
    available: '4',
    leverage: '5',
    liquidationPrice: null,
    margin: null,
    positionValue: null,
    unrealizedPnl: null,
    realizedPnl: '0',
    lastPrice: null,
    updateTime: T0 + 100,
    source: 'rest-poll',
    ...overrides,
  };
  return { type: 'FuturesPositionObserved', schemaVersion: 1, data };
}

export function spotOrder(overrides: Partial<SpotOrderObservation>): ObservationEvent {
  const data: SpotOrderObservation = {
    accountId: 'acc1',
    symbol: 'ETHUSDT',
    orderId: '1',
    clientOrderId: null,
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
    createdAt: T0,
    updateTime: T0,
    source: 'ws',
    acknowledgedRequest: null,
    ...overrides,
  };
  return { type: 'SpotOrderObserved', schemaVersion: 1, data };
}

export function spotFill(overrides: Partial<SpotFillObservation>): ObservationEvent {
  const data: SpotFillObservation = {
    accountId: 'acc1',
    symbol: 'ETHUSDT',
    orderId: '1',
    clientOrderId: null,
    ticketId: 's1',
    side: 'BUY',
    price: '3000',
    qty: '0.1',
    fee: { asset: 'ETH', amount: '0.0001' },
    isMaker: false,
    tradeTime: T0 + 5,
    source: 'rest-poll',
    ...overrides,
  };
  return { type: 'SpotFillObserved', schemaVersion: 2, data };
}

/** A futures wallet polled from REST; a stream report carries no margins and gives f + l as walletBalance. */
export function futuresBalance(overrides: Partial<FuturesBalanceObservation>): ObservationEvent {
  const data: FuturesBalanceObservation = {
    accountId: 'acc1',
    asset: 'USDT',
    walletBalance: '1000',
    available: '930',
    positionMargin: '80',
    orderMargin: '10',
    unrealizedPnl: '20',
    venueTime: T0,
    source: 'rest-poll',
    ...overrides,
  };
  return { type: 'FuturesBalanceObserved', schemaVersion: 1, data };
}
