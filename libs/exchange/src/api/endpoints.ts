import { EndpointSpec } from '../http/endpoint';

/**
 * Every endpoint this client calls. Weights are the seeds' where given; exchange
 * info (5) comes from the venue's public clients; the rest of the unlisted ones
 * weigh 1. Query endpoints (GET) spend the key's query budget, everything that
 * changes state spends its order budget.
 */
const signedRead = (path: string, weight = 1): EndpointSpec => ({
  method: 'GET',
  path,
  security: 'signed',
  weight,
  rate: 'query',
  effect: 'read',
});
const signedWrite = (method: 'POST' | 'DELETE', path: string, weight = 1): EndpointSpec => ({
  method,
  path,
  security: 'signed',
  weight,
  rate: 'order',
  effect: 'write',
});
const publicRead = (path: string, weight = 1): EndpointSpec => ({
  method: 'GET',
  path,
  security: 'public',
  weight,
  rate: 'public',
  effect: 'read',
});

export const ENDPOINTS = {
  // system and market data
  ping: publicRead('/api/v1/ping'),
  time: publicRead('/api/v1/time'),
  exchangeInfo: publicRead('/api/v1/exchangeInfo', 5),
  tickerPrice: publicRead('/quote/v1/ticker/price'),
  ticker24hr: publicRead('/quote/v1/ticker/24hr'),
  markPrice: publicRead('/quote/v1/markPrice'),
  indexPrice: publicRead('/quote/v1/index'),
  depth: publicRead('/quote/v1/depth'),
  publicTrades: publicRead('/quote/v1/trades'),
  klines: publicRead('/quote/v1/klines'),

  // user-data stream keys: signed, and safe to repeat, so handled as reads
  createListenKey: { ...signedRead('/api/v1/userDataStream'), method: 'POST', rate: 'order' },
  keepAliveListenKey: { ...signedRead('/api/v1/userDataStream'), method: 'PUT', rate: 'order' },
  closeListenKey: { ...signedRead('/api/v1/userDataStream'), method: 'DELETE', rate: 'order' },

  // spot trading
  spotOrderTest: { ...signedRead('/api/v1/spot/orderTest'), method: 'POST', rate: 'order' },
  spotOrderLegacy: signedWrite('POST', '/api/v1/spot/order'),
  spotOrder: signedWrite('POST', '/api/v1.1/spot/order'),
  spotBatchOrders: { ...signedWrite('POST', '/api/v1.1/spot/batchOrders'), jsonArrayBody: true },
  spotCancelOrder: signedWrite('DELETE', '/api/v1/spot/order'),
  spotCancelOpenOrders: signedWrite('DELETE', '/api/v1/spot/openOrders'),
  spotCancelAllOpenOrders: signedWrite('DELETE', '/api/v1/spot/cancelAllOpenOrders'),
  spotCancelOrderByIds: signedWrite('DELETE', '/api/v1/spot/cancelOrderByIds'),
  spotQueryOrder: signedRead('/api/v1/spot/order'),
  spotOpenOrders: signedRead('/api/v1/spot/openOrders'),
  spotTradeOrders: signedRead('/api/v1/spot/tradeOrders', 5),

  // futures trading
  futuresSetLeverage: signedWrite('POST', '/api/v1/futures/leverage'),
  futuresLeverage: signedRead('/api/v1/futures/leverage'),
  futuresOrder: signedWrite('POST', '/api/v1/futures/order'),
  futuresTradingStop: signedWrite('POST', '/api/v1/futures/position/trading-stop', 3),
  futuresBatchOrders: { ...signedWrite('POST', '/api/v1/futures/batchOrders'), jsonArrayBody: true },
  futuresCancelOrder: signedWrite('DELETE', '/api/v1/futures/order'),
  futuresCancelSymbolOrders: signedWrite('DELETE', '/api/v1/futures/batchOrders'),
  futuresCancelAllOpenOrders: signedWrite('DELETE', '/api/v1/futures/cancelAllOpenOrders'),
  futuresCancelOrderByIds: signedWrite('DELETE', '/api/v1/futures/cancelOrderByIds'),
  futuresQueryOrder: signedRead('/api/v1/futures/order'),
  futuresOpenOrders: signedRead('/api/v1/futures/openOrders'),
  futuresHistoryOrders: signedRead('/api/v1/futures/historyOrders'),
  futuresUserTrades: signedRead('/api/v1/futures/userTrades'),
  futuresPositions: signedRead('/api/v1/futures/positions'),
  futuresSetMarginType: signedWrite('POST', '/api/v1/futures/marginType'),
  futuresPositionMargin: signedWrite('POST', '/api/v1/futures/positionMargin'),
  futuresBalance: signedRead('/api/v1/futures/balance'),
  futuresLiquidationAssignStatus: signedRead('/api/v1/futures/liquidationAssignStatus'),

  // futures reference data (the venue serves funding rates publicly too; signed here as the seeds list them)
  futuresFundingRate: signedRead('/api/v1/futures/fundingRate'),
  futuresHistoryFundingRate: signedRead('/api/v1/futures/historyFundingRate'),
  futuresRiskLimit: signedRead('/api/v1/futures/riskLimit'),
  futuresCommissionRate: signedRead('/api/v1/futures/commissionRate'),
  futuresBestOrder: signedRead('/api/v1/futures/getBestOrder'),

  // account
  vipInfo: signedRead('/api/v1/account/vipInfo', 5),
  account: signedRead('/api/v1/account', 5),
  accountTrades: signedRead('/api/v1/account/trades', 5),
  accountType: signedRead('/api/v1/account/type', 5),
  assetTransfer: { ...signedWrite('POST', '/api/v1/account/assetTransfer'), extraRates: ['transfer'] },
  checkApiKey: signedRead('/api/v1/account/checkApiKey'),
  fiatHistory: signedRead('/api/v1/account/fiat/history', 5),
  // histories known from the venue (the seeds name them without layouts)
  balanceFlow: signedRead('/api/v1/account/balanceFlow', 5),
  depositOrders: signedRead('/api/v1/account/depositOrders'),
  withdrawOrders: signedRead('/api/v1/account/withdrawOrders'),
} satisfies Record<string, EndpointSpec>;
