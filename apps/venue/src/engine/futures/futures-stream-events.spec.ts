import { deskEngine, fundedUser, ofKind, recordEvents } from '../test-support/desk-engine';

const SYMBOL = 'ETHUSDT-PERPETUAL';

function pair() {
  const { engine, clock } = deskEngine({ initialMarks: { [SYMBOL]: '3000' } });
  const long = fundedUser(engine, 'long', { futuresUsdt: '1000' });
  const short = fundedUser(engine, 'short', { futuresUsdt: '1000' });
  return { engine, clock, long, short };
}

describe('futures stream events', () => {
  it('publishes order updates (the cumulative quote counted as price × contracts, as the exchange counts Z), the fill, the position and the balance with what the stream messages need', () => {
    const { engine, clock, long, short } = pair();
    engine.placeFuturesOrder({
      userId: short.userId,
      symbol: SYMBOL,
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: '10',
      price: '3000',
      clientOrderId: 's',
    });
    const events = recordEvents(engine, long.userId);
    clock.advance(5);
    engine.placeFuturesOrder({
      userId: long.userId,
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: '10',
      price: '3000',
      clientOrderId: 'l',
    });

    const updates = ofKind(events, 'futuresOrderUpdate');
    expect(updates.map((update) => update.order.status)).toEqual(['NEW', 'FILLED']);
    const fill = updates[1];
    expect(fill.order).toMatchObject({
      clientOrderId: 'l',
      side: 'BUY_OPEN',
      leverage: '5',
      isClose: false,
      isLiquidationOrder: false,
      liquidationType: '',
      indexPrice: '0',
      avgPrice: '3000',
      cumulativeQuoteQty: '30000',
    });
    expect(fill.execution).toMatchObject({
      lastQty: '10',
      lastPrice: '3000',
      commission: '0.018',
      commissionAsset: 'USDT',
      isMaker: false,
    });
    expect(fill.eventTime).toBe(1_763_800_000_005);

    const [trade] = ofKind(events, 'trade');
    expect(trade).toMatchObject({
      market: 'PERPETUAL',
      symbol: SYMBOL,
      qty: '10',
      side: 'BUY',
      clientOrderId: 'l',
      isMaker: false,
    });
    expect(trade.ticketId).not.toBe(fill.execution?.executionId);
    expect(trade.tradeId).toBe(engine.listFuturesTrades({ userId: long.userId, symbol: SYMBOL })[0].tradeId);

    const [position] = ofKind(events, 'position');
    expect(position.position).toMatchObject({
      side: 'LONG',
      position: '10',
      available: '10',
      avgPrice: '3000',
      margin: '6',
      marginType: 'CROSS',
    });
    const balances = ofKind(events, 'futuresBalance');
    expect(balances[balances.length - 1].balances).toEqual([{ asset: 'USDT', free: '993.982', locked: '6' }]);
  });

  it('reports a closed position with zero contracts', () => {
    const { engine, long, short } = pair();
    engine.placeFuturesOrder({
      userId: short.userId,
      symbol: SYMBOL,
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: '10',
      price: '3000',
      clientOrderId: 's',
    });
    engine.placeFuturesOrder({
      userId: long.userId,
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: '10',
      price: '3000',
      clientOrderId: 'l',
    });
    engine.placeFuturesOrder({
      userId: short.userId,
      symbol: SYMBOL,
      side: 'BUY_CLOSE',
      type: 'LIMIT',
      quantity: '10',
      price: '3000',
      clientOrderId: 's-close',
    });
    const events = recordEvents(engine, long.userId);
    engine.placeFuturesOrder({
      userId: long.userId,
      symbol: SYMBOL,
      side: 'SELL_CLOSE',
      type: 'LIMIT',
      quantity: '10',
      price: '3000',
      clientOrderId: 'l-close',
    });
    const positions = ofKind(events, 'position');
    expect(positions[positions.length - 1].position).toMatchObject({ position: '0', side: 'LONG' });
    expect(engine.listPositions(long.userId)).toEqual([]);
  });

  it('places batches entry by entry and cancels by ids and by side', () => {
    const { engine, long } = pair();
    const results = engine.placeFuturesOrders([
      {
        userId: long.userId,
        symbol: SYMBOL,
        side: 'BUY_OPEN',
        type: 'LIMIT',
        quantity: '1',
        price: '2900',
        clientOrderId: 'b1',
      },
      {
        userId: long.userId,
        symbol: SYMBOL,
        side: 'BUY_OPEN',
        type: 'LIMIT',
        quantity: '1',
        price: '2900',
        clientOrderId: 'b1',
      },
      {
        userId: long.userId,
        symbol: SYMBOL,
        side: 'BUY_OPEN',
        type: 'LIMIT',
        quantity: '1',
        price: '2901',
        clientOrderId: 'b2',
      },
      {
        userId: long.userId,
        symbol: SYMBOL,
        side: 'BUY_OPEN',
        type: 'LIMIT',
        quantity: '1',
        price: '2902',
        clientOrderId: 'b3',
      },
    ]);
    expect(results.map((result) => (result.ok ? result.order.status : result.code))).toEqual([
      'NEW',
      '-1141',
      'NEW',
      'NEW',
    ]);
    const [first, , second, third] = results;
    if (!first.ok || !second.ok || !third.ok) throw new Error('batch entries should have been accepted');
    const byIds = engine.cancelFuturesOrdersByIds(long.userId, [first.order.orderId, '99']);
    expect(byIds.canceled.map((order) => order.orderId)).toEqual([first.order.orderId]);
    expect(byIds.failed).toEqual([{ orderId: '99', code: '-1143', msg: 'Order not found on order book' }]);
    const bySide = engine.cancelFuturesOpenOrders({ userId: long.userId, symbol: SYMBOL, side: 'BUY' });
    expect(bySide.lastOrderId).toBe(third.order.orderId);
    expect(bySide.canceled.map((order) => order.status)).toEqual(['CANCELED', 'CANCELED']);
    expect(engine.getFuturesBalances(long.userId)[0]).toMatchObject({
      orderMargin: '0',
      availableBalance: '1000',
    });
    expect(
      engine.listFuturesHistoryOrders({ userId: long.userId, type: 'LIMIT', symbol: SYMBOL }),
    ).toHaveLength(3);
  });

  it('keeps futures orders waiting while matching is paused', () => {
    const { engine, long, short } = pair();
    engine.placeFuturesOrder({
      userId: short.userId,
      symbol: SYMBOL,
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: '10',
      price: '3000',
      clientOrderId: 's',
    });
    engine.setMatchingPaused(true);
    const waiting = engine.placeFuturesOrder({
      userId: long.userId,
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: '10',
      price: '3000',
      clientOrderId: 'l',
    });
    expect(waiting).toMatchObject({ status: 'NEW', executedQty: '0' });
    expect(engine.getBestOrder(SYMBOL).bid).toBeUndefined();
    engine.setMatchingPaused(false);
    expect(engine.getFuturesOrder({ userId: long.userId, clientOrderId: 'l' })).toMatchObject({
      status: 'FILLED',
    });
  });
});
