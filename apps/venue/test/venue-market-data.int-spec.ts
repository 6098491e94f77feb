import {
  depthSchema,
  exchangeInfoSchema,
  indexPriceSchema,
  markPriceSchema,
  singleSymbolInfoSchema,
  ticker24hrListSchema,
  tickerPriceListSchema,
} from '@oms/exchange';
import type { RunningVenue } from '@oms/venue';
import { startTestVenue } from '../test-support/test-venue';
import { ControlClient, VenueTestClient } from '../test-support/venue-test-client';

/** Public data with the simulated participants on: the book around the mark, marks moved by the control plane. */
describe('venue exchange info and market data', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  let client: VenueTestClient;

  beforeAll(async () => {
    ({ venue, control } = await startTestVenue(61, { simulatedMarket: true }));
    client = new VenueTestClient(venue.restUrl, venue.demo);
  });

  afterAll(async () => {
    await venue.stop();
  });

  it('describes spot pairs and perpetual contracts', async () => {
    const info = exchangeInfoSchema.parse(
      (await client.unsigned('GET', '/api/v1/exchangeInfo', {}, false)).body,
    );
    expect(info.symbols.map((symbol) => symbol.symbol)).toEqual(
      expect.arrayContaining(['BTCUSDT', 'ETHUSDT']),
    );
    const contract = info.contracts.find((entry) => entry.symbol === 'BTCUSDT-PERPETUAL');
    expect(contract).toMatchObject({ underlying: 'BTC', marginToken: 'USDT', contractMultiplier: '0.001' });
    // Like the live exchange, a contract's LOT_SIZE is in base units: one contract is 0.001 BTC.
    const lotSize = contract?.filters.find((filter) => filter.filterType === 'LOT_SIZE') as {
      stepSize?: string;
    };
    expect(lotSize.stepSize).toBe('0.001');
    const single = await client.unsigned('GET', '/api/v1/exchangeInfo', { symbol: 'ETHUSDT' }, false);
    expect(singleSymbolInfoSchema.parse(single.body)).toMatchObject({ symbol: 'ETHUSDT' });
    expect(single.body.filters.map((filter: { filterType: string }) => filter.filterType)).toEqual(
      expect.arrayContaining(['PRICE_FILTER', 'LOT_SIZE', 'MIN_NOTIONAL']),
    );
  });

  it('quotes a two-sided book around the mark that follows mark moves', async () => {
    await control.ok('POST', '/marks', { symbol: 'BTCUSDT', price: '50000' });
    const depth = depthSchema.parse(
      (await client.unsigned('GET', '/quote/v1/depth', { symbol: 'BTCUSDT', limit: 5 }, false)).body,
    );
    expect(depth.b.length).toBeGreaterThan(0);
    expect(depth.a.length).toBeGreaterThan(0);
    expect(Number(depth.b[0][0])).toBeLessThan(50000 * 1.01);
    expect(Number(depth.a[0][0])).toBeGreaterThan(50000 * 0.99);
    expect(Number(depth.b[0][0])).toBeLessThan(Number(depth.a[0][0]));
    const moved = await control.ok('POST', '/market/advance', { steps: 3 });
    expect(moved.length).toBeGreaterThan(0);
  });

  it('fills a desk market order against the simulated participants', async () => {
    const order = await client.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'MARKET',
      amount: '100',
    });
    expect(order.body.status).toBe('FILLED');
    const trades = await client.unsigned('GET', '/quote/v1/trades', { symbol: 'BTCUSDT', limit: 10 }, false);
    expect(trades.body.length).toBeGreaterThan(0);
    expect(trades.body[0]).toEqual({
      t: expect.any(Number),
      p: expect.any(String),
      q: expect.any(String),
      ibm: expect.any(Boolean),
    });
  });

  it('serves tickers, the mark and the index of a contract', async () => {
    const tickers = ticker24hrListSchema.parse(
      (await client.unsigned('GET', '/quote/v1/ticker/24hr', { symbol: 'BTCUSDT' }, false)).body,
    );
    expect(tickers).toHaveLength(1);
    const prices = tickerPriceListSchema.parse(
      (await client.unsigned('GET', '/quote/v1/ticker/price', {}, false)).body,
    );
    expect(prices.length).toBeGreaterThanOrEqual(4);
    await control.ok('POST', '/marks', { symbol: 'ETHUSDT-PERPETUAL', price: '2500' });
    const mark = markPriceSchema.parse(
      (await client.unsigned('GET', '/quote/v1/markPrice', { symbol: 'ETHUSDT-PERPETUAL' }, false)).body,
    );
    expect(mark).toMatchObject({ symbolId: 'ETHUSDT-PERPETUAL', price: '2500' });
    const index = indexPriceSchema.parse(
      (await client.unsigned('GET', '/quote/v1/index', { symbol: 'ETHUSDT' }, false)).body,
    );
    expect(index.index.ETHUSDT).toBe('2500');
  });

  it('answers a missing or unknown symbol with the numeric-code bodies', async () => {
    expect((await client.unsigned('GET', '/quote/v1/depth', {}, false)).body).toEqual({
      code: -100012,
      msg: 'Parameter symbol [String] missing!',
    });
    expect((await client.unsigned('GET', '/quote/v1/depth', { symbol: 'NOPE' }, false)).body.code).toBe(
      -100010,
    );
  });

  it('exposes a full state snapshot on the control plane', async () => {
    const snapshot = await control.ok('GET', '/snapshot');
    expect(
      snapshot.users.some((user: { user: { userId: string } }) => user.user.userId === venue.demo.userId),
    ).toBe(true);
    expect(snapshot.marks.length).toBeGreaterThan(0);
  });

  it('creates a funded account with a key in one control call, and snapshots one user', async () => {
    const created = await control.ok('POST', '/accounts', {
      label: 'desk-7',
      spotDeposits: { USDT: '2500', BTC: '0.5' },
      futuresDeposits: { USDT: '1000' },
      keyKind: 'HMAC',
    });
    const trader = new VenueTestClient(venue.restUrl, created.key);
    const account = await trader.signed('GET', '/api/v1/account');
    const usdt = account.body.balances.find((balance: { asset: string }) => balance.asset === 'USDT');
    expect(usdt).toMatchObject({ free: '2500' });
    const snapshot = await control.ok('GET', `/snapshot?userId=${created.userId}`);
    expect(snapshot.users).toHaveLength(1);
    expect(snapshot.users[0].futuresBalances[0]).toMatchObject({ asset: 'USDT', balance: '1000' });
    expect((await control.call('GET', '/snapshot?userId=nobody')).status).toBe(404);
    const invalid = await control.call('POST', '/accounts', { spotDeposits: { USDT: 'lots' } });
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).toContain('spotDeposits');
  });
});
