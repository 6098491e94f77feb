import fc from 'fast-check';
import type { RunningVenue } from '@oms/venue';
import { startTestVenue } from '../test-support/test-venue';
import { VenueTestClient } from '../test-support/venue-test-client';

const SIGNED_ENDPOINTS: ReadonlyArray<readonly [string, string]> = [
  ['POST', '/api/v1/spot/orderTest'],
  ['POST', '/api/v1/spot/order'],
  ['POST', '/api/v1.1/spot/order'],
  ['DELETE', '/api/v1/spot/order'],
  ['DELETE', '/api/v1/spot/openOrders'],
  ['DELETE', '/api/v1/spot/cancelAllOpenOrders'],
  ['DELETE', '/api/v1/spot/cancelOrderByIds'],
  ['GET', '/api/v1/spot/order'],
  ['GET', '/api/v1/spot/openOrders'],
  ['GET', '/api/v1/spot/tradeOrders'],
  ['POST', '/api/v1/futures/leverage'],
  ['GET', '/api/v1/futures/leverage'],
  ['POST', '/api/v1/futures/order'],
  ['POST', '/api/v1/futures/position/trading-stop'],
  ['DELETE', '/api/v1/futures/order'],
  ['DELETE', '/api/v1/futures/batchOrders'],
  ['DELETE', '/api/v1/futures/cancelAllOpenOrders'],
  ['DELETE', '/api/v1/futures/cancelOrderByIds'],
  ['GET', '/api/v1/futures/order'],
  ['GET', '/api/v1/futures/openOrders'],
  ['GET', '/api/v1/futures/historyOrders'],
  ['GET', '/api/v1/futures/userTrades'],
  ['GET', '/api/v1/futures/positions'],
  ['POST', '/api/v1/futures/marginType'],
  ['POST', '/api/v1/futures/positionMargin'],
  ['GET', '/api/v1/futures/commissionRate'],
  ['GET', '/api/v1/futures/riskLimit'],
  ['GET', '/api/v1/futures/getBestOrder'],
  ['GET', '/api/v1/account'],
  ['GET', '/api/v1/account/trades'],
  ['POST', '/api/v1/account/assetTransfer'],
  ['GET', '/api/v1/account/vipInfo'],
  ['PUT', '/api/v1/userDataStream'],
  ['DELETE', '/api/v1/userDataStream'],
];

const NAMES = [
  'symbol',
  'side',
  'type',
  'quantity',
  'amount',
  'price',
  'stopPrice',
  'priceType',
  'timeInForce',
  'newClientOrderId',
  'clientOrderId',
  'origClientOrderId',
  'orderId',
  'ids',
  'limit',
  'leverage',
  'marginType',
  'startTime',
  'endTime',
  'fromId',
  'accountId',
  'fromAccountId',
  'toAccountId',
  'coin',
  'stopProfit',
  'stopLoss',
  'listenKey',
  'stpMode',
  'fromOrderId',
];

const VALUES = fc.oneof(
  fc.constantFrom(
    'BTCUSDT',
    'ETHUSDT-PERPETUAL',
    'BUY',
    'SELL_OPEN',
    'LIMIT',
    'MARKET',
    'STOP',
    'GTC',
    'FOK',
    'LIMIT_MAKER',
    'INPUT',
    'ISOLATED',
    'LONG',
    'USDT',
    '0',
    '-1',
    '1e9',
    '0.0000000001',
    '99999999999999999999',
    'NaN',
    '1,2,3',
    '',
    ' ',
    '%',
    '[]',
    '{}',
    'null',
  ),
  fc.string({ maxLength: 12 }),
  fc.integer({ min: -10, max: 1_000_000 }).map(String),
);

/** Whatever the parameters, the venue answers with the exchange's error body, never a 5XX or a crash. */
describe('venue robustness against bad input', () => {
  let venue: RunningVenue;
  let client: VenueTestClient;

  beforeAll(async () => {
    ({ venue } = await startTestVenue(81, { simulatedMarket: true }));
    client = new VenueTestClient(venue.restUrl, venue.demo);
  });

  afterAll(async () => {
    await venue.stop();
  });

  it('answers random parameters on every signed endpoint with 200 or a {code,msg} 400', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...SIGNED_ENDPOINTS),
        fc.dictionary(fc.constantFrom(...NAMES), VALUES, { maxKeys: 6 }),
        fc.boolean(),
        async ([method, path], params, inBody) => {
          const response = await client.signed(method, path, params, {
            placement: inBody && method !== 'GET' ? 'body' : 'query',
          });
          if (response.status === 200) return;
          expect(response.status).toBe(400);
          expect(typeof response.body.msg).toBe('string');
          expect(['string', 'number']).toContain(typeof response.body.code);
        },
      ),
      { numRuns: 400, seed: 81 },
    );
  });

  it('answers malformed batch bodies with a 400', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 2 }), async (body) => {
        for (const path of ['/api/v1.1/spot/batchOrders', '/api/v1/futures/batchOrders']) {
          const response = await client.signed('POST', path, {}, { json: body });
          expect([200, 400]).toContain(response.status);
        }
      }),
      { numRuns: 100, seed: 82 },
    );
    const response = await fetch(`${venue.restUrl}/api/v1/spot/batchOrders?timestamp=${Date.now()}`, {
      method: 'POST',
      headers: { 'X-HK-APIKEY': venue.demo.apiKey, 'Content-Type': 'application/json' },
      body: '[{"symbol":',
    });
    expect(response.status).toBe(400);
  });
});
