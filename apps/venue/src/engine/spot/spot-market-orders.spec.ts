import { balanceOf, deskEngine, fundedUser } from '../test-support/desk-engine';

function book() {
  const { engine } = deskEngine();
  const maker = fundedUser(engine, 'maker', { spot: { ETH: '10', USDT: '100000' } });
  const taker = fundedUser(engine, 'taker', { spot: { ETH: '10', USDT: '100000' } });
  engine.placeSpotOrder({
    userId: maker.userId,
    symbol: 'ETHUSDT',
    side: 'SELL',
    type: 'LIMIT',
    quantity: '1',
    price: '3000',
  });
  engine.placeSpotOrder({
    userId: maker.userId,
    symbol: 'ETHUSDT',
    side: 'SELL',
    type: 'LIMIT',
    quantity: '1',
    price: '3010',
  });
  engine.placeSpotOrder({
    userId: maker.userId,
    symbol: 'ETHUSDT',
    side: 'BUY',
    type: 'LIMIT',
    quantity: '1',
    price: '2990',
  });
  engine.placeSpotOrder({
    userId: maker.userId,
    symbol: 'ETHUSDT',
    side: 'BUY',
    type: 'LIMIT',
    quantity: '1',
    price: '2980',
  });
  return { engine, maker, taker };
}

describe('spot market orders', () => {
  it('buys a quantity across levels, paying the book and keeping nothing locked', () => {
    const { engine, taker } = book();
    const order = engine.placeSpotOrder({
      userId: taker.userId,
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'MARKET',
      quantity: '1.5',
    });
    expect(order).toMatchObject({
      status: 'FILLED',
      price: '0',
      origQty: '1.5',
      executedQty: '1.5',
      cumulativeQuoteQty: '4505',
      avgPrice: '3003.33',
      timeInForce: 'IOC',
    });
    expect(balanceOf(engine, taker.userId, 'USDT')).toEqual({ free: '95495', locked: '0' });
    expect(balanceOf(engine, taker.userId, 'ETH')).toEqual({ free: '11.4982', locked: '0' });
  });

  it('sells for a cash amount, stopping at whole steps', () => {
    const { engine, taker } = book();
    const order = engine.placeSpotOrder({
      userId: taker.userId,
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'MARKET',
      amount: '4000',
    });
    // 1 ETH @ 2990 = 2990, then floor(1010 / 2980, 0.0001) = 0.3389 ETH @ 2980 = 1009.922
    expect(order).toMatchObject({
      status: 'FILLED',
      reqAmount: '4000',
      executedQty: '1.3389',
      cumulativeQuoteQty: '3999.922',
    });
    expect(balanceOf(engine, taker.userId, 'ETH')).toEqual({ free: '8.6611', locked: '0' });
  });

  it('cancels what the book cannot fill, and refuses a market buy the balance cannot pay', () => {
    const { engine, taker } = book();
    const partial = engine.placeSpotOrder({
      userId: taker.userId,
      symbol: 'ETHUSDT',
      side: 'SELL',
      type: 'MARKET',
      quantity: '3',
    });
    expect(partial).toMatchObject({
      status: 'PARTIALLY_CANCELED',
      executedQty: '2',
      ordCxlReason: 'MARKET_NO_LIQUIDITY',
    });
    expect(balanceOf(engine, taker.userId, 'ETH')).toEqual({ free: '8', locked: '0' });
    const poor = fundedUser(engine, 'poor', { spot: { USDT: '100' } });
    expect(() =>
      engine.placeSpotOrder({
        userId: poor.userId,
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'MARKET',
        quantity: '1',
      }),
    ).toThrow(expect.objectContaining({ code: '0401' }));
  });
});
