import { ManualClock } from '../engine-clock';
import { START_TIME, fundedUser } from '../test-support/desk-engine';
import { VenueEngine } from '../venue-engine';

function engineWithSeed(seed: number) {
  return new VenueEngine({ clock: new ManualClock(START_TIME), seed });
}

describe('simulated market', () => {
  it('rests a ladder on both sides of each mark', () => {
    const engine = engineWithSeed(1);
    const depth = engine.getDepth('ETHUSDT', 10);
    expect(depth.bids).toHaveLength(10);
    expect(depth.asks).toHaveLength(10);
    expect(Number(depth.bids[0][0])).toBeLessThan(3300);
    expect(Number(depth.asks[0][0])).toBeGreaterThan(3300);
    expect(Number(depth.bids[0][0])).toBeGreaterThan(Number(depth.bids[9][0]));
    const best = engine.getBestOrder('BTCUSDT-PERPETUAL');
    expect(best.bid?.side).toBe('BUY');
    expect(best.ask?.side).toBe('SELL');
  });

  it('is reproducible from its seed and differs between seeds', () => {
    const run = (seed: number) => {
      const engine = engineWithSeed(seed);
      const marks = engine.advanceMarket(25);
      return JSON.stringify({ marks, depth: engine.getDepth('ETHUSDT-PERPETUAL', 5) });
    };
    expect(run(7)).toBe(run(7));
    expect(run(7)).not.toBe(run(8));
  });

  it('moves a pair and its perpetual by the same relative step', () => {
    const engine = engineWithSeed(3);
    const before = Number(engine.getMarkPrice('ETHUSDT').price);
    engine.advanceMarket(1);
    const spotMove = Number(engine.getMarkPrice('ETHUSDT').price) / before;
    const perpMove = Number(engine.getMarkPrice('ETHUSDT-PERPETUAL').price) / before;
    expect(Math.abs(spotMove - perpMove)).toBeLessThan(0.0001);
    expect(Math.abs(spotMove - 1)).toBeLessThanOrEqual(0.001);
  });

  it('fills a resting desk order when the mark moves through it', () => {
    const engine = engineWithSeed(5);
    const desk = fundedUser(engine, 'desk', { spot: { USDT: '10000' } });
    const bid = engine.placeSpotOrder({
      userId: desk.userId,
      symbol: 'ETHUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '1',
      price: '3250',
    });
    expect(bid.status).toBe('NEW');
    engine.setMarkPrice({ symbol: 'ETHUSDT', price: '3200' });
    const filled = engine.getSpotOrder({ userId: desk.userId, orderId: bid.orderId });
    expect(filled).toMatchObject({ status: 'FILLED', executedQty: '1', avgPrice: '3250' });
    const [trade] = engine.listSpotTrades({ userId: desk.userId });
    expect(trade).toMatchObject({ isMaker: true, commission: '0.001' });
    expect(engine.getRecentTrades('ETHUSDT', 1)[0]).toMatchObject({
      price: '3250',
      qty: '1',
      isBuyerMaker: true,
    });
    expect(engine.getTicker24h('ETHUSDT')[0]).toMatchObject({ close: '3250', volume: '1' });
  });

  it('leaves the snapshot free of the participants', () => {
    const engine = engineWithSeed(9);
    fundedUser(engine, 'desk', { spot: { USDT: '1' } });
    expect(engine.listUsers().map((user) => user.label)).toEqual(['desk']);
    expect(engine.snapshot().users.map((user) => user.user.label)).toEqual(['desk']);
  });

  it('prints a participant trade at each new mark, so public trades and tickers move', () => {
    const engine = engineWithSeed(11);
    const marks = engine.advanceMarket(5);
    const trades = engine.getRecentTrades('ETHUSDT', 10);
    expect(trades).toHaveLength(5);
    expect(trades[4].price).toBe(marks.find((mark) => mark.symbol === 'ETHUSDT')?.price);
    const [ticker] = engine.getTicker24h('ETHUSDT-PERPETUAL');
    expect(Number(ticker.volume)).toBeGreaterThan(0);
    expect(ticker.close).toBe(engine.getMarkPrice('ETHUSDT-PERPETUAL').price);
  });
});
