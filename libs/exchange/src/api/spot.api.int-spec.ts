import { ExchangeClient } from '../exchange-client';
import { WireSpotOrderRequest } from '../wire/spot-order.wire';
import { RecordingVenue } from '../../test-support/recording-venue';
import { EndpointCase, fixture, runEndpointCase, testClient } from '../../test-support/endpoint-cases';

const limitOrder = {
  symbol: 'ETHUSDT',
  side: 'SELL' as const,
  type: 'LIMIT_MAKER' as const,
  quantity: '0.005',
  price: '5000',
  newClientOrderId: '1722006209978370',
};
const limitOrderQuery =
  'symbol=ETHUSDT&side=SELL&type=LIMIT_MAKER&quantity=0.005&price=5000&newClientOrderId=1722006209978370';

/** Sent as given: the JSON body must hold exactly these orders. */
const spotBatch: WireSpotOrderRequest[] = [
  {
    symbol: 'ETHUSDT',
    side: 'BUY',
    type: 'LIMIT',
    quantity: '0.001',
    price: '1500',
    newClientOrderId: '1722701490163000',
    timeInForce: 'GTC',
  },
];

const professionalCases: EndpointCase[] = [
  {
    name: 'spot order test',
    method: 'POST',
    path: '/api/v1/spot/orderTest',
    query: limitOrderQuery,
    reply: {},
    call: (c) => c.spot.testOrder(limitOrder),
  },
  {
    name: 'spot order v1.1',
    method: 'POST',
    path: '/api/v1.1/spot/order',
    query: limitOrderQuery,
    reply: fixture('rest_POST_api_v1_spot_order_limit_maker.json'),
    call: (c) => c.spot.placeOrder(limitOrder),
    check: (r) => expect(r).toMatchObject({ value: { orderId: '1738708541676585728', status: 'NEW' } }),
  },
  {
    name: 'spot market buy by amount (v1.1)',
    method: 'POST',
    path: '/api/v1.1/spot/order',
    query: 'symbol=ETHUSDT&side=BUY&type=MARKET&amount=20&newClientOrderId=m1',
    reply: fixture('rest_POST_api_v1_spot_order_market_buy_by_cost.json'),
    call: (c) =>
      c.spot.placeOrder({
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'MARKET',
        amount: '20',
        newClientOrderId: 'm1',
      }),
  },
  {
    name: 'spot order v1.0 (legacy)',
    method: 'POST',
    path: '/api/v1/spot/order',
    query: 'symbol=ETHUSDT&side=SELL&type=MARKET&quantity=0.006&newClientOrderId=s1',
    reply: fixture('rest_POST_api_v1_spot_order_market_sell.json'),
    call: (c) =>
      c.spot.placeOrderLegacy({
        symbol: 'ETHUSDT',
        side: 'SELL',
        type: 'MARKET',
        quantity: '0.006',
        newClientOrderId: 's1',
      }),
  },
  {
    name: 'spot batch',
    method: 'POST',
    path: '/api/v1.1/spot/batchOrders',
    query: '',
    body: spotBatch,
    reply: fixture('rest_POST_api_v1_spot_batchOrders.json'),
    call: (c) => c.spot.placeBatch(spotBatch),
    check: (r) =>
      expect(r).toMatchObject({
        value: { entries: [{ kind: 'accepted', order: { orderId: '1744540984757258752' } }] },
      }),
  },
  {
    name: 'spot cancel',
    method: 'DELETE',
    path: '/api/v1/spot/order',
    query: 'clientOrderId=1722006209978370',
    reply: fixture('rest_DELETE_api_v1_spot_order.json'),
    call: (c) => c.spot.cancelOrder({ clientOrderId: '1722006209978370' }),
  },
  {
    name: 'spot cancel open orders (professional: symbol optional)',
    method: 'DELETE',
    path: '/api/v1/spot/openOrders',
    query: 'side=BUY',
    reply: fixture('rest_DELETE_api_v1_spot_openOrders.json'),
    call: (c) => c.spot.cancelOpenOrders({ side: 'BUY' }),
  },
  {
    name: 'spot cancel by ids',
    method: 'DELETE',
    path: '/api/v1/spot/cancelOrderByIds',
    query: 'ids=1,2,3',
    reply: { code: '0000', result: [{ orderId: '2', code: '0211' }] },
    call: (c) => c.spot.cancelOrdersByIds(['1', '2', '3']),
    check: (r) => expect(r).toMatchObject({ value: { result: [{ orderId: '2', code: '0211' }] } }),
  },
  {
    name: 'spot query order',
    method: 'GET',
    path: '/api/v1/spot/order',
    query: 'origClientOrderId=1722004623170558',
    reply: fixture('rest_GET_api_v1_spot_order.json'),
    call: (c) => c.spot.getOrder({ origClientOrderId: '1722004623170558' }),
    check: (r) => expect(r).toMatchObject({ status: 'FILLED', cumulativeQuoteQty: '19.736489' }),
  },
  {
    name: 'spot open orders (professional pages by orderId)',
    method: 'GET',
    path: '/api/v1/spot/openOrders',
    query: 'orderId=99&symbol=ETHUSDT&limit=10',
    reply: fixture('rest_GET_api_v1_spot_openOrders.json'),
    call: (c) => c.spot.getOpenOrders({ fromOrderId: '99', symbol: 'ETHUSDT', limit: 10 }),
  },
  {
    name: 'spot trade orders',
    method: 'GET',
    path: '/api/v1/spot/tradeOrders',
    query: 'accountId=7&symbol=ETHUSDT&startTime=1&endTime=2',
    reply: fixture('rest_GET_api_v1_spot_tradeOrders.json'),
    call: (c) => c.spot.getTradeOrders({ accountId: '7', symbol: 'ETHUSDT', startTime: 1, endTime: 2 }),
  },
];

