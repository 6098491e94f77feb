import { balanceOf, deskEngine, fundedUser, recordEvents, tradeSpot } from '../test-support/desk-engine';

/**
 * Hand calculation, fees maker 0.1 % and taker 0.12 % (the engine defaults), fees
 * taken from the asset received:
 *
 * seller deposits 10 ETH, buyer 10000 USDT.
 * 1. seller LIMIT SELL 2 ETH @ 3000 rests: seller ETH free 8, locked 2.
 * 2. buyer LIMIT BUY 0.5 @ 3100 takes 0.5 @ 3000 (maker's price):
 *    buyer reserves 1550, pays 1500, gets 50 back; receives 0.5 - 0.5 x 0.0012 = 0.4994 ETH.
 *    seller delivers 0.5 ETH; receives 1500 - 1500 x 0.001 = 1498.5 USDT.
 * 3. buyer MARKET BUY amount 4500 takes the remaining 1.5 @ 3000:
 *    buyer pays 4500, receives 1.5 - 0.0018 = 1.4982 ETH (total 1.9976); USDT 4000.
 *    seller receives 4500 - 4.5 = 4495.5 (total 5994); order FILLED.
 * 4. seller LIMIT SELL 1 @ 3200, buyer LIMIT BUY 0.4 @ 3200 fills 0.4, seller cancels:
 *    seller gets 1280 - 1.28 = 1278.72 USDT (total 7272.72), 0.6 ETH unlocked (free 7.6).
 *    buyer pays 1280 (USDT 2720), receives 0.4 - 0.00048 = 0.39952 ETH (total 2.39712).
 */
