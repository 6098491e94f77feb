import { isVenueEngineError } from '../engine-error';
import { deskEngine, fundedUser, ofKind, recordEvents } from '../test-support/desk-engine';
import type { VenueEngine } from '../venue-engine';

const SYMBOL = 'ETHUSDT-PERPETUAL';

/** A desk engine at mark 3000, without participants: only desk orders meet. */
function engineAt3000() {
  return deskEngine({ initialMarks: { [SYMBOL]: '3000' } }).engine;
}

/** LONG 10 contracts at 3000 for `holder`, opened against a counterparty. */
function openLong(engine: VenueEngine, holderId: string) {
  const counterparty = fundedUser(engine, 'counterparty', { futuresUsdt: '1000' });
  const open = { symbol: SYMBOL, type: 'LIMIT', quantity: '10', price: '3000' } as const;
  engine.placeFuturesOrder({ ...open, userId: counterparty.userId, side: 'SELL_OPEN', clientOrderId: 'cp' });
  engine.placeFuturesOrder({ ...open, userId: holderId, side: 'BUY_OPEN', clientOrderId: 'open' });
}

function stopOf(engine: VenueEngine, userId: string, orderId: string) {
  return engine.getFuturesOrder({ userId, orderId, type: 'STOP' });
}

function limitExists(engine: VenueEngine, userId: string, clientOrderId: string): boolean {
  try {
    engine.getFuturesOrder({ userId, clientOrderId, type: 'LIMIT' });
    return true;
  } catch (error) {
    if (isVenueEngineError(error) && error.reason === 'futuresOrderNotFound') return false;
    throw error;
  }
}

describe('futures STOP order outcomes at trigger time', () => {
  it('makes a CLOSE stop without a position ORDER_NOT_EFFECTIVE: no order, not open, not cancellable', () => {
    const engine = engineAt3000();
    const desk = fundedUser(engine, 'desk', { futuresUsdt: '1000' });
    const events = recordEvents(engine, desk.userId);
    const stop = engine.placeFuturesOrder({
      userId: desk.userId,
      symbol: SYMBOL,
      side: 'SELL_CLOSE',
      type: 'STOP',
      quantity: '5',
      stopPrice: '2900',
      price: '2890',
      clientOrderId: 'protect',
    });

    engine.setMarkPrice({ symbol: SYMBOL, price: '2900' });

    expect(stopOf(engine, desk.userId, stop.orderId)).toMatchObject({
      status: 'ORDER_NOT_EFFECTIVE',
      triggeredOrderId: '',
    });
    expect(limitExists(engine, desk.userId, 'protect')).toBe(false);
    expect(ofKind(events, 'futuresStopOrderUpdate').map((event) => event.order.status)).toEqual([
      'ORDER_NEW',
      'ORDER_NOT_EFFECTIVE',
    ]);
    expect(engine.listFuturesOpenOrders({ userId: desk.userId, type: 'STOP' })).toEqual([]);
    expect(
      engine.listFuturesHistoryOrders({ userId: desk.userId, type: 'STOP' }).map((order) => order.status),
    ).toEqual(['ORDER_NOT_EFFECTIVE']);
    expect(() =>
      engine.cancelFuturesOrder({ userId: desk.userId, orderId: stop.orderId, type: 'STOP' }),
    ).toThrow(expect.objectContaining({ code: '-1142' }));
  });

  it('makes a CLOSE stop larger than the contracts still available ORDER_NOT_EFFECTIVE, a smaller one ORDER_FILLED', () => {
    const engine = engineAt3000();
    const desk = fundedUser(engine, 'desk', { futuresUsdt: '1000' });
    openLong(engine, desk.userId);
    // A resting take-profit holds 8 of the 10 contracts: 2 remain available to close.
    engine.placeFuturesOrder({
      userId: desk.userId,
      symbol: SYMBOL,
      side: 'SELL_CLOSE',
      type: 'LIMIT',
      quantity: '8',
      price: '3500',
      clientOrderId: 'take-profit',
    });
    const stop = {
      userId: desk.userId,
      symbol: SYMBOL,
      side: 'SELL_CLOSE',
      type: 'STOP',
      stopPrice: '2900',
    } as const;
    const tooLarge = engine.placeFuturesOrder({
      ...stop,
      quantity: '5',
      price: '2890',
      clientOrderId: 'big',
    });
    const fits = engine.placeFuturesOrder({ ...stop, quantity: '2', price: '2890', clientOrderId: 'small' });

    engine.setMarkPrice({ symbol: SYMBOL, price: '2900' });

    expect(stopOf(engine, desk.userId, tooLarge.orderId).status).toBe('ORDER_NOT_EFFECTIVE');
    expect(limitExists(engine, desk.userId, 'big')).toBe(false);
    const filled = stopOf(engine, desk.userId, fits.orderId);
    expect(filled.status).toBe('ORDER_FILLED');
    expect(
      engine.getFuturesOrder({ userId: desk.userId, clientOrderId: 'small', type: 'LIMIT' }),
    ).toMatchObject({
      status: 'NEW',
      origQty: '2',
      triggeredByOrderId: fits.orderId,
    });
    // The resting take-profit is untouched; nothing is left to close.
    expect(engine.listPositions(desk.userId, SYMBOL, 'LONG')[0]).toMatchObject({
      position: '10',
      available: '0',
    });
    expect(
      engine.getFuturesOrder({ userId: desk.userId, clientOrderId: 'take-profit', type: 'LIMIT' }).status,
    ).toBe('NEW');
  });

  it('makes an OPEN stop whose order the margin check refuses ORDER_REJECTED, locking nothing', () => {
    const engine = engineAt3000();
    // 10 contracts at the 3100 stop, market: protection 3100 x 1.05 = 3255, margin
    // 32.55 / 5 = 6.51 plus fees 32.55 x 0.0012 = 0.03906: 6.54906 needed, 5 held.
    const desk = fundedUser(engine, 'desk', { futuresUsdt: '5' });
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

    engine.setMarkPrice({ symbol: SYMBOL, price: '3100' });

    expect(stopOf(engine, desk.userId, stop.orderId)).toMatchObject({
      status: 'ORDER_REJECTED',
      triggeredOrderId: '',
    });
    expect(limitExists(engine, desk.userId, 'breakout')).toBe(false);
    expect(engine.getFuturesBalances(desk.userId)[0]).toMatchObject({
      balance: '5',
      availableBalance: '5',
      orderMargin: '0',
    });
    expect(ofKind(events, 'futuresStopOrderUpdate').map((event) => event.order.status)).toEqual([
      'ORDER_NEW',
      'ORDER_REJECTED',
    ]);
    expect(
      engine.listFuturesHistoryOrders({ userId: desk.userId, type: 'STOP' }).map((order) => order.status),
    ).toEqual(['ORDER_REJECTED']);
  });
});
