import { FuturesFillObservation } from '../observations/futures-fill-observed';
import { FuturesOrderObservation } from '../observations/futures-order-observed';
import { FuturesStopOrderObservation } from '../observations/futures-stop-order-observed';
import { FuturesPositionObservation } from '../observations/futures-position-observed';

export const FUTURES_ACCOUNT = '1735619524953226496';
export const FUTURES_CLIENT_ORDER_ID = 'oms-01JFUT0001';
export const FUTURES_ORDER_ID = '1747358716129257216';

/** Shaped like the venue's contractExecutionReport capture (ETHUSDT-PERPETUAL, contracts). */
export function futuresOrderObservation(
  overrides: Partial<FuturesOrderObservation> = {},
): FuturesOrderObservation {
  return {
    accountId: FUTURES_ACCOUNT,
    symbol: 'ETHUSDT-PERPETUAL',
    orderId: FUTURES_ORDER_ID,
    clientOrderId: FUTURES_CLIENT_ORDER_ID,
    side: 'BUY_OPEN',
    type: 'LIMIT',
    priceType: 'INPUT',
    timeInForce: 'GTC',
    price: '2561.75',
    origQty: '10',
    executedQty: '0',
    cumulativeQuoteQty: null,
    avgPrice: null,
    leverage: '5',
    status: 'NEW',
    isLiquidationOrder: false,
    createdAt: 1723037391140,
    updateTime: 1723037391140,
    source: 'ws',
    acknowledgedRequest: null,
    ...overrides,
  };
}

/** Shaped like the venue's ticketInfo / userTrades captures. */
export function futuresFillObservation(
  overrides: Partial<FuturesFillObservation> = {},
): FuturesFillObservation {
  return {
    accountId: FUTURES_ACCOUNT,
    symbol: 'ETHUSDT-PERPETUAL',
    orderId: FUTURES_ORDER_ID,
    clientOrderId: FUTURES_CLIENT_ORDER_ID,
    ticketId: '1747358716187197441',
    tradeId: '1744405140125908224',
    direction: 'BUY',
    orderSide: 'BUY_OPEN',
    price: '2463.36',
    quantity: '4',
    fee: { asset: 'USDT', amount: '0.001478016' },
    realizedPnl: '0',
    isMaker: false,
    tradeTime: 1723037391147,
    source: 'rest-poll',
    ...overrides,
  };
}

/** Shaped like the venue's openOrders type=STOP capture. */
export function stopOrderObservation(
  overrides: Partial<FuturesStopOrderObservation> = {},
): FuturesStopOrderObservation {
  return {
    accountId: FUTURES_ACCOUNT,
    symbol: 'ETHUSDT-PERPETUAL',
    orderId: '1742289518466225664',
    clientOrderId: 'oms-01JSTOP0001',
    side: 'SELL_CLOSE',
    price: '3700',
    origQty: '10',
    stopPrice: '3600',
    status: 'ORDER_NEW',
    triggeredOrderId: null,
    createdAt: 1722433095688,
    updateTime: 1722433095688,
    source: 'rest-poll',
    acknowledgedRequest: null,
    ...overrides,
  };
}

/** Shaped like the venue's outboundContractPositionInfo capture. */
export function positionObservation(
  overrides: Partial<FuturesPositionObservation> = {},
): FuturesPositionObservation {
  return {
    accountId: FUTURES_ACCOUNT,
    symbol: 'ETHUSDT-PERPETUAL',
    side: 'LONG',
    avgPrice: '2429.6',
    position: '2',
    available: '2',
    leverage: '5',
    liquidationPrice: '10760.14',
    margin: '1.0085',
    positionValue: '4.8592',
    unrealizedPnl: '0.0478',
    realizedPnl: '-0.0029',
    lastPrice: null,
    updateTime: 1723084699801,
    source: 'ws',
    ...overrides,
  };
}
