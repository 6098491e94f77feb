import { deskEngine, fundedUser } from '../test-support/desk-engine';
import type { VenueEngine } from '../venue-engine';

const SYMBOL = 'ETHUSDT-PERPETUAL';

function position(engine: VenueEngine, userId: string) {
  const [open] = engine.listPositions(userId, SYMBOL);
  return open;
}

/**
 * Hand calculation. ETHUSDT-PERPETUAL: multiplier 0.001 ETH per contract, leverage 5
 * (default), fees open/close maker 0.025 %, taker 0.06 %. Mark starts at 3000.
 * Both desks deposit 1000 USDT.
 *
 * 1. short rests SELL_OPEN 100 @ 3000. Order margin per contract:
 *    3000 x 0.001 / 5 + 3000 x 0.001 x (0.0006 + 0.0006) = 0.6 + 0.0036 = 0.6036; x 100 = 60.36.
 * 2. long BUY_OPEN 40 @ 3000 (taker): notional 120, fee 0.072, position margin 24.
 *    short (maker): fee 0.03, 24.144 of order margin released into a 24 position margin.
 * 3. long BUY_OPEN 60 @ 3000: notional 180, fee 0.108 (wallet 999.82); short fee 0.045 (wallet 999.925), order FILLED.
 * 4. mark to 3100. long rests SELL_CLOSE 50 @ 3100, short BUY_CLOSE 50 @ 3100 takes it:
 *    long realizes (3100 - 3000) x 50 x 0.001 = 5, maker fee 155 x 0.00025 = 0.03875 -> 1004.78125
 *    short realizes -5, taker fee 155 x 0.0006 = 0.093 -> 994.832; both keep 50 contracts, margin 30.
 * 5. long rests SELL_CLOSE 50 @ 3200, short BUY_CLOSE 20 @ 3200 fills 20, long cancels the rest:
 *    long +4 - 0.016 -> 1008.76525, 30 contracts, margin 18, realized 9;
 *    short -4 - 0.0384 -> 990.7936, 30 contracts, margin 18, realized -9.
 *    long available at mark 3100: 1008.76525 - 18 + (3100 - 3000) x 30 x 0.001 = 993.76525.
 */
