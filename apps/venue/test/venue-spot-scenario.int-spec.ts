import {
  accountTradeListSchema,
  spotCancelAckSchema,
  spotOrderAckSchema,
  spotOrderRecordListSchema,
  spotOrderRecordSchema,
} from '@oms/exchange';
import type { RunningVenue } from '@oms/venue';
import { startTestVenue } from '../test-support/test-venue';
import { expectDecimal, spotBalances as balances } from '../test-support/venue-assertions';
import { ControlClient, VenueTestClient } from '../test-support/venue-test-client';

/**
 * Two desk users trade BTCUSDT with each other (no simulated participants), so every
 * number can be worked out by hand. Fees: maker 0.1 %, taker 0.12 %; a buyer pays its
 * fee in the base asset, a seller in the quote asset.
 */
describe('spot scenario over HTTP: place, partial fill, fill, cancel, balances', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  let seller: VenueTestClient;
  let buyer: VenueTestClient;
  let sellerAccountId: string;

  beforeAll(async () => {
    ({ venue, control } = await startTestVenue(21));
    const s = await control.createTrader(venue.restUrl, { spot: { BTC: '1' } });
    const b = await control.createTrader(venue.restUrl, { spot: { USDT: '20000' } });
    seller = s.client;
    sellerAccountId = s.spotAccountId;
    buyer = b.client;
  });

  afterAll(async () => {
    await venue.stop();
  });

  let restingSellId: string;

  it('rests a LIMIT sell and locks the base asset', async () => {
    const placed = await seller.signed(
      'POST',
      '/api/v1.1/spot/order',
      {
        symbol: 'BTCUSDT',
        side: 'SELL',
        type: 'LIMIT',
        quantity: '0.5',
        price: '30000',
        newClientOrderId: 'sell-1',
      },
      { placement: 'body' },
    );
    expect(placed.status).toBe(200);
    const ack = spotOrderAckSchema.parse(placed.body);
    expect(ack).toMatchObject({
      accountId: sellerAccountId,
      clientOrderId: 'sell-1',
      status: 'NEW',
      side: 'SELL',
    });
    restingSellId = ack.orderId;
    const held = await balances(seller);
    expectDecimal(held.BTC.free, '0.5');
    expectDecimal(held.BTC.locked, '0.5');
  });

  it('fills part of it with a taker LIMIT buy', async () => {
    const placed = await buyer.signed('POST', '/api/v1/spot/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.2',
      price: '30000',
    });
    const ack = spotOrderAckSchema.parse(placed.body);
    expect(ack.status).toBe('FILLED');
    expectDecimal(ack.executedQty, '0.2');
    const sell = spotOrderRecordSchema.parse(
      (await seller.signed('GET', '/api/v1/spot/order', { origClientOrderId: 'sell-1' })).body,
    );
    expect(sell.status).toBe('PARTIALLY_FILLED');
    expectDecimal(sell.executedQty, '0.2');
    // Buyer: 0.2 BTC less the taker fee 0.2 x 0.0012 = 0.00024; 0.2 x 30000 = 6000 USDT paid.
    const buyerHeld = await balances(buyer);
    expectDecimal(buyerHeld.BTC.free, '0.19976');
    expectDecimal(buyerHeld.USDT.free, '14000');
    // Seller: 6000 USDT less the maker fee 6000 x 0.001 = 6.
    const sellerHeld = await balances(seller);
    expectDecimal(sellerHeld.USDT.free, '5994');
    expectDecimal(sellerHeld.BTC.locked, '0.3');
  });

  it('fills the rest with a MARKET buy by quantity, sharing ticket ids between the two sides', async () => {
    const placed = await buyer.signed('POST', '/api/v1.1/spot/order', {
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: '0.3',
    });
    expect(spotOrderAckSchema.parse(placed.body).status).toBe('FILLED');
    const sell = spotOrderRecordSchema.parse(
      (await seller.signed('GET', '/api/v1/spot/order', { orderId: restingSellId })).body,
    );
    expect(sell.status).toBe('FILLED');
    expectDecimal(sell.cumulativeQuoteQty, '15000');
    expectDecimal(sell.avgPrice, '30000');
    const sellerTrades = accountTradeListSchema.parse(
      (await seller.signed('GET', '/api/v1/account/trades', { symbol: 'BTCUSDT' })).body,
    );
    const buyerTrades = accountTradeListSchema.parse(
      (await buyer.signed('GET', '/api/v1/account/trades', { symbol: 'BTCUSDT' })).body,
    );
    expect(sellerTrades).toHaveLength(2);
    expect(buyerTrades).toHaveLength(2);
    expect(new Set(sellerTrades.map((trade) => trade.ticketId))).toEqual(
      new Set(buyerTrades.map((trade) => trade.ticketId)),
    );
    expect(sellerTrades.every((trade) => trade.isMaker && !trade.isBuyer)).toBe(true);
    expect(
      buyerTrades.every((trade) => !trade.isMaker && trade.isBuyer && trade.commissionAsset === 'BTC'),
    ).toBe(true);
    // Seller: 5994 + 9000 - 9 = 14985 USDT; buyer: 0.19976 + 0.3 - 0.00036 = 0.49940 BTC, 14000 - 9000 = 5000 USDT.
    const sellerHeld = await balances(seller);
    expectDecimal(sellerHeld.USDT.free, '14985');
    expectDecimal(sellerHeld.BTC.locked, '0');
    const buyerHeld = await balances(buyer);
    expectDecimal(buyerHeld.BTC.free, '0.4994');
    expectDecimal(buyerHeld.USDT.free, '5000');
  });

  it('cancels a resting order: the ack still says NEW, the order then reads CANCELED', async () => {
    const placed = spotOrderAckSchema.parse(
      (
        await seller.signed('POST', '/api/v1.1/spot/order', {
          symbol: 'BTCUSDT',
          side: 'SELL',
          type: 'LIMIT',
          quantity: '0.1',
          price: '31000',
        })
      ).body,
    );
    const cancel = await seller.signed(
      'DELETE',
      '/api/v1/spot/order',
      { orderId: placed.orderId },
      { placement: 'body' },
    );
    expect(spotCancelAckSchema.parse(cancel.body).status).toBe('NEW');
    const after = spotOrderRecordSchema.parse(
      (await seller.signed('GET', '/api/v1/spot/order', { orderId: placed.orderId })).body,
    );
    expect(after.status).toBe('CANCELED');
    expectDecimal((await balances(seller)).BTC.free, '0.5');
    const again = await seller.signed('DELETE', '/api/v1/spot/order', { orderId: placed.orderId });
    expect(again.status).toBe(400);
  });

  it('partially fills then cancels: PARTIALLY_CANCELED, unfilled funds released', async () => {
    const bid = spotOrderAckSchema.parse(
      (
        await buyer.signed('POST', '/api/v1.1/spot/order', {
          symbol: 'BTCUSDT',
          side: 'BUY',
          type: 'LIMIT',
          quantity: '0.1',
          price: '29000',
          newClientOrderId: 'bid-29000',
        })
      ).body,
    );
    expectDecimal((await balances(buyer)).USDT.locked, '2900');
    // v1.0 MARKET SELL: quantity is the base quantity.
    const hit = await seller.signed('POST', '/api/v1/spot/order', {
      symbol: 'BTCUSDT',
      side: 'SELL',
      type: 'MARKET',
      quantity: '0.04',
    });
    expect(spotOrderAckSchema.parse(hit.body).status).toBe('FILLED');
    await buyer.signed('DELETE', '/api/v1/spot/order', { clientOrderId: 'bid-29000' });
    const after = spotOrderRecordSchema.parse(
      (await buyer.signed('GET', '/api/v1/spot/order', { orderId: bid.orderId })).body,
    );
    expect(after.status).toBe('PARTIALLY_CANCELED');
    expectDecimal(after.executedQty, '0.04');
    // Buyer: 5000 - 0.04 x 29000 = 3840 USDT, nothing locked; 0.4994 + 0.04 - 0.00004 (maker) = 0.53936 BTC.
    const buyerHeld = await balances(buyer);
    expectDecimal(buyerHeld.USDT.free, '3840');
    expectDecimal(buyerHeld.USDT.locked, '0');
    expectDecimal(buyerHeld.BTC.free, '0.53936');
    // Seller: 14985 + 1160 - 1.392 (taker) = 16143.608 USDT; 1 - 0.5 - 0.04 = 0.46 BTC.
    const sellerHeld = await balances(seller);
    expectDecimal(sellerHeld.USDT.free, '16143.608');
    expectDecimal(sellerHeld.BTC.free, '0.46');
    const history = spotOrderRecordListSchema.parse(
      (await buyer.signed('GET', '/api/v1/spot/tradeOrders', { symbol: 'BTCUSDT' })).body,
    );
    expect(history.map((order) => order.status).sort()).toEqual(['FILLED', 'FILLED', 'PARTIALLY_CANCELED']);
  });
});
