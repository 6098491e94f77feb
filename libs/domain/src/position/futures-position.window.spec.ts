import fc from 'fast-check';
import { DomainError } from '../shared/domain-error';
import { runCommands } from '../shared/decider';
import { stateHash } from '../shared/state-hash';
import { upcastEvent } from '../upcasting/upcaster';
import { positionDecider, positionFill, recordFill } from '../test-support/position-builders';
import { FUTURES_ACCOUNT } from '../test-support/futures-builders';
import {
  fundingPaymentNeedsRecord,
  POSITION_FILL_WINDOW,
  POSITION_FUNDING_WINDOW,
  positionFillNeedsRecord,
} from './futures-position.evolve';
import { positionHistoryOf, positionStateOfHistory } from './position-history';
import { futuresPositionPnl } from './position-ledger';
import {
  FundingPayment,
  FuturesPositionCommand,
  FuturesPositionEvent,
  FuturesPositionState,
  PositionFill,
  PositionFillInput,
  RecordPositionFill,
} from './futures-position.types';

const FEE = { asset: 'USDT', amount: '0.25' };
const pnl = (state: FuturesPositionState) =>
  futuresPositionPnl(state, { markPrice: '3000', settlementAsset: 'USDT' });

/** A fill with the position's recorded report of it, as the OMS looks it up. */
function recordKnown(fill: PositionFillInput, recorded: PositionFill | null): RecordPositionFill {
  return { type: 'RecordPositionFill', fill, now: 1, recorded };
}

function fold(commands: readonly FuturesPositionCommand[]) {
  const result = runCommands(positionDecider, commands);
  if (result.refusal !== null) throw result.refusal;
  return result;
}

/** Opens and closes of a LONG position that never close more than is open, one per second. */
function history(steps: ReadonlyArray<readonly [boolean, number, number]>): PositionFillInput[] {
  let open = 0;
  const fills: PositionFillInput[] = [];
  steps.forEach(([close, size, price], index) => {
    const contracts = close ? Math.min(size, open) : size;
    if (contracts === 0) return;
    open += close ? -contracts : contracts;
    fills.push(
      positionFill(close ? 'SELL_CLOSE' : 'BUY_OPEN', String(contracts), String(price), {
        fillId: `W${String(index).padStart(5, '0')}`,
        time: 1_722_000_000_000 + index * 1000,
        fee: FEE,
      }),
    );
  });
  return fills;
}

const longHistory = fc
  .array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 2900, max: 3100 })), {
    minLength: POSITION_FILL_WINDOW * 2,
    maxLength: POSITION_FILL_WINDOW * 3,
  })
  .map(history);

