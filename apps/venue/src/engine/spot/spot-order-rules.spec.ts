import { balanceOf, deskEngine, fundedUser, recordEvents } from '../test-support/desk-engine';
import type { VenueEngine } from '../venue-engine';
import type { PlaceSpotOrderCommand } from '../types/spot.types';

function setup() {
  const { engine } = deskEngine();
  const maker = fundedUser(engine, 'maker', { spot: { ETH: '10', USDT: '50000' } });
  const taker = fundedUser(engine, 'taker', { spot: { ETH: '10', USDT: '50000' } });
  return { engine, maker, taker };
}

function order(engine: VenueEngine, userId: string, overrides: Partial<PlaceSpotOrderCommand>) {
  return engine.placeSpotOrder({
    userId,
    symbol: 'ETHUSDT',
    side: 'BUY',
    type: 'LIMIT',
    quantity: '1',
    price: '3000',
    ...overrides,
  });
}

describe('spot order rules', () => {
  it('rejects a LIMIT_MAKER that would take, and rests one that would not', () => {
    const { engine, maker, taker } = setup();
    order(engine, maker.userId, { side: 'SELL', price: '3000' });
    const crossing = order(engine, taker.userId, { type: 'LIMIT_MAKER', price: '3000' });
    expect(crossing).toMatchObject({
      status: 'REJECTED',
      executedQty: '0',
      ordCxlReason: 'LIMIT_MAKER_WOULD_TAKE',
    });
    expect(balanceOf(engine, taker.userId, 'USDT')).toEqual({ free: '50000', locked: '0' });
    const passive = order(engine, taker.userId, { type: 'LIMIT_MAKER', price: '2999' });
    expect(passive.status).toBe('NEW');
    expect(balanceOf(engine, taker.userId, 'USDT')).toEqual({ free: '47001', locked: '2999' });
  });

  it('cancels a FOK that cannot fill entirely and fills one that can', () => {
    const { engine, maker, taker } = setup();
    order(engine, maker.userId, { side: 'SELL', quantity: '0.5', price: '3000' });
    expect(order(engine, taker.userId, { timeInForce: 'FOK' })).toMatchObject({
      status: 'CANCELED',
      executedQty: '0',
      ordCxlReason: 'FOK_NOT_FILLED',
    });
    expect(order(engine, taker.userId, { timeInForce: 'FOK', quantity: '0.5' })).toMatchObject({
      status: 'FILLED',
      executedQty: '0.5',
    });
  });

  it('ends an IOC that fills partly as PARTIALLY_CANCELED and returns the unspent reservation', () => {
    const { engine, maker, taker } = setup();
    order(engine, maker.userId, { side: 'SELL', quantity: '0.25', price: '2900' });
    const ioc = order(engine, taker.userId, { timeInForce: 'IOC', price: '3000' });
    expect(ioc).toMatchObject({
      status: 'PARTIALLY_CANCELED',
      executedQty: '0.25',
      avgPrice: '2900',
      ordCxlReason: 'IOC_EXPIRED',
    });
    expect(balanceOf(engine, taker.userId, 'USDT')).toEqual({ free: '49275', locked: '0' });
  });

  it('keeps price-time priority: better price first, then earlier order at the same price', () => {
    const { engine, maker, taker } = setup();
    const other = fundedUser(engine, 'other', { spot: { ETH: '10' } });
    const early = order(engine, maker.userId, { side: 'SELL', quantity: '1', price: '3001' });
    const late = order(engine, other.userId, { side: 'SELL', quantity: '1', price: '3001' });
    const best = order(engine, other.userId, { side: 'SELL', quantity: '1', price: '3000' });
    order(engine, taker.userId, { quantity: '2', price: '3001' });
    expect(engine.getSpotOrder({ userId: other.userId, orderId: best.orderId }).status).toBe('FILLED');
    expect(engine.getSpotOrder({ userId: maker.userId, orderId: early.orderId }).status).toBe('FILLED');
    expect(engine.getSpotOrder({ userId: other.userId, orderId: late.orderId }).status).toBe('NEW');
  });

  it('applies EXPIRE_TAKER and EXPIRE_MAKER self-trade prevention', () => {
    const { engine, maker } = setup();
    const resting = order(engine, maker.userId, { side: 'SELL', price: '3000' });
    const expiredTaker = order(engine, maker.userId, { price: '3000', stpMode: 'EXPIRE_TAKER' });
    expect(expiredTaker).toMatchObject({ status: 'CANCELED', ordCxlReason: 'STP_EXPIRE_TAKER' });
    expect(engine.getSpotOrder({ userId: maker.userId, orderId: resting.orderId }).status).toBe('NEW');
    const expiringMaker = order(engine, maker.userId, { price: '3000', stpMode: 'EXPIRE_MAKER' });
    expect(engine.getSpotOrder({ userId: maker.userId, orderId: resting.orderId })).toMatchObject({
      status: 'CANCELED',
      ordCxlReason: 'STP_EXPIRE_MAKER',
    });
    expect(expiringMaker.status).toBe('NEW');
    expect(balanceOf(engine, maker.userId, 'ETH')).toEqual({ free: '10', locked: '0' });
  });

  it('answers the exchange codes for duplicates, funds and filters, naming the field', () => {
    const { engine, taker } = setup();
    order(engine, taker.userId, { clientOrderId: 'same', price: '2000' });
    const cases: [Partial<PlaceSpotOrderCommand>, string | number, string][] = [
      [{ clientOrderId: 'same' }, '-1141', 'Duplicate order'],
      [{ quantity: '100', price: '3000' }, '0401', 'Insufficient asset: USDT'],
      [{ price: '0.001' }, '-1133', 'Order price lower than the minimum (price)'],
      [{ price: '3000.001' }, '-1134', 'Order price decimal too long (price)'],
      [{ quantity: '0.00001' }, '-1136', 'Order quantity lower than the minimum (quantity)'],
      [{ quantity: '1.00001' }, '-1137', 'Order quantity decimal too long (quantity)'],
      [{ quantity: '0.0002', price: '1' }, '-1140', 'Transaction amount lower than the minimum (quantity)'],
      [{ symbol: 'NOPE' }, -100010, 'Invalid Symbols!: NOPE'],
      [{ symbol: '' }, '0001', 'Required field symbol missing or invalid'],
      [{ price: 'abc' }, '0001', 'Required field price missing or invalid'],
      [{ side: 'SIDEWAYS' as never }, '0001', 'Required field side missing or invalid'],
      [
        { type: 'MARKET', timeInForce: 'GTC' },
        '-1014',
        'Unsupported order combination (timeInForce): MARKET with GTC',
      ],
      [
        { type: 'MARKET', quantity: '1', amount: '10' },
        '-1130',
        'Invalid data sent for a parameter (amount): send either quantity or amount',
      ],
      [
        { clientOrderId: 'x'.repeat(256) },
        '-1130',
        'Invalid data sent for a parameter (newClientOrderId): at most 255 characters',
      ],
    ];
    for (const [overrides, code, msg] of cases) {
      expect(() => order(engine, taker.userId, overrides)).toThrow(expect.objectContaining({ code, msg }));
    }
    expect(engine.listSpotOpenOrders({ userId: taker.userId })).toHaveLength(1);
  });

  it('validates orderTest like a placement but changes nothing', () => {
    const { engine, taker } = setup();
    const events = recordEvents(engine, taker.userId);
    expect(() =>
      engine.testSpotOrder({
        userId: taker.userId,
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '1',
        price: '3000',
      }),
    ).not.toThrow();
    expect(() =>
      engine.testSpotOrder({
        userId: taker.userId,
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '100',
        price: '3000',
      }),
    ).toThrow(expect.objectContaining({ code: '0401' }));
    expect(events).toEqual([]);
    expect(engine.listSpotOpenOrders({ userId: taker.userId })).toEqual([]);
  });

  it('holds orders as PENDING_NEW while matching is paused and matches them on resume', () => {
    const { engine, maker, taker } = setup();
    order(engine, maker.userId, { side: 'SELL', price: '3000' });
    engine.setMatchingPaused(true);
    const waiting = order(engine, taker.userId, { price: '3000' });
    expect(waiting.status).toBe('PENDING_NEW');
    expect(balanceOf(engine, taker.userId, 'USDT').locked).toBe('3000');
    const cancelledWhilePaused = order(engine, taker.userId, { price: '2000' });
    expect(
      engine.cancelSpotOrder({ userId: taker.userId, orderId: cancelledWhilePaused.orderId }).order.status,
    ).toBe('CANCELED');
    engine.setMatchingPaused(false);
    expect(engine.getSpotOrder({ userId: taker.userId, orderId: waiting.orderId }).status).toBe('FILLED');
    expect(balanceOf(engine, taker.userId, 'USDT')).toEqual({ free: '47000', locked: '0' });
  });

  it('refuses to cancel finished orders and unknown ids with the exchange codes', () => {
    const { engine, maker, taker } = setup();
    order(engine, maker.userId, { side: 'SELL', price: '3000' });
    const filled = order(engine, taker.userId, {});
    expect(() => engine.cancelSpotOrder({ userId: taker.userId, orderId: filled.orderId })).toThrow(
      expect.objectContaining({ code: '-1139' }),
    );
    expect(() => engine.cancelSpotOrder({ userId: taker.userId, orderId: '1' })).toThrow(
      expect.objectContaining({ code: '0211', msg: 'Order not found' }),
    );
    expect(() => engine.cancelSpotOrder({ userId: maker.userId, orderId: filled.orderId })).toThrow(
      expect.objectContaining({ code: '0211' }),
    );
    const byIds = engine.cancelSpotOrdersByIds(taker.userId, [filled.orderId, '1']);
    expect(byIds.failed.map((failure) => [failure.orderId, failure.code])).toEqual([
      [filled.orderId, '0211'],
      ['1', '0211'],
    ]);
  });

  it('cancels open orders by symbol and side, reporting the highest id', () => {
    const { engine, taker } = setup();
    const low = order(engine, taker.userId, { price: '2000' });
    const high = order(engine, taker.userId, { price: '2100' });
    order(engine, taker.userId, { side: 'SELL', price: '4000' });
    const result = engine.cancelSpotOpenOrders({ userId: taker.userId, symbol: 'ETHUSDT', side: 'BUY' });
    expect(result.canceled.map((canceled) => canceled.orderId).sort()).toEqual(
      [low.orderId, high.orderId].sort(),
    );
    expect(result.lastOrderId).toBe(high.orderId);
    expect(engine.listSpotOpenOrders({ userId: taker.userId }).map((open) => open.side)).toEqual(['SELL']);
  });

  it('sizes a paused market buy at resume and rejects it if the funds are gone by then', () => {
    const { engine, maker, taker } = setup();
    order(engine, maker.userId, { side: 'SELL', quantity: '2', price: '3000' });
    engine.setMatchingPaused(true);
    const affordable = engine.placeSpotOrder({
      userId: taker.userId,
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: '1',
    });
    const spender = fundedUser(engine, 'spender', { spot: { USDT: '3000' } });
    const doomed = engine.placeSpotOrder({
      userId: spender.userId,
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: '1',
    });
    engine.transferAsset({
      userId: spender.userId,
      fromAccountId: spender.spotAccountId,
      toAccountId: spender.futuresAccountId,
      coin: 'USDT',
      quantity: '2000',
    });
    expect([affordable.status, doomed.status]).toEqual(['PENDING_NEW', 'PENDING_NEW']);
    engine.setMatchingPaused(false);
    expect(engine.getSpotOrder({ userId: taker.userId, orderId: affordable.orderId })).toMatchObject({
      status: 'FILLED',
      executedQty: '1',
    });
    expect(engine.getSpotOrder({ userId: spender.userId, orderId: doomed.orderId })).toMatchObject({
      status: 'REJECTED',
      executedQty: '0',
    });
    expect(balanceOf(engine, spender.userId, 'USDT')).toEqual({ free: '1000', locked: '0' });
  });
});
