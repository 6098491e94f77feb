import Decimal from 'decimal.js';
import type { RunningVenue } from '@oms/venue';
import { startTestVenue } from '../test-support/test-venue';
import { VenueTestClient } from '../test-support/venue-test-client';

type KlineRow = [number, string, string, string, string, string, 0, string, number, string, string];

/**
 * Klines over HTTP from trades between two desk users (no participants), so the
 * candles hold exactly these trades. Candles are cut by the wall clock, so the checks
 * sum over the rows returned instead of assuming the trades share one minute.
 */
describe('venue klines over HTTP', () => {
  let venue: RunningVenue;
  let seller: VenueTestClient;
  let buyer: VenueTestClient;
  let firstTradeTime: number;

  const klines = async (params: Record<string, string | number>) =>
    (await seller.unsigned<KlineRow[]>('GET', '/quote/v1/klines', params, false)).body;

  beforeAll(async () => {
    const started = await startTestVenue(63);
    venue = started.venue;
    seller = (await started.control.createTrader(venue.restUrl, { spot: { ETH: '10' } })).client;
    buyer = (await started.control.createTrader(venue.restUrl, { spot: { USDT: '100000' } })).client;
    firstTradeTime = Date.now();
    // Each pair trades once at the seller's price; the buyer takes, so every trade is an aggressive buy.
    for (const [price, quantity] of [
      ['3000', '1'],
      ['3010', '0.5'],
      ['2990', '0.5'],
    ]) {
      const order = { symbol: 'ETHUSDT', type: 'LIMIT', quantity, price };
      await seller.signed('POST', '/api/v1.1/spot/order', { ...order, side: 'SELL' });
      await buyer.signed('POST', '/api/v1.1/spot/order', { ...order, side: 'BUY' });
    }
  });

  afterAll(async () => {
    await venue.stop();
  });

  it('answers rows in the live layout, oldest first, aligned to the interval', async () => {
    const rows = await klines({ symbol: 'ETHUSDT', interval: '1m' });
    expect(rows.length).toBeGreaterThanOrEqual(1);
    for (const row of rows) {
      expect(row).toEqual([
        expect.any(Number),
        expect.any(String),
        expect.any(String),
        expect.any(String),
        expect.any(String),
        expect.any(String),
        0,
        expect.any(String),
        expect.any(Number),
        expect.any(String),
        expect.any(String),
      ]);
      expect(row[0] % 60_000).toBe(0);
    }
    expect(rows.map((row) => row[0])).toEqual([...rows.map((row) => row[0])].sort((a, b) => a - b));
    expect(rows[0][0]).toBeGreaterThanOrEqual(Math.floor(firstTradeTime / 60_000) * 60_000);
  });

  it('adds up to the trades: open 3000, high 3010, low 2990, close 2990, 2 ETH for 6000 USDT', async () => {
    const rows = await klines({ symbol: 'ETHUSDT', interval: '1m' });
    const sum = (index: 5 | 7 | 9 | 10) =>
      rows.reduce((total, row) => total.plus(row[index]), new Decimal(0));
    expect(rows[0][1]).toBe('3000');
    expect(Decimal.max(...rows.map((row) => row[2])).toString()).toBe('3010');
    expect(Decimal.min(...rows.map((row) => row[3])).toString()).toBe('2990');
    expect(rows[rows.length - 1][4]).toBe('2990');
    expect(sum(5).toString()).toBe('2');
    // 1 x 3000 + 0.5 x 3010 + 0.5 x 2990
    expect(sum(7).toString()).toBe('6000');
    expect(rows.reduce((count, row) => count + row[8], 0)).toBe(3);
    expect(sum(9).toString()).toBe('2');
    expect(sum(10).toString()).toBe('6000');
    const daily = await klines({ symbol: 'ETHUSDT', interval: '1d' });
    expect(daily.reduce((count, row) => count + row[8], 0)).toBe(3);
  });

  it('applies limit, startTime and endTime', async () => {
    const rows = await klines({ symbol: 'ETHUSDT', interval: '1m' });
    const newest = rows[rows.length - 1];
    expect(await klines({ symbol: 'ETHUSDT', interval: '1m', limit: 1 })).toEqual([newest]);
    expect(await klines({ symbol: 'ETHUSDT', interval: '1m', startTime: Date.now() + 60_000 })).toEqual([]);
    expect(await klines({ symbol: 'ETHUSDT', interval: '1m', endTime: firstTradeTime - 60_000 })).toEqual([]);
    expect(await klines({ symbol: 'BTCUSDT', interval: '1m' })).toEqual([]);
  });

  it('answers missing or bad parameters with the exchange error bodies', async () => {
    const call = (params: Record<string, string | number>) =>
      seller.unsigned('GET', '/quote/v1/klines', params, false);
    expect((await call({ interval: '1m' })).body).toEqual({
      code: -100012,
      msg: 'Parameter symbol [String] missing!',
    });
    expect((await call({ symbol: 'ETHUSDT' })).body).toEqual({
      code: -100012,
      msg: 'Parameter interval [String] missing!',
    });
    const badInterval = await call({ symbol: 'ETHUSDT', interval: '7m' });
    expect(badInterval.status).toBe(400);
    expect(badInterval.body.code).toBe('-1120');
    expect((await call({ symbol: 'NOPE', interval: '1m' })).body.code).toBe(-100010);
    const tooMany = await call({ symbol: 'ETHUSDT', interval: '1m', limit: 1001 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toContain('limit');
    const reversed = await call({ symbol: 'ETHUSDT', interval: '1m', startTime: 2000, endTime: 1000 });
    expect(reversed.status).toBe(400);
    expect(reversed.body.msg).toContain('startTime');
  });
});