describe('spot: limit order, partial fill, fill, cancel', () => {
  it('moves orders, balances and fees exactly as the hand calculation', () => {
    const { engine } = deskEngine();
    const seller = fundedUser(engine, 'seller', { spot: { ETH: '10' } });
    const buyer = fundedUser(engine, 'buyer', { spot: { USDT: '10000' } });

    const ask = engine.placeSpotOrder({
      userId: seller.userId,
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'LIMIT',
      quantity: '2',
      price: '3000',
      clientOrderId: 'ask-1',
    });
    expect(ask.status).toBe('NEW');
    expect(balanceOf(engine, seller.userId, 'ETH')).toEqual({ free: '8', locked: '2' });

    const firstBuy = engine.placeSpotOrder({
      userId: buyer.userId,
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.5',
      price: '3100',
      timeInForce: 'IOC',
    });
    expect(firstBuy).toMatchObject({
      status: 'FILLED',
      executedQty: '0.5',
      cumulativeQuoteQty: '1500',
      avgPrice: '3000',
      feeCoin: 'ETH',
      sumFeeAmount: '0.0006',
    });
    expect(balanceOf(engine, buyer.userId, 'USDT')).toEqual({ free: '8500', locked: '0' });
    expect(balanceOf(engine, buyer.userId, 'ETH')).toEqual({ free: '0.4994', locked: '0' });
    expect(engine.getSpotOrder({ userId: seller.userId, clientOrderId: 'ask-1' })).toMatchObject({
      status: 'PARTIALLY_FILLED',
      executedQty: '0.5',
      sumFeeAmount: '1.5',
      feeCoin: 'USDT',
    });
    expect(balanceOf(engine, seller.userId, 'USDT')).toEqual({ free: '1498.5', locked: '0' });
    expect(balanceOf(engine, seller.userId, 'ETH')).toEqual({ free: '8', locked: '1.5' });

    const cashBuy = engine.placeSpotOrder({
      userId: buyer.userId,
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'MARKET',
      amount: '4500',
    });
    expect(cashBuy).toMatchObject({
      status: 'FILLED',
      origQty: '0',
      reqAmount: '4500',
      executedQty: '1.5',
      cumulativeQuoteQty: '4500',
    });
    expect(balanceOf(engine, buyer.userId, 'USDT')).toEqual({ free: '4000', locked: '0' });
    expect(balanceOf(engine, buyer.userId, 'ETH')).toEqual({ free: '1.9976', locked: '0' });
    expect(engine.getSpotOrder({ userId: seller.userId, orderId: ask.orderId }).status).toBe('FILLED');
    expect(balanceOf(engine, seller.userId, 'USDT')).toEqual({ free: '5994', locked: '0' });
    expect(balanceOf(engine, seller.userId, 'ETH')).toEqual({ free: '8', locked: '0' });

    const secondAsk = engine.placeSpotOrder({
      userId: seller.userId,
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'LIMIT',
      quantity: '1',
      price: '3200',
    });
    engine.placeSpotOrder({
      userId: buyer.userId,
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.4',
      price: '3200',
    });
    const cancel = engine.cancelSpotOrder({ userId: seller.userId, orderId: secondAsk.orderId });
    expect(cancel.statusBeforeCancel).toBe('PARTIALLY_FILLED');
    expect(cancel.order).toMatchObject({
      status: 'PARTIALLY_CANCELED',
      executedQty: '0.4',
      ordCxlReason: 'USER_CANCELED',
    });
    expect(balanceOf(engine, seller.userId, 'USDT')).toEqual({ free: '7272.72', locked: '0' });
    expect(balanceOf(engine, seller.userId, 'ETH')).toEqual({ free: '7.6', locked: '0' });
    expect(balanceOf(engine, buyer.userId, 'USDT')).toEqual({ free: '2720', locked: '0' });
    expect(balanceOf(engine, buyer.userId, 'ETH')).toEqual({ free: '2.39712', locked: '0' });

    const sellerTrades = engine.listSpotTrades({ userId: seller.userId, symbol: 'ETHUSDT' });
    expect(
      sellerTrades.map((trade) => [trade.qty, trade.price, trade.commission, trade.isMaker, trade.isBuyer]),
    ).toEqual([
      ['0.5', '3000', '1.5', true, false],
      ['1.5', '3000', '4.5', true, false],
      ['0.4', '3200', '1.28', true, false],
    ]);
    expect(engine.listSpotOpenOrders({ userId: seller.userId })).toEqual([]);
    expect(engine.listSpotTradeOrders({ userId: seller.userId }).map((order) => order.status)).toEqual([
      'PARTIALLY_CANCELED',
      'FILLED',
    ]);
  });

  it('gives both sides of a match the same ticket id, and distinct execution and trade ids', () => {
    const { engine } = deskEngine();
    const seller = fundedUser(engine, 'seller', { spot: { ETH: '1' } });
    const buyer = fundedUser(engine, 'buyer', { spot: { USDT: '5000' } });
    const sellerEvents = recordEvents(engine, seller.userId);
    const buyerEvents = recordEvents(engine, buyer.userId);
    tradeSpot(engine, seller, buyer, { symbol: 'ETHUSDT', quantity: '1', price: '3000' });

    const makerTrade = sellerEvents.find((event) => event.kind === 'trade');
    const takerTrade = buyerEvents.find((event) => event.kind === 'trade');
    expect(makerTrade?.kind === 'trade' && takerTrade?.kind === 'trade').toBe(true);
    if (makerTrade?.kind !== 'trade' || takerTrade?.kind !== 'trade') return;
    expect(makerTrade.ticketId).toBe(takerTrade.ticketId);
    expect(makerTrade).toMatchObject({ isMaker: true, side: 'SELL', qty: '1', price: '3000' });
    expect(takerTrade).toMatchObject({ isMaker: false, side: 'BUY' });
    expect(new Set([takerTrade.executionId, takerTrade.ticketId, takerTrade.tradeId]).size).toBe(3);

    const takerFill = buyerEvents.find(
      (event) => event.kind === 'spotOrderUpdate' && event.execution !== undefined,
    );
    expect(takerFill?.kind === 'spotOrderUpdate' && takerFill.execution?.executionId).toBe(
      takerTrade.executionId,
    );
    const balanceEvent = buyerEvents.filter((event) => event.kind === 'spotBalance').pop();
    expect(balanceEvent?.kind === 'spotBalance' && balanceEvent.balances).toEqual([
      { asset: 'ETH', free: '0.9988', locked: '0' },
      { asset: 'USDT', free: '2000', locked: '0' },
    ]);
    const kinds = buyerEvents.map((event) => event.kind);
    expect(kinds.indexOf('spotOrderUpdate')).toBeLessThan(kinds.indexOf('trade'));
    expect(buyerEvents.map((event) => event.sequence)).toEqual(
      [...buyerEvents.map((event) => event.sequence)].sort((a, b) => a - b),
    );
  });
});
