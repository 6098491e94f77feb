import { ExchangeClient } from '../exchange-client';
import { RecordingVenue } from '../../test-support/recording-venue';
import { EndpointCase, fixture, runEndpointCase, testClient } from '../../test-support/endpoint-cases';

const cases: EndpointCase[] = [
  {
    name: 'account',
    method: 'GET',
    path: '/api/v1/account',
    query: 'accountId=1732885739589466112',
    reply: fixture('rest_GET_api_v1_account.json'),
    call: (c) => c.account.getAccount('1732885739589466112'),
  },
  {
    name: 'account trades',
    method: 'GET',
    path: '/api/v1/account/trades',
    query: 'symbol=ETHUSDT&clientOrderId=c1&limit=5',
    reply: fixture('rest_GET_api_v1_account_trades.json'),
    call: (c) => c.account.getTrades({ symbol: 'ETHUSDT', clientOrderId: 'c1', limit: 5 }),
  },
  {
    name: 'account type',
    method: 'GET',
    path: '/api/v1/account/type',
    query: '',
    reply: fixture('rest_GET_api_v1_account_type.json'),
    call: (c) => c.account.getAccountTypes(),
    check: (r) => expect(r).toContainEqual(expect.objectContaining({ accountType: 3 })),
  },
  {
    name: 'vip info',
    method: 'GET',
    path: '/api/v1/account/vipInfo',
    query: 'symbols=UXLINKUSDT,ETHUSDT',
    reply: fixture('rest_GET_api_v1_account_vipInfo.json'),
    call: (c) => c.account.getVipInfo(['UXLINKUSDT', 'ETHUSDT']),
  },
  {
    name: 'check api key',
    method: 'GET',
    path: '/api/v1/account/checkApiKey',
    query: '',
    reply: { accountType: 'Master Account' },
    call: (c) => c.account.checkApiKey(),
  },
  {
    name: 'fiat history',
    method: 'GET',
    path: '/api/v1/account/fiat/history',
    query: 'type=deposit&startTime=1&endTime=2',
    reply: [],
    call: (c) => c.account.getFiatHistory({ type: 'deposit', startTime: 1, endTime: 2 }),
  },
  {
    name: 'asset transfer',
    method: 'POST',
    path: '/api/v1/account/assetTransfer',
    query: 'fromAccountId=1&toAccountId=3&coin=USDT&quantity=1.5&clientOrderId=t1',
    reply: fixture('rest_POST_api_v1_account_assetTransfer.json'),
    call: (c) =>
      c.account.transfer({
        fromAccountId: '1',
        toAccountId: '3',
        coin: 'USDT',
        quantity: '1.5',
        clientOrderId: 't1',
      }),
  },
  {
    name: 'balance flow',
    method: 'GET',
    path: '/api/v1/account/balanceFlow',
    query: 'coin=USDT&flowType=51&limit=10',
    reply: fixture('rest_GET_api_v1_account_balanceFlow.json'),
    call: (c) => c.account.getBalanceFlow({ coin: 'USDT', flowType: 51, limit: 10 }),
  },
  {
    name: 'deposit orders',
    method: 'GET',
    path: '/api/v1/account/depositOrders',
    query: 'coin=TRXUSDT',
    reply: fixture('rest_GET_api_v1_account_depositOrders.json'),
    call: (c) => c.account.getDepositOrders({ coin: 'TRXUSDT' }),
    check: (r) => expect(r).toMatchObject([{ status: '4' }]),
  },
  {
    name: 'withdraw orders',
    method: 'GET',
    path: '/api/v1/account/withdrawOrders',
    query: '',
    reply: fixture('rest_GET_api_v1_account_withdrawOrders.json'),
    call: (c) => c.account.getWithdrawOrders(),
  },
  {
    name: 'public trades',
    method: 'GET',
    path: '/quote/v1/trades',
    query: 'symbol=BTCUSDT&limit=1',
    signed: false,
    reply: fixture('rest_GET_quote_v1_trades.json'),
    call: (c) => c.market.getTrades('BTCUSDT', 1),
  },
  {
    name: 'klines',
    method: 'GET',
    path: '/quote/v1/klines',
    query: 'symbol=BTCUSDT&interval=1m&limit=1',
    signed: false,
    reply: fixture('rest_GET_quote_v1_klines.json'),
    call: (c) => c.market.getKlines({ symbol: 'BTCUSDT', interval: '1m', limit: 1 }),
    check: (r) => expect(r).toMatchObject([{ openTime: '1721684280000', close: '67861.44', tradeCount: 68 }]),
  },
  {
    name: 'listen key create',
    method: 'POST',
    path: '/api/v1/userDataStream',
    query: '',
    reply: fixture('rest_POST_api_v1_userDataStream.json'),
    call: (c) => c.listenKeys.create(),
    check: (r) => expect(r).toMatch(/^atbNE/),
  },
  {
    name: 'listen key keepalive',
    method: 'PUT',
    path: '/api/v1/userDataStream',
    query: 'listenKey=abc',
    reply: {},
    call: (c) => c.listenKeys.keepAlive('abc'),
  },
  {
    name: 'listen key close',
    method: 'DELETE',
    path: '/api/v1/userDataStream',
    query: 'listenKey=abc',
    reply: {},
    call: (c) => c.listenKeys.close('abc'),
  },
  {
    name: 'ping',
    method: 'GET',
    path: '/api/v1/ping',
    query: '',
    signed: false,
    reply: {},
    call: (c) => c.market.ping(),
  },
  {
    name: 'time',
    method: 'GET',
    path: '/api/v1/time',
    query: '',
    signed: false,
    reply: fixture('rest_GET_api_v1_time.json'),
    call: (c) => c.market.getServerTime(),
    check: (r) => expect(r).toBe(1721661553214),
  },
  {
    name: 'exchange info',
    method: 'GET',
    path: '/api/v1/exchangeInfo',
    query: '',
    signed: false,
    reply: fixture('rest_GET_api_v1_exchangeInfo.json'),
    call: (c) => c.market.getExchangeInfo(),
  },
  {
    name: 'exchange info of one symbol',
    method: 'GET',
    path: '/api/v1/exchangeInfo',
    query: 'symbol=ETHUSDT',
    signed: false,
    reply: fixture('rest_GET_api_v1_exchangeInfo_symbol_ETHUSDT.json'),
    call: (c) => c.market.getSymbolInfo('ETHUSDT'),
    check: (r) => expect(r).toMatchObject({ symbol: 'ETHUSDT' }),
  },
  {
    name: 'ticker price',
    method: 'GET',
    path: '/quote/v1/ticker/price',
    query: 'symbol=BTCUSDT-PERPETUAL',
    signed: false,
    reply: fixture('rest_GET_quote_v1_ticker_price.json'),
    call: (c) => c.market.getTickerPrices('BTCUSDT-PERPETUAL'),
  },
  {
    name: 'ticker 24hr',
    method: 'GET',
    path: '/quote/v1/ticker/24hr',
    query: '',
    signed: false,
    reply: fixture('rest_GET_quote_v1_ticker_24hr.json'),
    call: (c) => c.market.getTicker24hr(),
  },
  {
    name: 'mark price',
    method: 'GET',
    path: '/quote/v1/markPrice',
    query: 'symbol=BTCUSDT-PERPETUAL',
    signed: false,
    reply: fixture('rest_GET_quote_v1_markPrice.json'),
    call: (c) => c.market.getMarkPrice('BTCUSDT-PERPETUAL'),
    check: (r) => expect(r).toMatchObject({ price: '10000', exchangeId: '301' }),
  },
  {
    name: 'index price',
    method: 'GET',
    path: '/quote/v1/index',
    query: 'symbol=BTCUSDT',
    signed: false,
    reply: fixture('rest_GET_quote_v1_index.json'),
    call: (c) => c.market.getIndexPrice('BTCUSDT'),
  },
  {
    name: 'depth',
    method: 'GET',
    path: '/quote/v1/depth',
    query: 'symbol=BTCUSDT&limit=2',
    signed: false,
    reply: fixture('rest_GET_quote_v1_depth.json'),
    call: (c) => c.market.getDepth('BTCUSDT', 2),
    check: (r) =>
      expect(r).toMatchObject({
        b: [
          ['64125.3', '0.19557'],
          ['64125.18', '0.00763'],
        ],
      }),
  },
];

describe('account, listen-key and market data endpoints send exactly what the seeds define', () => {
  let venue: RecordingVenue;
  let client: ExchangeClient;

  beforeAll(async () => {
    venue = await RecordingVenue.start();
    client = testClient(venue);
  });
  afterAll(async () => {
    await client.close();
    await venue.close();
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    await runEndpointCase(venue, client, testCase);
  });
});
