import Decimal from 'decimal.js';
import { commissionRateSchema, futuresBatchOrderResponseSchema } from '@oms/exchange';
import type { RunningVenue } from '@oms/venue';
import { startTestVenue } from '../test-support/test-venue';
import { expectDecimal, futuresPosition } from '../test-support/venue-assertions';
import { ControlClient, VenueTestClient } from '../test-support/venue-test-client';

const SYMBOL = 'BTCUSDT-PERPETUAL';
const position = (client: VenueTestClient, side: 'LONG' | 'SHORT') => futuresPosition(client, SYMBOL, side);

/** The futures endpoints around the scenario: batches, bulk cancels, reference data, margin settings. */
describe('futures endpoints over HTTP', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  let long: VenueTestClient;
  let short: VenueTestClient;

  beforeAll(async () => {
    ({ venue, control } = await startTestVenue(32, { marks: { [SYMBOL]: '30000' } }));
    long = (await control.createTrader(venue.restUrl, { futures: { USDT: '100000' } })).client;
    short = (await control.createTrader(venue.restUrl, { futures: { USDT: '100000' } })).client;
    const open = { symbol: SYMBOL, type: 'LIMIT', quantity: 100, price: '30000' };
    await short.signed('POST', '/api/v1/futures/order', {
      ...open,
      side: 'SELL_OPEN',
      clientOrderId: 'setup-short',
    });
    await long.signed('POST', '/api/v1/futures/order', {
      ...open,
      side: 'BUY_OPEN',
      clientOrderId: 'setup-long',
    });
  });

  afterAll(async () => {
    await venue.stop();
  });

  it('places and cancels futures batches', async () => {
    const batch = await long.signed(
      'POST',
      '/api/v1/futures/batchOrders',
      {},
      {
        json: [
          {
            symbol: SYMBOL,
            side: 'BUY_OPEN',
            type: 'LIMIT',
            price: 20000,
            priceType: 'INPUT',
            quantity: 10,
            clientOrderId: 'fb-1',
          },
          {
            symbol: SYMBOL,
            side: 'BUY_OPEN',
            type: 'LIMIT',
            price: 20001,
            priceType: 'INPUT',
            quantity: 10,
            clientOrderId: 'fb-1',
          },
          {
            symbol: SYMBOL,
            side: 'BUY_OPEN',
            type: 'LIMIT',
            price: 20002,
            priceType: 'INPUT',
            quantity: 10,
            clientOrderId: 'fb-3',
          },
        ],
      },
    );
    const parsed = futuresBatchOrderResponseSchema.parse(batch.body);
    expect(parsed.result.map((entry) => entry.code)).toEqual(['0000', '-1141', '0000']);
    const firstId = batch.body.result[0].order.orderId as string;
    const byIds = await long.signed('DELETE', '/api/v1/futures/cancelOrderByIds', { ids: `${firstId},42` });
    expect(byIds.body.code).toBe('0000');
    expect(byIds.body.result.map((entry: { orderId: string }) => entry.orderId)).toEqual(['42']);
    const all = await long.signed('DELETE', '/api/v1/futures/batchOrders', { symbol: SYMBOL });
    expect(all.body).toMatchObject({ code: '0000', message: 'success' });
    expect(
      (await long.signed('GET', '/api/v1/futures/openOrders', { symbol: SYMBOL, type: 'LIMIT' })).body,
    ).toEqual([]);
    await long.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: 5,
      price: '20000',
      clientOrderId: 'fb-4',
    });
    const cancelAll = await long.signed('DELETE', '/api/v1/futures/cancelAllOpenOrders', { symbol: SYMBOL });
    expect(cancelAll.body.code).toBe('0000');
    expect(cancelAll.body.lastOrderId).not.toBe('0');
  });

  it('serves trading stop, margin type, commission, risk limits, funding and best order', async () => {
    const tradingStop = await long.signed('POST', '/api/v1/futures/position/trading-stop', {
      symbol: SYMBOL,
      side: 'LONG',
      stopLoss: '25000',
    });
    expect(tradingStop.body).toMatchObject({
      symbolId: SYMBOL,
      side: 'LONG',
      stopLossPrice: expect.any(String),
    });
    expectDecimal(tradingStop.body.stopLossPrice, '25000');
    const missing = await long.signed('POST', '/api/v1/futures/position/trading-stop', {
      symbol: SYMBOL,
      side: 'LONG',
    });
    expect(missing.body.code).toBe('0001');
    const rates = commissionRateSchema.parse(
      (await long.signed('GET', '/api/v1/futures/commissionRate', { symbol: SYMBOL })).body,
    );
    expectDecimal(rates.openTakerFee, '0.0006');
    const risk = await long.signed('GET', '/api/v1/futures/riskLimit', { symbol: SYMBOL });
    expect(risk.body.length).toBeGreaterThan(0);
    const funding = await long.unsigned('GET', '/api/v1/futures/fundingRate', { symbol: SYMBOL }, false);
    expect(funding.body[0]).toMatchObject({ symbol: SYMBOL });
    const best = await long.signed('GET', '/api/v1/futures/getBestOrder', { symbol: SYMBOL });
    expect(best.status).toBe(200);
    const marginType = await long.signed('POST', '/api/v1/futures/marginType', {
      symbol: SYMBOL,
      marginType: 'CROSS',
    });
    expect(marginType.body).toMatchObject({ code: '0000', symbolId: SYMBOL, marginType: 'CROSS' });
    const crossMargin = await long.signed('POST', '/api/v1/futures/positionMargin', {
      symbol: SYMBOL,
      side: 'LONG',
      amount: '10',
    });
    expect(crossMargin.body.code).toBe('-1020');
  });

  it('adds isolated margin to a position in ISOLATED mode', async () => {
    const trader = (await control.createTrader(venue.restUrl, { futures: { USDT: '10000' } })).client;
    const isolated = await trader.signed('POST', '/api/v1/futures/marginType', {
      symbol: SYMBOL,
      marginType: 'ISOLATED',
    });
    expect(isolated.body).toMatchObject({ code: '0000', marginType: 'ISOLATED' });
    await short.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: 10,
      price: '28900',
      clientOrderId: 'short-ask-iso',
    });
    const opened = await trader.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: 10,
      price: '28900',
      clientOrderId: 'iso-open',
    });
    expect(opened.body.status).toBe('FILLED');
    const before = (await position(trader, 'LONG')).margin;
    const added = await trader.signed('POST', '/api/v1/futures/positionMargin', {
      symbol: SYMBOL,
      side: 'LONG',
      amount: '5',
    });
    expect(added.body).toMatchObject({ code: '0000', symbol: SYMBOL });
    expectDecimal(added.body.margin, new Decimal(before).plus(5).toString());
    expectDecimal((await position(trader, 'LONG')).margin, new Decimal(before).plus(5).toString());
  });
});
