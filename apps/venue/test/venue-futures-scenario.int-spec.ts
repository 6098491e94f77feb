import Decimal from 'decimal.js';
import {
  commissionRateSchema,
  futuresBalanceListSchema,
  futuresBatchOrderResponseSchema,
  futuresLimitOrderListSchema,
  futuresLimitOrderSchema,
  futuresPositionListSchema,
  futuresStopOrderListSchema,
  futuresTradeListSchema,
  leverageSettingListSchema,
  setLeverageResponseSchema,
} from '@oms/exchange';
import { startVenue } from '@oms/venue';
import type { RunningVenue } from '@oms/venue';
import { ControlClient, GENEROUS_LIMITS, VenueTestClient } from '../test-support/venue-test-client';

const SYMBOL = 'BTCUSDT-PERPETUAL';

function expectDecimal(actual: string | undefined, expected: string): void {
  expect(actual).toBeDefined();
  if (!new Decimal(actual ?? 'NaN').eq(expected)) throw new Error(`expected ${expected}, got ${actual}`);
}

async function wallet(client: VenueTestClient) {
  const entries = futuresBalanceListSchema.parse(
    (await client.signed('GET', '/api/v1/futures/balance')).body,
  );
  const usdt = entries.find((entry) => entry.asset === 'USDT');
  if (usdt === undefined) throw new Error('no USDT futures balance');
  return usdt;
}

async function position(client: VenueTestClient, side: 'LONG' | 'SHORT') {
  const positions = futuresPositionListSchema.parse(
    (await client.signed('GET', '/api/v1/futures/positions', { symbol: SYMBOL, side })).body,
  );
  return positions[0];
}

/**
 * Two desk users trade BTCUSDT-PERPETUAL (multiplier 0.001 BTC per contract) with each
 * other. Fees: maker 0.025 %, taker 0.06 %, on notional = price x contracts x 0.001.
 */
