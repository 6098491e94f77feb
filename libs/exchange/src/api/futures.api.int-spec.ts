import { WireFuturesOrderRequest } from '../wire/futures-order.wire';
import { EndpointCase, fixture, itSendsEachCase, useEndpointVenue } from '../../test-support/endpoint-cases';

const marketOpen = {
  symbol: 'ETHUSDT-PERPETUAL',
  side: 'BUY_OPEN' as const,
  type: 'LIMIT' as const,
  quantity: '10',
  priceType: 'MARKET' as const,
  timeInForce: 'IOC' as const,
  clientOrderId: '1722429950315',
};

/** Sent as given: the JSON body must hold exactly these orders. */
const futuresBatch: WireFuturesOrderRequest[] = [
  {
    symbol: 'ETHUSDT-PERPETUAL',
    side: 'BUY_OPEN',
    type: 'LIMIT',
    quantity: '1',
    price: '1500',
    priceType: 'INPUT',
    clientOrderId: '1722704250648000',
  },
  {
    symbol: 'ETHUSDT-PERPETUAL',
    side: 'SELL_OPEN',
    type: 'LIMIT',
    quantity: '1',
    price: '10',
    priceType: 'INPUT',
    clientOrderId: 'low',
  },
];

const cases: EndpointCase[] = [
  {
    name: 'market order (LIMIT + priceType MARKET)',
    method: 'POST',
    path: '/api/v1/futures/order',
    query:
      'symbol=ETHUSDT-PERPETUAL&side=BUY_OPEN&type=LIMIT&quantity=10&priceType=MARKET&timeInForce=IOC&clientOrderId=1722429950315',
    reply: fixture('rest_POST_api_v1_futures_order.json'),
    call: (c) => c.futures.placeOrder(marketOpen),
    check: (r) => expect(r).toMatchObject({ value: { contractMultiplier: '0.00100000', status: 'FILLED' } }),
  },
  {
    name: 'stop order',
    method: 'POST',
    path: '/api/v1/futures/order',
    query:
      'symbol=ETHUSDT-PERPETUAL&side=SELL_CLOSE&type=STOP&quantity=10&price=3700&priceType=INPUT&stopPrice=3600&clientOrderId=1722433094438',
    reply: (fixture('rest_GET_api_v1_futures_openOrders_type_STOP.json') as unknown[])[0],
    call: (c) =>
      c.futures.placeOrder({
        symbol: 'ETHUSDT-PERPETUAL',
        side: 'SELL_CLOSE',
        type: 'STOP',
        quantity: '10',
        price: '3700',
        priceType: 'INPUT',
        stopPrice: '3600',
        clientOrderId: '1722433094438',
      }),
    check: (r) => expect(r).toMatchObject({ value: { status: 'ORDER_NEW', stopPrice: '3600' } }),
  },
  {
    name: 'batch orders',
    method: 'POST',
    path: '/api/v1/futures/batchOrders',
    query: '',
    body: futuresBatch,
    reply: fixture('rest_POST_api_v1_futures_batchOrders.json'),
    call: (c) => c.futures.placeBatch(futuresBatch),
    check: (r) =>
      expect(r).toMatchObject({
        value: {
          entries: [
            { kind: 'accepted' },
            { kind: 'rejected', clientOrderId: 'low', error: { code: '0207' } },
          ],
        },
      }),
  },
  {
    name: 'cancel order',
    method: 'DELETE',
    path: '/api/v1/futures/order',
    query: 'orderId=1742282868229463040&type=LIMIT&symbol=ETHUSDT-PERPETUAL',
    reply: fixture('rest_DELETE_api_v1_futures_order.json'),
    call: (c) =>
      c.futures.cancelOrder({ type: 'LIMIT', orderId: '1742282868229463040', symbol: 'ETHUSDT-PERPETUAL' }),
  },
  {
    name: 'cancel all of a symbol',
    method: 'DELETE',
    path: '/api/v1/futures/batchOrders',
    query: 'symbol=ETHUSDT-PERPETUAL&side=BUY',
    reply: fixture('rest_DELETE_api_v1_futures_batchOrders.json'),
    call: (c) => c.futures.cancelSymbolOrders({ symbol: 'ETHUSDT-PERPETUAL', side: 'BUY' }),
  },
  {
    name: 'cancel all open orders',
    method: 'DELETE',
    path: '/api/v1/futures/cancelAllOpenOrders',
    query: 'fromOrderId=77&limit=150',
    reply: { code: '0000', message: 'success', timestamp: '1', lastOrderId: '0' },
    call: (c) => c.futures.cancelAllOpenOrders({ fromOrderId: '77', limit: 150 }),
  },
  {
    name: 'cancel by ids',
    method: 'DELETE',
    path: '/api/v1/futures/cancelOrderByIds',
    query: 'ids=11,12',
    reply: { code: '0000', result: [{ orderId: 12, msg: 'Order not found' }] },
    call: (c) => c.futures.cancelOrdersByIds(['11', '12']),
    check: (r) => expect(r).toMatchObject({ value: { result: [{ orderId: '12' }] } }),
  },
  {
    name: 'set leverage',
    method: 'POST',
    path: '/api/v1/futures/leverage',
    query: 'symbol=ETHUSDT-PERPETUAL&leverage=3',
    reply: fixture('rest_POST_api_v1_futures_leverage.json'),
    call: (c) => c.futures.setLeverage('ETHUSDT-PERPETUAL', 3),
  },
  {
    name: 'get leverage',
    method: 'GET',
    path: '/api/v1/futures/leverage',
    query: 'symbol=ETHUSDT-PERPETUAL',
    reply: fixture('rest_GET_api_v1_futures_leverage.json'),
    call: (c) => c.futures.getLeverage('ETHUSDT-PERPETUAL'),
  },
  {
    name: 'trading stop',
    method: 'POST',
    path: '/api/v1/futures/position/trading-stop',
    query: 'symbol=ETHUSDT-PERPETUAL&side=LONG&stopLoss=2000&slTriggerBy=MARK_PRICE',
    reply: {
      symbolId: 'ETHUSDT-PERPETUAL',
      side: 'LONG',
      stopLossPrice: '2000',
      stopLossTriggerConditionType: 'MARK_PRICE',
    },
    call: (c) =>
      c.futures.setTradingStop({
        symbol: 'ETHUSDT-PERPETUAL',
        side: 'LONG',
        stopLoss: '2000',
        slTriggerBy: 'MARK_PRICE',
      }),
  },
  {
    name: 'margin type',
    method: 'POST',
    path: '/api/v1/futures/marginType',
    query: 'symbol=ETHUSDT-PERPETUAL&marginType=ISOLATED',
    reply: { code: '0000', symbolId: 'ETHUSDT-PERPETUAL', marginType: 'ISOLATED' },
    call: (c) => c.futures.setMarginType('ETHUSDT-PERPETUAL', 'ISOLATED'),
  },
  {
    name: 'position margin (negative reduces)',
    method: 'POST',
    path: '/api/v1/futures/positionMargin',
    query: 'symbol=ETHUSDT-PERPETUAL&side=LONG&amount=-1.5',
    reply: { code: '0000', symbol: 'ETHUSDT-PERPETUAL', margin: '5.4', timestamp: '1' },
    call: (c) =>
      c.futures.adjustPositionMargin({ symbol: 'ETHUSDT-PERPETUAL', side: 'LONG', amount: '-1.5' }),
  },
  {
    name: 'query limit order',
    method: 'GET',
    path: '/api/v1/futures/order',
    query: 'clientOrderId=1722429950315&type=LIMIT',
    reply: fixture('rest_GET_api_v1_futures_order.json'),
    call: (c) => c.futures.getOrder({ type: 'LIMIT', clientOrderId: '1722429950315' }),
  },
  {
    name: 'open stop orders',
    method: 'GET',
    path: '/api/v1/futures/openOrders',
    query: 'symbol=ETHUSDT-PERPETUAL&type=STOP&limit=50',
    reply: fixture('rest_GET_api_v1_futures_openOrders_type_STOP.json'),
    call: (c) => c.futures.getOpenOrders({ type: 'STOP', symbol: 'ETHUSDT-PERPETUAL', limit: 50 }),
  },
  {
    name: 'history orders',
    method: 'GET',
    path: '/api/v1/futures/historyOrders',
    query: 'symbol=ETHUSDT-PERPETUAL&type=LIMIT&startTime=1',
    reply: fixture('rest_GET_api_v1_futures_historyOrders.json'),
    call: (c) => c.futures.getHistoryOrders({ type: 'LIMIT', symbol: 'ETHUSDT-PERPETUAL', startTime: 1 }),
  },
  {
    name: 'user trades',
    method: 'GET',
    path: '/api/v1/futures/userTrades',
    query: 'symbol=ETHUSDT-PERPETUAL&limit=2',
    reply: fixture('rest_GET_api_v1_futures_userTrades.json'),
    call: (c) => c.futures.getUserTrades({ symbol: 'ETHUSDT-PERPETUAL', limit: 2 }),
    check: (r) => expect(r).toMatchObject([{ isMaker: false, realizedPnl: '-3.29278' }, {}]),
  },
  {
    name: 'positions',
    method: 'GET',
    path: '/api/v1/futures/positions',
    query: 'symbol=ETHUSDT-PERPETUAL',
    reply: fixture('rest_GET_api_v1_futures_positions.json'),
    call: (c) => c.futures.getPositions({ symbol: 'ETHUSDT-PERPETUAL' }),
  },
  {
    name: 'balance',
    method: 'GET',
    path: '/api/v1/futures/balance',
    query: '',
    reply: fixture('rest_GET_api_v1_futures_balance.json'),
    call: (c) => c.futures.getBalance(),
  },
  {
    name: 'liquidation assign status',
    method: 'GET',
    path: '/api/v1/futures/liquidationAssignStatus',
    query: 'subAccountId=42',
    reply: [
      { status: 'ACTIVE', minAccountBalance: '10', maintAccountBalance: '5', liqOrderLimitRatio: '0.5' },
    ],
    call: (c) => c.futures.getLiquidationAssignStatus('42'),
  },
  {
    name: 'funding rates',
    method: 'GET',
    path: '/api/v1/futures/fundingRate',
    query: '',
    reply: fixture('rest_GET_api_v1_futures_fundingRate.json'),
    call: (c) => c.futuresReference.getFundingRates(),
  },
  {
    name: 'history funding rates',
    method: 'GET',
    path: '/api/v1/futures/historyFundingRate',
    query: 'symbol=ETHUSDT-PERPETUAL&limit=1',
    reply: fixture('rest_GET_api_v1_futures_historyFundingRate.json'),
    call: (c) => c.futuresReference.getHistoryFundingRates({ symbol: 'ETHUSDT-PERPETUAL', limit: 1 }),
  },
  {
    name: 'risk limits',
    method: 'GET',
    path: '/api/v1/futures/riskLimit',
    query: 'symbol=ETHUSDT-PERPETUAL',
    reply: [{ riskLimitAmount: '1000', maintainMargin: '0.005', initialMargin: '0.1', side: 'BUY_OPEN' }],
    call: (c) => c.futuresReference.getRiskLimits('ETHUSDT-PERPETUAL'),
  },
  {
    name: 'commission rate',
    method: 'GET',
    path: '/api/v1/futures/commissionRate',
    query: 'symbol=ETHUSDT-PERPETUAL',
    reply: fixture('rest_GET_api_v1_futures_commissionRate.json'),
    call: (c) => c.futuresReference.getCommissionRate('ETHUSDT-PERPETUAL'),
  },
  {
    name: 'best order',
    method: 'GET',
    path: '/api/v1/futures/getBestOrder',
    query: 'symbol=ETHUSDT-PERPETUAL',
    reply: {
      bid: { time: '1', price: '2000', leftQty: '5', side: 'BUY' },
      ask: { time: '1', price: '2001', leftQty: '3', side: 'SELL' },
    },
    call: (c) => c.futuresReference.getBestOrder('ETHUSDT-PERPETUAL'),
  },
];

