import { deskEngine, fundedUser, recordEvents } from '../test-support/desk-engine';

const SYMBOL = 'ETHUSDT-PERPETUAL';

function marketEngine() {
  const { engine } = deskEngine({ simulatedMarket: {}, initialMarks: { [SYMBOL]: '3000' } });
  const desk = fundedUser(engine, 'desk', { futuresUsdt: '10000' });
  return { engine, desk };
}

describe('futures price triggers', () => {
  it('fires a STOP order when the mark crosses its stop price, in the direction set at placement', () => {
    const { engine, desk } = marketEngine();
    const events = recordEvents(engine, desk.userId);
    const stop = engine.placeFuturesOrder({
      userId: desk.userId,
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'STOP',
      quantity: '10',
      stopPrice: '3100',
      clientOrderId: 'breakout',
    });
    expect(stop).toMatchObject({
      recordType: 'STOP',
      status: 'ORDER_NEW',
      stopPrice: '3100',
      price: '0',
      leverage: '0',
      triggerWhenMarkAtOrAbove: true,
    });
    expect(engine.listFuturesOpenOrders({ userId: desk.userId, type: 'STOP' })).toHaveLength(1);

    engine.setMarkPrice({ symbol: SYMBOL, price: '3050' });
    expect(engine.getFuturesOrder({ userId: desk.userId, orderId: stop.orderId, type: 'STOP' }).status).toBe(
      'ORDER_NEW',
    );

    engine.setMarkPrice({ symbol: SYMBOL, price: '3100' });
    const fired = engine.getFuturesOrder({ userId: desk.userId, orderId: stop.orderId, type: 'STOP' });
    expect(fired).toMatchObject({ status: 'ORDER_FILLED' });
    const triggered = engine.getFuturesOrder({
      userId: desk.userId,
      clientOrderId: 'breakout',
      type: 'LIMIT',
    });
    expect(triggered).toMatchObject({
      status: 'FILLED',
      priceType: 'MARKET',
      executedQty: '10',
      triggeredByOrderId: stop.orderId,
    });
    expect(engine.listPositions(desk.userId, SYMBOL)[0]).toMatchObject({ side: 'LONG', position: '10' });
    expect(
      events.some(
        (event) => event.kind === 'futuresStopOrderUpdate' && event.order.status === 'ORDER_FILLED',
      ),
    ).toBe(true);
  });

  it('marks a CLOSE STOP without a position ORDER_NOT_EFFECTIVE, and cancels open stops', () => {
    const { engine, desk } = marketEngine();
    const closeWithoutPosition = engine.placeFuturesOrder({
      userId: desk.userId,
      symbol: SYMBOL,
      side: 'SELL_CLOSE',
      type: 'STOP',
      quantity: '5',
      stopPrice: '2900',
      price: '2890',
      clientOrderId: 'protect',
    });
    const toCancel = engine.placeFuturesOrder({
      userId: desk.userId,
      symbol: SYMBOL,
      side: 'SELL_OPEN',
      type: 'STOP',
      quantity: '5',
      stopPrice: '2800',
      clientOrderId: 'later',
    });
    engine.setMarkPrice({ symbol: SYMBOL, price: '2900' });
    expect(
      engine.getFuturesOrder({ userId: desk.userId, orderId: closeWithoutPosition.orderId, type: 'STOP' })
        .status,
    ).toBe('ORDER_NOT_EFFECTIVE');
    const cancel = engine.cancelFuturesOrder({
      userId: desk.userId,
      orderId: toCancel.orderId,
      type: 'STOP',
    });
    expect(cancel).toMatchObject({ statusBeforeCancel: 'ORDER_NEW', order: { status: 'ORDER_CANCELED' } });
    expect(
      engine
        .listFuturesHistoryOrders({ userId: desk.userId, type: 'STOP', symbol: SYMBOL })
        .map((order) => order.status),
    ).toEqual(['ORDER_CANCELED', 'ORDER_NOT_EFFECTIVE']);
  });

  it('closes the whole position when a take-profit on the mark price is reached', () => {
    const { engine, desk } = marketEngine();
    engine.placeFuturesOrder({
      userId: desk.userId,
      symbol: SYMBOL,
      side: 'SELL_OPEN',
      type: 'LIMIT',
      priceType: 'MARKET',
      quantity: '20',
      clientOrderId: 'short',
    });
    const stop = engine.setTradingStop({
      userId: desk.userId,
      symbol: SYMBOL,
      side: 'SHORT',
      stopProfit: '2900',
      tpTriggerBy: 'MARK_PRICE',
      stopLoss: '3300',
    });
    expect(stop).toEqual({
      symbol: SYMBOL,
      side: 'SHORT',
      stopProfitPrice: '2900',
      stopProfitTriggerConditionType: 'MARK_PRICE',
      stopLossPrice: '3300',
      stopLossTriggerConditionType: 'CONTRACT_PRICE',
    });
    engine.setMarkPrice({ symbol: SYMBOL, price: '2950' });
    expect(engine.listPositions(desk.userId, SYMBOL)[0].position).toBe('20');
    engine.setMarkPrice({ symbol: SYMBOL, price: '2900' });
    expect(engine.listPositions(desk.userId, SYMBOL)).toEqual([]);
    const [closing] = engine.listFuturesTrades({ userId: desk.userId, symbol: SYMBOL });
    expect(closing).toMatchObject({ side: 'BUY_CLOSE', quantity: '20', type: 'MARKET' });
    expect(Number(closing.realizedPnl)).toBeGreaterThan(0);
    expect(engine.snapshot().users[0].tradingStops).toEqual([]);
  });

  it('liquidates a position whose loss reaches maintenance, flagging the order', () => {
    const { engine, desk } = marketEngine();
    engine.setLeverage(desk.userId, SYMBOL, '20');
    engine.placeFuturesOrder({
      userId: desk.userId,
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      priceType: 'MARKET',
      quantity: '100',
      clientOrderId: 'leveraged',
    });
    const [open] = engine.listPositions(desk.userId, SYMBOL);
    const liquidationPrice = Number(open.liquidationPrice);
    expect(liquidationPrice).toBeGreaterThan(2800);
    expect(liquidationPrice).toBeLessThan(2900);
    engine.setMarkPrice({ symbol: SYMBOL, price: '2900' });
    expect(engine.listPositions(desk.userId, SYMBOL)).toHaveLength(1);
    engine.setMarkPrice({ symbol: SYMBOL, price: '2800' });
    expect(engine.listPositions(desk.userId, SYMBOL)).toEqual([]);
    const [liquidation] = engine.listFuturesHistoryOrders({
      userId: desk.userId,
      type: 'LIMIT',
      symbol: SYMBOL,
    });
    expect(liquidation).toMatchObject({
      side: 'SELL_CLOSE',
      isLiquidationOrder: true,
      liquidationType: 'LIQUIDATION_TAKER',
      indexPrice: '2800',
      status: 'FILLED',
    });
  });

  it('liquidates at once a position whose opening fill already lies beyond its liquidation price', () => {
    const { engine } = deskEngine({ initialMarks: { [SYMBOL]: '3000' } });
    const seller = fundedUser(engine, 'seller', { futuresUsdt: '1000' });
    const bidder = fundedUser(engine, 'bidder', { futuresUsdt: '1000' });
    const late = fundedUser(engine, 'late', { futuresUsdt: '1000' });
    const order = { symbol: SYMBOL, type: 'LIMIT', quantity: '10' } as const;
    engine.placeFuturesOrder({
      ...order,
      userId: seller.userId,
      side: 'SELL_OPEN',
      price: '3300',
      clientOrderId: 'ask',
    });
    engine.placeFuturesOrder({
      ...order,
      userId: bidder.userId,
      side: 'BUY_OPEN',
      price: '2990',
      clientOrderId: 'bid',
    });
    engine.setLeverage(late.userId, SYMBOL, '20');

    // Margin 3300 x 10 x 0.001 / 20 = 1.65, maintenance 33 x 0.005 = 0.165:
    // liquidation at 3300 - 1.485 / 0.01 = 3151.5, while the mark stays at 3000.
    engine.placeFuturesOrder({
      ...order,
      userId: late.userId,
      side: 'BUY_OPEN',
      price: '3300',
      clientOrderId: 'late',
    });

    expect(engine.listPositions(late.userId, SYMBOL)).toEqual([]);
    const closes = engine
      .listFuturesHistoryOrders({ userId: late.userId, type: 'LIMIT', symbol: SYMBOL })
      .filter((entry) => entry.side === 'SELL_CLOSE');
    expect(closes).toEqual([
      expect.objectContaining({
        isLiquidationOrder: true,
        indexPrice: '3000',
        avgPrice: '2990',
        status: 'FILLED',
      }),
    ]);
    expect(engine.listPositions(bidder.userId, SYMBOL)[0]).toMatchObject({ side: 'LONG', position: '10' });
  });

  it('rejects leverage outside 1..max and changes while a position is open', () => {
    const { engine, desk } = marketEngine();
    expect(() => engine.setLeverage(desk.userId, SYMBOL, '0')).toThrow(
      expect.objectContaining({ code: '-1130' }),
    );
    expect(() => engine.setLeverage(desk.userId, SYMBOL, '2.5')).toThrow(
      expect.objectContaining({ code: '-1130' }),
    );
    expect(engine.setLeverage(desk.userId, SYMBOL, '10')).toEqual({
      symbol: SYMBOL,
      leverage: '10',
      marginType: 'CROSS',
    });
    engine.placeFuturesOrder({
      userId: desk.userId,
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      priceType: 'MARKET',
      quantity: '1',
      clientOrderId: 'one',
    });
    expect(() => engine.setLeverage(desk.userId, SYMBOL, '3')).toThrow(
      expect.objectContaining({ code: '-1130' }),
    );
  });
});