describe('futures scenario over HTTP: open, partial fill, fill, close with PnL, cancel, positions, balances', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  let long: VenueTestClient;
  let short: VenueTestClient;

  beforeAll(async () => {
    venue = await startVenue({
      port: 0,
      controlPort: 0,
      seed: 31,
      simulatedMarket: false,
      environment: GENEROUS_LIMITS,
    });
    control = new ControlClient(venue.controlUrl);
    await control.ok('POST', '/marks', { symbol: SYMBOL, price: '30000' });
    long = (await control.createTrader(venue.restUrl, { futures: { USDT: '100000' } })).client;
    short = (await control.createTrader(venue.restUrl, { futures: { USDT: '100000' } })).client;
  });

  afterAll(async () => {
    await venue.stop();
  });

  it('sets and reads leverage', async () => {
    for (const client of [long, short]) {
      const set = await client.signed('POST', '/api/v1/futures/leverage', { symbol: SYMBOL, leverage: 10 });
      expect(setLeverageResponseSchema.parse(set.body)).toMatchObject({
        code: '0000',
        symbolId: SYMBOL,
        leverage: '10',
      });
    }
    const read = leverageSettingListSchema.parse(
      (await long.signed('GET', '/api/v1/futures/leverage', { symbol: SYMBOL })).body,
    );
    expect(read[0]).toMatchObject({ symbolId: SYMBOL, leverage: '10', marginType: 'CROSS' });
  });

  let shortOrderId: string;

  it('rests a SELL_OPEN, partially fills it with a LIMIT BUY_OPEN, then fills it with a MARKET BUY_OPEN', async () => {
    const resting = await short.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: 1000,
      price: '30000',
      priceType: 'INPUT',
      timeInForce: 'GTC',
      clientOrderId: 'short-open-1',
    });
    expect(resting.status).toBe(200);
    expect(resting.body).toMatchObject({
      status: 'NEW',
      origQty: '1000',
      contractMultiplier: expect.any(String),
    });
    shortOrderId = resting.body.orderId;

    const partial = await long.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: 400,
      price: '30000',
      clientOrderId: 'long-open-1',
    });
    expect(partial.body.status).toBe('FILLED');
    const afterPartial = futuresLimitOrderSchema.parse(
      (await short.signed('GET', '/api/v1/futures/order', { orderId: shortOrderId, type: 'LIMIT' })).body,
    );
    expect(afterPartial.status).toBe('PARTIALLY_FILLED');
    expectDecimal(afterPartial.executedQty, '400');

    const market = await long.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      priceType: 'MARKET',
      quantity: 600,
      clientOrderId: 'long-open-2',
    });
    expect(market.body.status).toBe('FILLED');
    const filled = futuresLimitOrderSchema.parse(
      (await short.signed('GET', '/api/v1/futures/order', { clientOrderId: 'short-open-1', type: 'LIMIT' }))
        .body,
    );
    expect(filled.status).toBe('FILLED');
    expectDecimal(filled.avgPrice, '30000');

    const longPosition = await position(long, 'LONG');
    expectDecimal(longPosition.position, '1000');
    expectDecimal(longPosition.avgPrice, '30000');
    const shortPosition = await position(short, 'SHORT');
    expectDecimal(shortPosition.position, '1000');
    // Taker fees of the long: 12000 x 0.0006 + 18000 x 0.0006 = 7.2 + 10.8 = 18.
    const longTrades = futuresTradeListSchema.parse(
      (await long.signed('GET', '/api/v1/futures/userTrades', { symbol: SYMBOL })).body,
    );
    expect(longTrades.map((trade) => new Decimal(trade.commission).toString()).sort()).toEqual([
      '10.8',
      '7.2',
    ]);
    expectDecimal((await wallet(long)).balance, '99982');
    // Maker fees of the short: 12000 x 0.00025 + 18000 x 0.00025 = 3 + 4.5.
    expectDecimal((await wallet(short)).balance, '99992.5');
  });

  it('closes half at 31000: realized PnL of 500 for the long and -500 for the short', async () => {
    const ask = await long.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'SELL_CLOSE',
      type: 'LIMIT',
      quantity: 500,
      price: '31000',
      clientOrderId: 'long-close-1',
    });
    expect(ask.body.status).toBe('NEW');
    expectDecimal((await position(long, 'LONG')).available, '500');
    const take = await short.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'BUY_CLOSE',
      type: 'LIMIT',
      quantity: 500,
      price: '31000',
      clientOrderId: 'short-close-1',
    });
    expect(take.body.status).toBe('FILLED');

    const longPosition = await position(long, 'LONG');
    expectDecimal(longPosition.position, '500');
    expectDecimal(longPosition.realizedPnL, '500');
    const shortPosition = await position(short, 'SHORT');
    expectDecimal(shortPosition.position, '500');
    expectDecimal(shortPosition.realizedPnL, '-500');

    const closeTrade = futuresTradeListSchema
      .parse((await long.signed('GET', '/api/v1/futures/userTrades', { symbol: SYMBOL })).body)
      .find((trade) => trade.side === 'SELL_CLOSE');
    expectDecimal(closeTrade?.realizedPnl, '500');
    // Long wallet: 100000 - 18 + 500 - 15500 x 0.00025 (3.875) = 100478.125.
    const longWallet = await wallet(long);
    expectDecimal(longWallet.balance, '100478.125');
    // Short wallet: 100000 - 7.5 - 500 - 15500 x 0.0006 (9.3) = 99483.2.
    expectDecimal((await wallet(short)).balance, '99483.2');
    // availableBalance = balance - positionMargin - orderMargin + crossUnRealizedPnl.
    expectDecimal(
      longWallet.availableBalance,
      new Decimal(longWallet.balance)
        .minus(longWallet.positionMargin)
        .minus(longWallet.orderMargin)
        .plus(longWallet.crossUnRealizedPnl)
        .toString(),
    );
  });

  it('cancels a resting close order: the ack keeps NEW, the record then reads CANCELED', async () => {
    const placed = await long.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'SELL_CLOSE',
      type: 'LIMIT',
      quantity: 100,
      price: '35000',
      clientOrderId: 'long-close-2',
    });
    const ack = await long.signed('DELETE', '/api/v1/futures/order', {
      orderId: placed.body.orderId,
      type: 'LIMIT',
    });
    expect(futuresLimitOrderSchema.parse(ack.body).status).toBe('NEW');
    const history = futuresLimitOrderListSchema.parse(
      (await long.signed('GET', '/api/v1/futures/historyOrders', { symbol: SYMBOL, type: 'LIMIT' })).body,
    );
    expect(history.find((order) => order.clientOrderId === 'long-close-2')?.status).toBe('CANCELED');
    expect(
      (await long.signed('DELETE', '/api/v1/futures/order', { clientOrderId: 'nope', type: 'LIMIT' })).body
        .code,
    ).toBe('-1143');
  });

  it('triggers a STOP close when the mark price crosses its stop price', async () => {
    const stop = await long.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'SELL_CLOSE',
      type: 'STOP',
      quantity: 100,
      stopPrice: '29000',
      priceType: 'MARKET',
      clientOrderId: 'long-stop-1',
    });
    expect(stop.body).toMatchObject({ type: 'STOP', status: 'ORDER_NEW', stopPrice: expect.any(String) });
    const open = futuresStopOrderListSchema.parse(
      (await long.signed('GET', '/api/v1/futures/openOrders', { type: 'STOP' })).body,
    );
    expect(open.map((order) => order.clientOrderId)).toEqual(['long-stop-1']);
    await short.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'BUY_CLOSE',
      type: 'LIMIT',
      quantity: 100,
      price: '28900',
      clientOrderId: 'short-bid-1',
    });
    await control.ok('POST', '/marks', { symbol: SYMBOL, price: '28950' });
    const after = await long.signed('GET', '/api/v1/futures/order', {
      orderId: stop.body.orderId,
      type: 'STOP',
    });
    expect(after.body.status).toBe('ORDER_FILLED');
    expectDecimal((await position(long, 'LONG')).position, '400');
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
