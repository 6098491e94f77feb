import { Dec } from '../shared/decimal';
import { DomainError } from '../shared/domain-error';
import { runCommands } from '../shared/decider';
import { FUTURES_ACCOUNT } from '../test-support/futures-builders';
import { positionDecider, positionFill, recordFill } from '../test-support/position-builders';
import { POSITION_FILL_WINDOW } from './futures-position.evolve';
import { FuturesPositionCommand, FuturesPositionEvent, FuturesPositionState } from './futures-position.types';
import { futuresPositionPnl } from './position-ledger';
import { figuringOrder, positionHistoryOf } from './position-history';
import { futuresPositionHistoryPnl, PositionHistoryFolding } from './position-history-pnl';
import { EMPTY_POSITION_TOTALS } from './position-totals';

const DAY_MS = 86_400_000;
const FIRST_DAY = 1_722_000_000_000;
const options = { markPrice: '2100', settlementAsset: 'USDT' };

/** A LONG position that opens 2 and closes 1 contract once a day for `days` days, then is paid funding. */
function positionTradedDaily(days: number): { state: FuturesPositionState; events: FuturesPositionEvent[] } {
  const commands: FuturesPositionCommand[] = Array.from({ length: days }, (_, day) => [
    positionFill('BUY_OPEN', '2', String(2_000 + day), {
      fillId: `D${String(day).padStart(3, '0')}o`,
      time: FIRST_DAY + day * DAY_MS,
      fee: { asset: 'USDT', amount: '0.5' },
    }),
    positionFill('SELL_CLOSE', '1', String(2_010 + day), {
      fillId: `D${String(day).padStart(3, '0')}c`,
      time: FIRST_DAY + day * DAY_MS + 60_000,
      fee: { asset: 'USDT', amount: '0.25' },
    }),
  ])
    .flat()
    .map((fill): FuturesPositionCommand => recordFill(fill));
  commands.push({
    type: 'RecordFundingPayment',
    accountId: FUTURES_ACCOUNT,
    symbol: 'ETHUSDT-PERPETUAL',
    payment: { fundingId: 'F1', amount: '-1.5', asset: 'USDT', rate: null, time: FIRST_DAY + days * DAY_MS },
    now: 2,
  });
  const result = runCommands(positionDecider, commands);
  if (result.refusal !== null) throw result.refusal;
  return { state: result.state, events: result.events as FuturesPositionEvent[] };
}

const sum = (values: readonly string[]) => values.reduce((total, value) => total.plus(value), new Dec(0));

describe('a position state, however many days the position traded', () => {
  it('settles days of fills beyond its window (the fixture is what it claims)', () => {
    const { state } = positionTradedDaily(40);
    expect(2 * 40).toBeGreaterThan(POSITION_FILL_WINDOW);
    expect(state.settled.fillCount).toBeGreaterThan(0);
  });

  it('keeps totals only: twice the days leave its size the same, give or take longer numbers', () => {
    const shorter = positionTradedDaily(40).state;
    const longer = positionTradedDaily(80).state;
    expect(Object.keys(longer.settled).sort()).toEqual(Object.keys(EMPTY_POSITION_TOTALS).sort());
    // Per-day totals in the state would add about 80 bytes for each of the 40 more days.
    expect(JSON.stringify(longer).length - JSON.stringify(shorter).length).toBeLessThan(200);
  });
});

describe('futuresPositionHistoryPnl', () => {
  const days = 40;
  const { state, events } = positionTradedDaily(days);
  const history = positionHistoryOf(events);
  const report = futuresPositionHistoryPnl(history, options);
  if (report instanceof DomainError) throw report;

  it('gives the totals the live state figures, from the history', () => {
    const { byDay: _byDay, ...totals } = report;
    expect(totals).toEqual(futuresPositionPnl(state, options));
  });

  it("puts each fill's realized P&L and fee on its day and the funding on the payment's", () => {
    expect(report.byDay).toHaveLength(days + 1);
    expect(report.byDay[0]).toEqual({
      day: '2024-07-26',
      realizedPnl: '0.01',
      feesPaid: '0.75',
      fundingPnl: '0',
    });
    expect(report.byDay.at(-1)).toEqual({
      day: '2024-09-04',
      realizedPnl: '0',
      feesPaid: '0',
      fundingPnl: '-1.5',
    });
    expect(sum(report.byDay.map((day) => day.realizedPnl)).toFixed()).toBe(report.realizedPnl);
    expect(sum(report.byDay.map((day) => day.feesPaid)).toFixed()).toBe(report.feesPaid);
    expect(sum(report.byDay.map((day) => day.fundingPnl)).toFixed()).toBe(report.fundingPnl);
  });

  it('figures an inferred fill after the real ones, on its own day', () => {
    const inferred = positionFill('SELL_CLOSE', '1', '3000', {
      fillId: 'inferred:o9:1:0',
      inferred: true,
      time: FIRST_DAY + 2 * DAY_MS,
      fee: { asset: 'USDT', amount: '0.1' },
    });
    const withInferred = futuresPositionHistoryPnl(
      { ...history, fills: [...history.fills, { ...inferred, contractMultiplier: '0.001' }] },
      options,
    );
    if (withInferred instanceof DomainError) throw withInferred;
    const third = withInferred.byDay[2];
    // Closed against the average entry after every real fill, not the entry of its own time.
    const closed = new Dec(3000).minus(report.averageEntryPrice).times('0.001');
    expect(third.realizedPnl).toBe(new Dec(report.byDay[2].realizedPnl).plus(closed).toFixed());
    expect(third.feesPaid).toBe('0.85');
    expect(withInferred.realizedPnl).toBe(new Dec(report.realizedPnl).plus(closed).toFixed());
  });
});

describe('PositionHistoryFolding, a page of fills at a time', () => {
  const { events } = positionTradedDaily(40);
  const history = positionHistoryOf(events);
  const real = figuringOrder(history.fills);
  const whole = futuresPositionHistoryPnl(history, options);

  const folded = (pageSize: number, keepDay?: (day: string) => boolean) => {
    const folding = new PositionHistoryFolding(options, keepDay);
    for (let start = 0; start < real.length; start += pageSize) {
      expect(folding.addFills(real.slice(start, start + pageSize))).toBeNull();
    }
    expect(folding.addFunding(history.funding)).toBeNull();
    return folding.result([]);
  };

  it('gives the report of the whole history whatever the page size', () => {
    for (const pageSize of [1, 7, 64, real.length]) expect(folded(pageSize)).toEqual(whole);
  });

  it('keeps the lines of the chosen days only, while the totals count every fill', () => {
    const period = (day: string) => day >= '2024-08-10' && day < '2024-08-13';
    const kept = folded(10, period);
    if (kept instanceof DomainError || whole instanceof DomainError) throw new Error('refused');
    expect(kept.byDay).toEqual(whole.byDay.filter((line) => period(line.day)));
    expect(kept.byDay).toHaveLength(3);
    const { byDay: _kept, ...keptTotals } = kept;
    const { byDay: _whole, ...wholeTotals } = whole;
    expect(keptTotals).toEqual(wholeTotals);
  });

  it('refuses a fill that does not sort after the last one, naming it by its place across pages', () => {
    const folding = new PositionHistoryFolding(options);
    expect(folding.addFills(real.slice(0, 5))).toBeNull();
    const repeated = folding.addFills([real[5], real[4]]);
    expect(repeated).toBeInstanceOf(DomainError);
    expect((repeated as DomainError).field).toBe('fills[6]');
    expect(folding.addFills([real[3]])).toMatchObject({ field: 'fills[6]' });
  });
});
