import { runCommands } from '../shared/decider';
import { positionDecider, positionFill, recordFill } from '../test-support/position-builders';
import { POSITION_FILL_WINDOW } from './futures-position.evolve';
import { futuresPositionPnl } from './position-ledger';
import { FuturesPositionState } from './futures-position.types';

const DAY_MS = 86_400_000;
const DAYS = 40;

/** A LONG position that opens and closes once a day for DAYS days, well past its fill window. */
function positionTradedDaily(): FuturesPositionState {
  const fills = Array.from({ length: DAYS }, (_, day) => [
    positionFill('BUY_OPEN', '2', String(2_000 + day), {
      fillId: `D${String(day).padStart(3, '0')}o`,
      time: 1_722_000_000_000 + day * DAY_MS,
      fee: { asset: 'USDT', amount: '0.5' },
    }),
    positionFill('SELL_CLOSE', '1', String(2_010 + day), {
      fillId: `D${String(day).padStart(3, '0')}c`,
      time: 1_722_000_000_000 + day * DAY_MS + 60_000,
      fee: { asset: 'USDT', amount: '0.25' },
    }),
  ]).flat();
  const result = runCommands(
    positionDecider,
    fills.map((fill) => recordFill(fill)),
  );
  if (result.refusal !== null) throw result.refusal;
  return result.state;
}

describe('futuresPositionPnl without its days', () => {
  const state = positionTradedDaily();
  const options = { markPrice: '2100', settlementAsset: 'USDT' };

  it('keeps days before the fill window as settled totals (the fixture is what it claims)', () => {
    expect(2 * DAYS).toBeGreaterThan(POSITION_FILL_WINDOW);
    expect(Object.keys(state.settled.days).length).toBeGreaterThan(0);
  });

  it('gives the same totals as the whole P&L, with no days', () => {
    const whole = futuresPositionPnl(state, options);
    const totals = futuresPositionPnl(state, { ...options, byDay: false });
    expect(whole).not.toBeInstanceOf(Error);
    expect((whole as { readonly byDay: readonly unknown[] }).byDay).toHaveLength(DAYS);
    expect(totals).toEqual({ ...whole, byDay: [] });
  });

  it('never reads the per-day totals, so its cost does not grow with the days the position traded', () => {
    const unreadable = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('per-day totals read');
        },
        get: () => {
          throw new Error('per-day totals read');
        },
      },
    );
    const withUnreadableDays = { ...state, settled: { ...state.settled, days: unreadable } };
    expect(futuresPositionPnl(withUnreadableDays, { ...options, byDay: false })).not.toBeInstanceOf(Error);
    expect(() => futuresPositionPnl(withUnreadableDays, options)).toThrow('per-day totals read');
  });
});