describe('futures position: fills beyond the window are totals', () => {
  it('keeps at most the window of fills and figures the same P&L as a fold of every fill', () => {
    fc.assert(
      fc.property(longHistory, (fills) => {
        const { state, events } = fold(fills.map((fill) => recordFill(fill)));
        expect(state.recent.length).toBeLessThanOrEqual(POSITION_FILL_WINDOW);
        expect(state.settled.fillCount + state.recent.length).toBe(fills.length);
        const whole = positionStateOfHistory(positionHistoryOf(events as FuturesPositionEvent[]));
        expect(pnl(state)).toEqual(pnl(whole));
      }),
      { numRuns: 25 },
    );
  });

  it('folds fills arriving up to half a window late to the same state as in time order', () => {
    fc.assert(
      fc.property(
        longHistory.chain((fills) =>
          fc.tuple(
            fc.constant(fills),
            fc.array(fc.integer({ min: 0, max: POSITION_FILL_WINDOW / 2 }), {
              minLength: fills.length,
              maxLength: fills.length,
            }),
          ),
        ),
        ([fills, delays]) => {
          const arrival = fills
            .map((fill, index) => ({ fill, at: index + delays[index] + 0.5 }))
            .sort((left, right) => left.at - right.at)
            .map(({ fill }) => recordFill(fill));
          expect(stateHash(fold(arrival).state)).toBe(
            stateHash(fold(fills.map((fill) => recordFill(fill))).state),
          );
        },
      ),
      { numRuns: 25 },
    );
  });

  describe('a report of a fill already settled', () => {
    const fills = history(
      Array.from(
        { length: POSITION_FILL_WINDOW + 5 },
        (_, index) => [index % 3 === 2, 10, 3000 + index] as const,
      ),
    );
    const streamReport = { ...fills[0], fee: null };
    const { state, events } = fold([
      recordFill(streamReport),
      ...fills.slice(1).map((fill) => recordFill(fill)),
    ]);
    const recorded = events
      .filter((event) => event.type === 'PositionFillRecorded')
      .map((event) => (event.type === 'PositionFillRecorded' ? event.data.fill : null))
      .find((fill) => fill?.fillId === fills[0].fillId)!;

    it('cannot be told new or repeated from the state, so the caller is asked for the recorded one', () => {
      expect(positionFillNeedsRecord(state, fills[0])).toBe(true);
      const refusal = positionDecider.decide(recordFill(fills[0]), state);
      expect(refusal).toBeInstanceOf(DomainError);
      expect((refusal as DomainError).field).toBe('recorded');
    });

    it('merges into the recorded report: the poll fee is counted once, the contracts not again', () => {
      const before = pnl(state) as Exclude<ReturnType<typeof pnl>, DomainError>;
      const decided = positionDecider.decide(recordKnown(fills[0], recorded), state);
      expect(decided).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ replaces: recorded }) }),
      ]);
      const after = runCommands(positionDecider, [recordKnown(fills[0], recorded)], state).state;
      expect(pnl(after)).toEqual({
        ...before,
        feesPaid: '17.25',
        netRealizedPnl: '-14.375',
      });
      expect(after.settled.fillCount).toBe(state.settled.fillCount);
      const again = recordKnown(fills[0], { ...recorded, fee: FEE });
      expect(positionDecider.decide(again, after)).toEqual([]);
    });

    it('is folded into the totals as a late new fill when the position never recorded it', () => {
      const late = { ...fills[1], fillId: 'W-late', contracts: '7' };
      const after = runCommands(positionDecider, [recordKnown(late, null)], state).state;
      expect(after.settled.fillCount).toBe(state.settled.fillCount + 1);
      const contracts = (figures: FuturesPositionState) =>
        (pnl(figures) as Exclude<ReturnType<typeof pnl>, DomainError>).contracts;
      expect(Number(contracts(after))).toBe(Number(contracts(state)) + 7);
    });
  });

  it('keeps inferred fills apart until retired, however far the window has moved', () => {
    const inferred = positionFill('BUY_OPEN', '5', '3000', { fillId: 'inferred:o1:5:0', inferred: true });
    const later = history(Array.from({ length: POSITION_FILL_WINDOW + 3 }, () => [false, 1, 3000] as const));
    const { state } = fold([recordFill(inferred), ...later.map((fill) => recordFill(fill))]);
    expect(state.inferred.map((fill) => fill.fillId)).toEqual(['inferred:o1:5:0']);
    const retired = fold([
      recordFill(inferred),
      ...later.map((fill) => recordFill(fill)),
      { type: 'RetireInferredPositionFill', fillId: 'inferred:o1:5:0', now: 3 },
    ]).state;
    expect(retired.inferred).toEqual([]);
    const contracts = (figures: FuturesPositionState) =>
      (pnl(figures) as Exclude<ReturnType<typeof pnl>, DomainError>).contracts;
    expect(contracts(state)).toBe(String(later.length + 5));
    expect(contracts(retired)).toBe(String(later.length));
  });

  it('reads a v1 PositionFillRecorded as a fill that replaces no earlier report', () => {
    const fill = { ...positionFill('BUY_OPEN', '1', '3000'), contractMultiplier: '0.001' };
    const data = { accountId: fill.accountId, symbol: fill.symbol, side: 'LONG', fill };
    expect(upcastEvent({ type: 'PositionFillRecorded', schemaVersion: 1, data })).toEqual({
      type: 'PositionFillRecorded',
      schemaVersion: 2,
      data: { ...data, replaces: null },
    });
  });

  describe('funding beyond the window', () => {
    const payments = Array.from({ length: POSITION_FUNDING_WINDOW + 6 }, (_, index) => ({
      fundingId: `F${String(index).padStart(4, '0')}`,
      amount: '-0.5',
      asset: 'USDT',
      rate: null,
      time: 1_722_000_000_000 + index * 28_800_000,
    }));
    const paid = (payment: FundingPayment, recorded?: FundingPayment | null): FuturesPositionCommand => ({
      type: 'RecordFundingPayment',
      accountId: FUTURES_ACCOUNT,
      symbol: 'ETHUSDT-PERPETUAL',
      payment,
      now: 2,
      ...(recorded === undefined ? {} : { recorded }),
    });
    const { state, events } = fold([
      recordFill(positionFill('BUY_OPEN', '10', '3000')),
      ...payments.map((payment) => paid(payment)),
    ]);
    const funding = (figures: FuturesPositionState) =>
      (pnl(figures) as Exclude<ReturnType<typeof pnl>, DomainError>).fundingPnl;

    it('keeps the newest payments and the sum of the older ones', () => {
      expect(state.funding).toHaveLength(POSITION_FUNDING_WINDOW);
      expect(state.settled.fundingCount).toBe(6);
      expect(funding(state)).toBe(String(-0.5 * payments.length));
      const whole = positionStateOfHistory(positionHistoryOf(events as FuturesPositionEvent[]));
      expect(pnl(state)).toEqual(pnl(whole));
    });

    it('asks for the recorded payment of one older than those kept, and records it once', () => {
      expect(fundingPaymentNeedsRecord(state, payments[0])).toBe(true);
      expect((positionDecider.decide(paid(payments[0]), state) as DomainError).field).toBe('recorded');
      expect(positionDecider.decide(paid(payments[0], payments[0]), state)).toEqual([]);
      const late = { ...payments[0], fundingId: 'F-late' };
      const after = runCommands(positionDecider, [paid(late, null)], state).state;
      expect(after.settled.fundingCount).toBe(7);
      expect(funding(after)).toBe(String(-0.5 * (payments.length + 1)));
    });
  });
});