describe('futures endpoints send exactly what the seeds define', () => {
  const env = useEndpointVenue();
  itSendsEachCase(env, cases);

  it('checks futures orders before sending: whole contracts, price rules, batch limits', async () => {
    const before = env.venue.calls.length;
    const rejectedField = async (outcome: Promise<unknown>) =>
      ((await outcome) as { error: { field: string } }).error.field;
    expect(await rejectedField(env.client.futures.placeOrder({ ...marketOpen, quantity: '1.5' }))).toBe(
      'order.quantity',
    );
    expect(await rejectedField(env.client.futures.placeOrder({ ...marketOpen, price: '100' }))).toBe(
      'order.price',
    );
    expect(await rejectedField(env.client.futures.placeOrder({ ...marketOpen, type: 'STOP' }))).toBe(
      'order.stopPrice',
    );
    expect(
      await rejectedField(env.client.futures.placeOrder({ ...marketOpen, clientOrderId: 'x'.repeat(256) })),
    ).toBe('order.clientOrderId');
    const many = Array.from({ length: 21 }, (_, i) => ({ ...marketOpen, clientOrderId: `c${i}` }));
    expect(await rejectedField(env.client.futures.placeBatch(many))).toBe('orders');
    expect(
      await rejectedField(
        env.client.futures.placeBatch([
          marketOpen,
          { ...marketOpen, symbol: 'BTCUSDT-PERPETUAL', clientOrderId: 'b' },
        ]),
      ),
    ).toBe('orders[1].symbol');
    expect(
      await rejectedField(
        env.client.futures.cancelOrdersByIds(Array.from({ length: 101 }, (_, i) => String(i))),
      ),
    ).toBe('orderIds');
    expect(await rejectedField(env.client.futures.cancelAllOpenOrders({ limit: 201 }))).toBe('limit');
    expect(env.venue.calls.length).toBe(before);
  });
});
