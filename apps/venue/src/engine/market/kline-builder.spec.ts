import { START_TIME, deskEngine, fundedUser, tradeSpot } from '../test-support/desk-engine';

describe('klines', () => {
  it('builds epoch-aligned candles from the trades, oldest first', () => {
    const { engine, clock } = deskEngine();
    const seller = fundedUser(engine, 'seller', { spot: { ETH: '10' } });
    const buyer = fundedUser(engine, 'buyer', { spot: { USDT: '100000' } });
    const trade = (price: string, quantity: string) => {
      tradeSpot(engine, seller, buyer, { symbol: 'ETHUSDT', quantity, price });
    };
    const minuteStart = Math.floor(START_TIME / 60_000) * 60_000;
    clock.set(minuteStart + 1_000);
    trade('3000', '1');
    trade('3010', '0.5');
    trade('2990', '0.5');
    clock.set(minuteStart + 61_000);
    trade('3005', '2');

    const candles = engine.getKlines({ symbol: 'ETHUSDT', interval: '1m' });
    expect(candles).toEqual([
      {
        openTime: minuteStart,
        closeTime: minuteStart + 59_999,
        open: '3000',
        high: '3010',
        low: '2990',
        close: '2990',
        volume: '2',
        quoteVolume: '6000',
        tradeCount: 3,
        takerBuyVolume: '2',
        takerBuyQuoteVolume: '6000',
      },
      {
        openTime: minuteStart + 60_000,
        closeTime: minuteStart + 119_999,
        open: '3005',
        high: '3005',
        low: '3005',
        close: '3005',
        volume: '2',
        quoteVolume: '6010',
        tradeCount: 1,
        takerBuyVolume: '2',
        takerBuyQuoteVolume: '6010',
      },
    ]);
    expect(engine.getKlines({ symbol: 'ETHUSDT', interval: '1m', limit: 1 })).toHaveLength(1);
    expect(engine.getKlines({ symbol: 'ETHUSDT', interval: '1h' })).toHaveLength(1);
    expect(
      engine.getKlines({ symbol: 'ETHUSDT', interval: '1m', startTime: minuteStart + 60_000 }),
    ).toHaveLength(1);
    expect(() => engine.getKlines({ symbol: 'ETHUSDT', interval: '7m' })).toThrow(
      expect.objectContaining({ code: '-1120', msg: 'Invalid interval (interval)' }),
    );
  });

  it('cuts 1M candles at UTC calendar months, whatever their length', () => {
    const { engine, clock } = deskEngine();
    const seller = fundedUser(engine, 'seller', { spot: { ETH: '10' } });
    const buyer = fundedUser(engine, 'buyer', { spot: { USDT: '100000' } });
    const trade = (price: string) => {
      tradeSpot(engine, seller, buyer, { symbol: 'ETHUSDT', quantity: '1', price });
    };
    // February 2028 has 29 days: the last trade of the 29th and the first of March fall apart.
    clock.set(Date.UTC(2028, 1, 29, 23, 59, 59, 999));
    trade('3000');
    clock.set(Date.UTC(2028, 2, 1));
    trade('3100');

    const candles = engine.getKlines({ symbol: 'ETHUSDT', interval: '1M' });
    expect(candles.map(({ openTime, closeTime, open }) => ({ openTime, closeTime, open }))).toEqual([
      { openTime: Date.UTC(2028, 1, 1), closeTime: Date.UTC(2028, 2, 1) - 1, open: '3000' },
      { openTime: Date.UTC(2028, 2, 1), closeTime: Date.UTC(2028, 3, 1) - 1, open: '3100' },
    ]);
  });
});
