import { START_TIME, deskEngine, fundedUser, ofKind, recordEvents } from '../test-support/desk-engine';
import { VenueEngine } from '../venue-engine';
import { ManualClock } from '../engine-clock';

const SYMBOL = 'ETHUSDT-PERPETUAL';
const MINUTE = 60_000;
/** START_TIME (1_763_800_000_000) lies 40 s past a whole minute: the next settlement is 20 s away. */
const FIRST_SETTLEMENT = START_TIME + 20_000;

/**
 * LONG (CROSS) buys 10 contracts from SHORT (CROSS) at 3000, leverage 5: wallets 999.982
 * (taker fee 0.018) and 999.9925 (maker fee 0.0075). Funding every minute.
 */
function minuteFunding() {
  const { engine, clock } = deskEngine({ initialMarks: { [SYMBOL]: '3000' }, fundingIntervalMs: MINUTE });
  const long = fundedUser(engine, 'long', { futuresUsdt: '1000' });
  const short = fundedUser(engine, 'short', { futuresUsdt: '1000' });
  const open = { symbol: SYMBOL, type: 'LIMIT', quantity: '10', price: '3000' } as const;
  engine.placeFuturesOrder({ ...open, userId: short.userId, side: 'SELL_OPEN', clientOrderId: 's' });
  engine.placeFuturesOrder({ ...open, userId: long.userId, side: 'BUY_OPEN', clientOrderId: 'l' });
  return { engine, clock, long, short };
}

describe('scheduled funding', () => {
  it('publishes the next settlement time on eight-hour boundaries from midnight UTC by default', () => {
    const { engine } = deskEngine();
    // 1_763_800_000_000 is 2025-11-22 08:26:40 UTC: the next settlement is 16:00 UTC.
    expect(engine.getFundingRates(SYMBOL)).toEqual([
      { symbol: SYMBOL, rate: '0.0001', nextSettleTime: Date.UTC(2025, 10, 22, 16) },
    ]);
    expect(engine.nextFundingTime()).toBe(Date.UTC(2025, 10, 22, 16));
  });

  it('settles nothing before the advertised time, then every perpetual at that time, once', () => {
    const { engine, clock, long, short } = minuteFunding();
    expect(engine.getFundingRates(SYMBOL)[0].nextSettleTime).toBe(FIRST_SETTLEMENT);

    clock.set(FIRST_SETTLEMENT - 1);
    expect(engine.settleDueFunding()).toEqual([]);
    expect(engine.getFundingHistory({ symbol: SYMBOL })).toEqual([]);

    const longEvents = recordEvents(engine, long.userId);
    clock.set(FIRST_SETTLEMENT + 250);
    const settled = engine.settleDueFunding();
    expect(settled.map(({ symbol, settleTime, settleRate }) => ({ symbol, settleTime, settleRate }))).toEqual(
      [
        { symbol: 'BTCUSDT-PERPETUAL', settleTime: FIRST_SETTLEMENT, settleRate: '0.0001' },
        { symbol: SYMBOL, settleTime: FIRST_SETTLEMENT, settleRate: '0.0001' },
      ],
    );
    // Position value 3000 x 10 x 0.001 = 30; at 0.0001 the long pays 0.003 to the short.
    expect(engine.getFuturesBalances(long.userId)[0].balance).toBe('999.979');
    expect(engine.getFuturesBalances(short.userId)[0].balance).toBe('999.9955');
    expect(ofKind(longEvents, 'futuresBalance').map((event) => event.balances)).toEqual([
      [{ asset: 'USDT', free: '993.979', locked: '6' }],
    ]);
    expect(engine.getFundingHistory({ symbol: SYMBOL })).toEqual([
      { id: settled[1].id, symbol: SYMBOL, settleTime: FIRST_SETTLEMENT, settleRate: '0.0001' },
    ]);
    expect(engine.getFundingRates(SYMBOL)[0].nextSettleTime).toBe(FIRST_SETTLEMENT + MINUTE);

    // The same settlement time is never settled twice.
    clock.advance(1_000);
    expect(engine.settleDueFunding()).toEqual([]);
    expect(engine.getFuturesBalances(long.userId)[0].balance).toBe('999.979');
  });

  it('settles the latest time once when the clock jumps over several', () => {
    const { engine, clock, long } = minuteFunding();
    clock.set(FIRST_SETTLEMENT + 3 * MINUTE + 5);
    expect(engine.settleDueFunding().map((entry) => entry.settleTime)).toEqual([
      FIRST_SETTLEMENT + 3 * MINUTE,
      FIRST_SETTLEMENT + 3 * MINUTE,
    ]);
    expect(engine.settleDueFunding()).toEqual([]);
    expect(engine.getFuturesBalances(long.userId)[0].balance).toBe('999.979');
  });

  it('does not settle late the settlement time the engine was created after', () => {
    const clock = new ManualClock(FIRST_SETTLEMENT + 10);
    const engine = new VenueEngine({ clock, seed: 1, simulatedMarket: false, fundingIntervalMs: MINUTE });
    expect(engine.settleDueFunding()).toEqual([]);
    expect(engine.nextFundingTime()).toBe(FIRST_SETTLEMENT + MINUTE);
  });

  it('refuses an interval that is not a positive whole number of milliseconds', () => {
    for (const fundingIntervalMs of [0, -5, 1.5])
      expect(() => deskEngine({ fundingIntervalMs })).toThrow('funding interval');
  });
});