describe('futures: open, partial fill, fill, partial close, cancel', () => {
  it('moves positions, margins, PnL and fees exactly as the hand calculation', () => {
    const { engine } = deskEngine({ initialMarks: { [SYMBOL]: '3000' } });
    const long = fundedUser(engine, 'long', { futuresUsdt: '1000' });
    const short = fundedUser(engine, 'short', { futuresUsdt: '1000' });

    const shortOpen = engine.placeFuturesOrder({
      userId: short.userId,
      symbol: SYMBOL,
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: '100',
      price: '3000',
      clientOrderId: 's-open',
    });
    expect(shortOpen).toMatchObject({
      status: 'NEW',
      marginLocked: '60.36',
      leverage: '5',
      contractMultiplier: '0.001',
    });
    expect(engine.getFuturesBalances(short.userId)).toEqual([
      {
        asset: 'USDT',
        balance: '1000',
        availableBalance: '939.64',
        positionMargin: '0',
        orderMargin: '60.36',
        crossUnRealizedPnl: '0',
      },
    ]);

    const firstOpen = engine.placeFuturesOrder({
      userId: long.userId,
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: '40',
      price: '3000',
      clientOrderId: 'l-open-1',
    });
    expect(firstOpen).toMatchObject({
      status: 'FILLED',
      executedQty: '40',
      avgPrice: '3000',
      marginLocked: '0',
      sumFeeAmount: '0.072',
    });
    expect(
      engine.getFuturesOrder({ userId: short.userId, clientOrderId: 's-open', type: 'LIMIT' }),
    ).toMatchObject({ status: 'PARTIALLY_FILLED', executedQty: '40', marginLocked: '36.216' });
    expect(engine.getFuturesBalances(short.userId)[0]).toMatchObject({
      balance: '999.97',
      positionMargin: '24',
      orderMargin: '36.216',
    });

    engine.placeFuturesOrder({
      userId: long.userId,
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: '60',
      price: '3000',
      clientOrderId: 'l-open-2',
    });
    expect(engine.getFuturesOrder({ userId: short.userId, orderId: shortOpen.orderId })).toMatchObject({
      status: 'FILLED',
      marginLocked: '0',
    });
    expect(position(engine, long.userId)).toMatchObject({
      side: 'LONG',
      position: '100',
      available: '100',
      avgPrice: '3000',
      margin: '60',
      positionValue: '300',
    });
    expect(position(engine, short.userId)).toMatchObject({
      side: 'SHORT',
      position: '100',
      avgPrice: '3000',
      margin: '60',
    });
    expect(engine.getFuturesBalances(long.userId)[0]).toMatchObject({
      balance: '999.82',
      availableBalance: '939.82',
    });
    expect(engine.getFuturesBalances(short.userId)[0]).toMatchObject({
      balance: '999.925',
      orderMargin: '0',
    });

    engine.setMarkPrice({ symbol: SYMBOL, price: '3100' });
    expect(position(engine, long.userId)).toMatchObject({ unrealizedPnL: '10', lastPrice: '3100' });
    expect(position(engine, short.userId)).toMatchObject({ unrealizedPnL: '-10' });

    engine.placeFuturesOrder({
      userId: long.userId,
      symbol: SYMBOL,
      side: 'SELL_CLOSE',
      type: 'LIMIT',
      quantity: '50',
      price: '3100',
      clientOrderId: 'l-close-1',
    });
    expect(position(engine, long.userId)).toMatchObject({ position: '100', available: '50' });
    engine.placeFuturesOrder({
      userId: short.userId,
      symbol: SYMBOL,
      side: 'BUY_CLOSE',
      type: 'LIMIT',
      quantity: '50',
      price: '3100',
      clientOrderId: 's-close-1',
    });
    expect(engine.getFuturesBalances(long.userId)[0].balance).toBe('1004.78125');
    expect(engine.getFuturesBalances(short.userId)[0].balance).toBe('994.832');
    expect(position(engine, long.userId)).toMatchObject({
      position: '50',
      available: '50',
      margin: '30',
      realizedPnL: '5',
    });
    expect(position(engine, short.userId)).toMatchObject({ position: '50', margin: '30', realizedPnL: '-5' });

    const lastClose = engine.placeFuturesOrder({
      userId: long.userId,
      symbol: SYMBOL,
      side: 'SELL_CLOSE',
      type: 'LIMIT',
      quantity: '50',
      price: '3200',
      clientOrderId: 'l-close-2',
    });
    engine.placeFuturesOrder({
      userId: short.userId,
      symbol: SYMBOL,
      side: 'BUY_CLOSE',
      type: 'LIMIT',
      quantity: '20',
      price: '3200',
      clientOrderId: 's-close-2',
    });
    const cancel = engine.cancelFuturesOrder({
      userId: long.userId,
      orderId: lastClose.orderId,
      type: 'LIMIT',
    });
    expect(cancel.statusBeforeCancel).toBe('PARTIALLY_FILLED');
    expect(cancel.order).toMatchObject({ status: 'PARTIALLY_CANCELED', executedQty: '20' });

    expect(position(engine, long.userId)).toMatchObject({
      position: '30',
      available: '30',
      margin: '18',
      realizedPnL: '9',
      unrealizedPnL: '3',
    });
    expect(position(engine, short.userId)).toMatchObject({
      position: '30',
      margin: '18',
      realizedPnL: '-9',
      unrealizedPnL: '-3',
    });
    expect(engine.getFuturesBalances(long.userId)).toEqual([
      {
        asset: 'USDT',
        balance: '1008.76525',
        availableBalance: '993.76525',
        positionMargin: '18',
        orderMargin: '0',
        crossUnRealizedPnl: '3',
      },
    ]);
    expect(engine.getFuturesBalances(short.userId)[0]).toMatchObject({
      balance: '990.7936',
      availableBalance: '969.7936',
    });

    const longTrades = engine.listFuturesTrades({ userId: long.userId, symbol: SYMBOL });
    expect(
      longTrades.map((trade) => [
        trade.side,
        trade.quantity,
        trade.price,
        trade.realizedPnl,
        trade.commission,
        trade.isMaker,
      ]),
    ).toEqual([
      ['SELL_CLOSE', '20', '3200', '4', '0.016', true],
      ['SELL_CLOSE', '50', '3100', '5', '0.03875', true],
      ['BUY_OPEN', '60', '3000', '0', '0.108', false],
      ['BUY_OPEN', '40', '3000', '0', '0.072', false],
    ]);
  });

  it('refuses an open beyond the available margin with the exchange code', () => {
    const { engine } = deskEngine({ initialMarks: { [SYMBOL]: '3000' } });
    const poor = fundedUser(engine, 'poor', { futuresUsdt: '10' });
    expect(() =>
      engine.placeFuturesOrder({
        userId: poor.userId,
        symbol: SYMBOL,
        side: 'BUY_OPEN',
        type: 'LIMIT',
        quantity: '100',
        price: '3000',
        clientOrderId: 'too-big',
      }),
    ).toThrow(expect.objectContaining({ code: '-2030', msg: 'Insufficient margin' }));
    expect(engine.getFuturesBalances(poor.userId)[0]).toMatchObject({
      availableBalance: '10',
      orderMargin: '0',
    });
  });

  it('refuses a close larger than the closable position', () => {
    const { engine } = deskEngine({ initialMarks: { [SYMBOL]: '3000' } });
    const desk = fundedUser(engine, 'desk', { futuresUsdt: '1000' });
    expect(() =>
      engine.placeFuturesOrder({
        userId: desk.userId,
        symbol: SYMBOL,
        side: 'SELL_CLOSE',
        type: 'LIMIT',
        quantity: '1',
        price: '3000',
        clientOrderId: 'nothing-to-close',
      }),
    ).toThrow(expect.objectContaining({ code: '-2010' }));
  });

  it('reports post-only orders as LIMIT_MAKER with GTC, rejecting one that would take', () => {
    const { engine } = deskEngine({ initialMarks: { [SYMBOL]: '3000' } });
    const maker = fundedUser(engine, 'maker', { futuresUsdt: '1000' });
    const taker = fundedUser(engine, 'taker', { futuresUsdt: '1000' });
    engine.placeFuturesOrder({
      userId: maker.userId,
      symbol: SYMBOL,
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: '5',
      price: '3000',
      clientOrderId: 'ask',
    });
    const crossing = engine.placeFuturesOrder({
      userId: taker.userId,
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: '5',
      price: '3000',
      timeInForce: 'LIMIT_MAKER',
      clientOrderId: 'po-1',
    });
    expect(crossing).toMatchObject({
      type: 'LIMIT_MAKER',
      timeInForce: 'GTC',
      status: 'REJECTED',
      executedQty: '0',
      marginLocked: '0',
    });
    const resting = engine.placeFuturesOrder({
      userId: taker.userId,
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: '5',
      price: '2999',
      timeInForce: 'LIMIT_MAKER',
      clientOrderId: 'po-2',
    });
    expect(resting).toMatchObject({ type: 'LIMIT_MAKER', timeInForce: 'GTC', status: 'NEW' });
    expect(engine.getFuturesBalances(taker.userId)[0].orderMargin).not.toBe('0');
  });
});
