import {
  accountEntryListSchema,
  spotBatchOrderResponseSchema,
  spotOrderAckSchema,
  spotOrderRecordListSchema,
  spotOrderRecordSchema,
} from '@oms/exchange';
import type { RunningVenue } from '@oms/venue';
import { startTestVenue } from '../test-support/test-venue';
import { expectDecimal, spotBalances as balances } from '../test-support/venue-assertions';
import { ControlClient, VenueTestClient } from '../test-support/venue-test-client';

/** The spot and account endpoints around the scenario: errors, tests, batches, bulk cancels, transfers. */
describe('spot and account endpoints over HTTP', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  let seller: VenueTestClient;
  let buyer: VenueTestClient;
  let sellerAccountId: string;

  beforeAll(async () => {
    ({ venue, control } = await startTestVenue(22));
    const s = await control.createTrader(venue.restUrl, { spot: { BTC: '1', USDT: '1000' } });
    const b = await control.createTrader(venue.restUrl, { spot: { USDT: '20000' } });
    seller = s.client;
    sellerAccountId = s.spotAccountId;
    buyer = b.client;
  });

  afterAll(async () => {
    await venue.stop();
  });

  it('answers the real error bodies: duplicate client id, unknown order, insufficient balance, filters', async () => {
    const order = {
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'LIMIT',
      quantity: '0.01',
      price: '40000',
      newClientOrderId: 'dup-1',
    };
    expect((await seller.signed('POST', '/api/v1.1/spot/order', order)).status).toBe(200);
    expect((await seller.signed('POST', '/api/v1.1/spot/order', order)).body).toEqual({
      code: '-1141',
      msg: 'Duplicate order',
    });
    expect((await seller.signed('GET', '/api/v1/spot/order', { orderId: '123456789' })).body.code).toBe(
      '0211',
    );
    const tooBig = await buyer.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '10',
      price: '30000',
    });
    expect(tooBig.body.code).toBe('0401');
    const missing = await buyer.signed('POST', '/api/v1.1/spot/order', {
      side: 'BUY',
      type: 'LIMIT',
      quantity: '1',
      price: '1',
    });
    expect(missing.body).toEqual({ code: '0001', msg: 'Required field symbol missing or invalid' });
    const badSide = await buyer.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'BTCUSDT',
      side: 'UP',
      type: 'LIMIT',
      quantity: '1',
      price: '1',
    });
    expect(badSide.status).toBe(400);
    expect(badSide.body.msg).toContain('side');
    const unknownSymbol = await buyer.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'NOPEUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '1',
      price: '1',
    });
    expect(unknownSymbol.body.code).toBe(-100010);
  });

  it('validates without placing on orderTest', async () => {
    const tested = await buyer.signed('POST', '/api/v1/spot/orderTest', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: '1000',
    });
    expect(tested).toEqual({ status: 200, body: {} });
    const open = spotOrderRecordListSchema.parse(
      (await buyer.signed('GET', '/api/v1/spot/openOrders', { symbol: 'BTCUSDT' })).body,
    );
    expect(open).toHaveLength(0);
    const refused = await buyer.signed('POST', '/api/v1/spot/orderTest', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '100',
      price: '30000',
    });
    expect(refused.body.code).toBe('0401');
  });

  it('creates a batch with per-order codes and cancels by ids with per-id failures', async () => {
    const batch = await buyer.signed(
      'POST',
      '/api/v1.1/spot/batchOrders',
      {},
      {
        json: [
          {
            symbol: 'BTCUSDT',
            side: 'BUY',
            type: 'LIMIT',
            quantity: '0.01',
            price: '20000',
            newClientOrderId: 'b-1',
          },
          {
            symbol: 'BTCUSDT',
            side: 'BUY',
            type: 'LIMIT',
            quantity: '0.01',
            price: '20001',
            newClientOrderId: 'b-1',
          },
          { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.01', newClientOrderId: 'b-3' },
        ],
      },
    );
    const parsed = spotBatchOrderResponseSchema.parse(batch.body);
    expect(batch.body.code).toBe(0);
    expect(parsed.result.map((entry) => entry.code)).toEqual(['0000', '-1141', '0001']);
    const placedId = batch.body.result[0].order.orderId as string;
    const cancelled = await buyer.signed('DELETE', '/api/v1/spot/cancelOrderByIds', {
      ids: `${placedId},999`,
    });
    expect(cancelled.body).toEqual({ code: '0000', result: [{ orderId: '999', code: '0211' }] });
    const tooMany = await buyer.signed(
      'POST',
      '/api/v1/spot/batchOrders',
      {},
      { json: new Array(21).fill({ symbol: 'BTCUSDT' }) },
    );
    expect(tooMany.status).toBe(400);
  });

  it('cancels open orders in bulk with both cancel-all endpoints', async () => {
    for (const price of ['21000', '21001']) {
      await buyer.signed('POST', '/api/v1.1/spot/order', {
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '0.01',
        price,
      });
    }
    const openBefore = spotOrderRecordListSchema.parse(
      (await buyer.signed('GET', '/api/v1/spot/openOrders')).body,
    );
    expect(openBefore).toHaveLength(2);
    expect((await buyer.signed('DELETE', '/api/v1/spot/openOrders', { symbol: 'BTCUSDT' })).body).toEqual({
      success: true,
    });
    expect((await buyer.signed('GET', '/api/v1/spot/openOrders')).body).toEqual([]);
    await seller.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'LIMIT',
      quantity: '0.01',
      price: '45000',
    });
    const all = await seller.signed('DELETE', '/api/v1/spot/cancelAllOpenOrders', {});
    expect(all.body).toMatchObject({ code: '0000' });
    expect(all.body.lastOrderId).not.toBe('0');
    expect((await seller.signed('GET', '/api/v1/spot/openOrders')).body).toEqual([]);
  });

  it('lists the accounts, moves funds between them once per second, and reports fee rates', async () => {
    const accounts = accountEntryListSchema.parse((await seller.signed('GET', '/api/v1/account/type')).body);
    const spot = accounts.find((account) => Number(account.accountType) === 1);
    const futures = accounts.find((account) => Number(account.accountType) === 3);
    expect(spot?.accountId).toBe(sellerAccountId);
    const transfer = {
      fromAccountId: sellerAccountId,
      toAccountId: futures?.accountId,
      coin: 'USDT',
      quantity: '100',
    };
    const moved = await seller.signed('POST', '/api/v1/account/assetTransfer', transfer);
    expect(moved.body).toMatchObject({ success: true });
    expect((await seller.signed('POST', '/api/v1/account/assetTransfer', transfer)).body.code).toBe('-3145');
    expectDecimal((await balances(seller)).USDT.free, '900');
    const vip = await seller.signed('GET', '/api/v1/account/vipInfo', { symbols: 'BTCUSDT' });
    expect(vip.body.code).toBe(0);
    expect(vip.body.data[0]).toMatchObject({ symbol: 'BTCUSDT' });
  });

  it('reads quantity as the quote amount of a v1.0 MARKET buy, and rejects a LIMIT_MAKER that would take', async () => {
    const maker = await control.createTrader(venue.restUrl, { spot: { ETH: '1' } });
    const taker = await control.createTrader(venue.restUrl, { spot: { USDT: '1000' } });
    await maker.client.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'LIMIT',
      quantity: '1',
      price: '2000',
    });
    const byAmount = spotOrderAckSchema.parse(
      (
        await taker.client.signed('POST', '/api/v1/spot/order', {
          symbol: 'ETHUSDT',
          side: 'BUY',
          type: 'MARKET',
          quantity: '300',
        })
      ).body,
    );
    expectDecimal(byAmount.reqAmount, '300');
    expect(byAmount.status).toBe('FILLED');
    // 300 USDT at 2000 buys 0.15 ETH; the taker fee 0.15 x 0.0012 = 0.00018 ETH leaves 0.14982.
    const held = await balances(taker.client);
    expectDecimal(held.USDT.free, '700');
    expectDecimal(held.ETH.free, '0.14982');
    const postOnly = await taker.client.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'LIMIT_MAKER',
      quantity: '0.1',
      price: '2000',
    });
    expect(spotOrderAckSchema.parse(postOnly.body).status).toBe('REJECTED');
    const record = spotOrderRecordSchema.parse(
      (await taker.client.signed('GET', '/api/v1/spot/order', { orderId: postOnly.body.orderId })).body,
    );
    expect(record.ordCxlReason).toBe('LIMIT_MAKER_WOULD_TAKE');
  });
});
