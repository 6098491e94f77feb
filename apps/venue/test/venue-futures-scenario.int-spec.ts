import Decimal from 'decimal.js';
import {
  futuresLimitOrderListSchema,
  futuresLimitOrderSchema,
  futuresStopOrderListSchema,
  futuresTradeListSchema,
  leverageSettingListSchema,
  setLeverageResponseSchema,
} from '@oms/exchange';
import type { RunningVenue } from '@oms/venue';
import { startTestVenue } from '../test-support/test-venue';
import { expectDecimal, futuresPosition, futuresWallet } from '../test-support/venue-assertions';
import { ControlClient, VenueTestClient } from '../test-support/venue-test-client';

const SYMBOL = 'BTCUSDT-PERPETUAL';

const wallet = futuresWallet;

const position = (client: VenueTestClient, side: 'LONG' | 'SHORT') => futuresPosition(client, SYMBOL, side);

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
    ({ venue, control } = await startTestVenue(31, { marks: { [SYMBOL]: '30000' } }));
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
});