const globalCases: EndpointCase[] = [
  {
    name: 'spot cancel all open orders (global only)',
    method: 'DELETE',
    path: '/api/v1/spot/cancelAllOpenOrders',
    query: 'symbol=ETHUSDT&limit=200',
    reply: { code: '0000', message: 'success', timestamp: 1, lastOrderId: 5 },
    call: (c) => c.spot.cancelAllOpenOrders({ symbol: 'ETHUSDT', limit: 200 }),
  },
  {
    name: 'spot open orders (global pages by fromOrderId)',
    method: 'GET',
    path: '/api/v1/spot/openOrders',
    query: 'fromOrderId=99',
    reply: [],
    call: (c) => c.spot.getOpenOrders({ fromOrderId: '99' }),
  },
  {
    name: 'spot cancel open orders (global: symbol required)',
    method: 'DELETE',
    path: '/api/v1/spot/openOrders',
    query: 'symbol=ETHUSDT',
    reply: { success: true },
    call: (c) => c.spot.cancelOpenOrders({ symbol: 'ETHUSDT' }),
  },
  {
    name: 'market data with the site parameter',
    method: 'GET',
    path: '/quote/v1/depth',
    query: 'symbol=BTCUSDT&site=MENA',
    signed: false,
    reply: fixture('rest_GET_quote_v1_depth.json'),
    call: (c) => c.market.getDepth('BTCUSDT'),
  },
];

describe('spot endpoints send exactly what the seeds define', () => {
  let venue: RecordingVenue;
  let professional: ExchangeClient;
  let global: ExchangeClient;

  beforeAll(async () => {
    venue = await RecordingVenue.start();
    professional = testClient(venue, { siteFamily: 'professional' });
    global = testClient(venue, { siteFamily: 'global', marketSite: 'MENA' });
  });
  afterAll(async () => {
    await professional.close();
    await global.close();
    await venue.close();
  });

  it.each(professionalCases.map((c) => [c.name, c] as const))('professional: %s', async (_name, testCase) => {
    await runEndpointCase(venue, professional, testCase);
  });

  it.each(globalCases.map((c) => [c.name, c] as const))('global: %s', async (_name, testCase) => {
    await runEndpointCase(venue, global, testCase);
  });

  it('refuses the global-only and global-required forms before sending', async () => {
    const before = venue.calls.length;
    expect(await professional.spot.cancelAllOpenOrders({ symbol: 'ETHUSDT' })).toMatchObject({
      kind: 'rejected',
      sent: false,
      error: { field: 'site' },
    });
    expect(await global.spot.cancelOpenOrders({})).toMatchObject({
      kind: 'rejected',
      sent: false,
      error: { field: 'symbol' },
    });
    expect(venue.calls.length).toBe(before);
  });
});
