import fc from 'fast-check';
import { Dec } from '../shared/decimal';
import { DomainError } from '../shared/domain-error';
import { stateHash } from '../shared/state-hash';
import { SpotFillObservation } from '../observations/spot-fill-observed';
import { FuturesFillObservation } from '../observations/futures-fill-observed';
import { spotFillObservation, spotOrderObservation } from '../test-support/spot-builders';
import { futuresFillObservation } from '../test-support/futures-builders';
import { foldWithRecordedFills, recordedFillsOf } from '../test-support/recorded-fills';
import { spotOrderDecider } from '../spot-order/spot-order.decider';
import { SpotOrderCommand, SpotOrderEvent, SpotOrderState } from '../spot-order/spot-order.types';
import { futuresOrderDecider } from '../futures-order/futures-order.decider';
import { FuturesOrderCommand, FuturesOrderEvent } from '../futures-order/futures-order.types';
import { orderFillNeedsRecord, realFillFigures } from './order-core.state';
import { ORDER_FILL_WINDOW } from './order-fill-totals';
import { OrderFill } from './order-fills';
import { OrderFillSettled } from './order-lifecycle.events';

const T0 = 1_722_000_000_000;
const FEE = { asset: 'ETH', amount: '0.0004' };

interface FillSpec {
  readonly ticketId: string;
  readonly qty: string;
  readonly price: string;
  readonly tradeTime: number;
  readonly sightings: 'ws' | 'rest' | 'both';
}

/** Fills of one spot order, 0 to 2 s apart (so many share a second with the settled fills). */
const longFills = fc
  .array(
    fc.tuple(
      fc.integer({ min: 1, max: 9 }),
      fc.integer({ min: 2990, max: 3010 }),
      fc.integer({ min: 0, max: 2_000 }),
      fc.constantFrom<FillSpec['sightings']>('ws', 'rest', 'both'),
    ),
    { minLength: ORDER_FILL_WINDOW * 2, maxLength: ORDER_FILL_WINDOW * 3 },
  )
  .map((steps) => {
    let time = T0;
    return steps.map(([tenths, price, gap, sightings], index): FillSpec => {
      time += gap;
      return {
        ticketId: `F${String(index).padStart(5, '0')}`,
        qty: String(tenths / 10),
        price: String(price),
        tradeTime: time,
        sightings,
      };
    });
  });

/** The stream's and/or the poll's report of a fill; the poll's clock may run `pollSkewMs` late. */
function reportsOf(fill: FillSpec, pollSkewMs = 0): SpotOrderCommand[] {
  const base = { ticketId: fill.ticketId, qty: fill.qty, price: fill.price, tradeTime: fill.tradeTime };
  const reports: SpotFillObservation[] = [];
  if (fill.sightings !== 'rest') reports.push(spotFillObservation({ ...base, source: 'ws', fee: null }));
  if (fill.sightings !== 'ws') {
    reports.push(
      spotFillObservation({
        ...base,
        tradeTime: fill.tradeTime + pollSkewMs,
        source: 'rest-poll',
        fee: FEE,
      }),
    );
  }
  return reports.map((observation) => ({ type: 'RecordSpotFillObservation', observation, now: 1 }));
}

function finalReport(fills: readonly FillSpec[]): SpotOrderCommand {
  const executed = fills.reduce((total, fill) => total.plus(fill.qty), new Dec(0));
  const quote = fills.reduce((total, fill) => total.plus(new Dec(fill.price).times(fill.qty)), new Dec(0));
  return {
    type: 'RecordSpotOrderObservation',
    observation: spotOrderObservation({
      status: 'FILLED',
      origQty: executed.toFixed(),
      executedQty: executed.toFixed(),
      cumulativeQuoteQty: quote.toFixed(),
      updateTime: T0 + 10_000_000,
    }),
    now: 1,
  };
}

/** A fill command with the recorded report the OMS looked up. */
function withRecord<Command extends SpotOrderCommand | FuturesOrderCommand>(
  command: Command,
  recorded: OrderFill | null,
): Command {
  return { ...command, recorded };
}

const foldSpot = (commands: readonly SpotOrderCommand[]) =>
  foldWithRecordedFills<SpotOrderCommand, SpotOrderEvent, SpotOrderState>(spotOrderDecider, commands);

describe('order fills beyond the window are totals', () => {
  it('keeps at most the window of fills, and totals equal to every fill counted once', () => {
    fc.assert(
      fc.property(longFills, (fills) => {
        const { state, events } = foldSpot([...fills.flatMap(reportsOf), finalReport(fills)]);
        expect(state.recentFills.length).toBeLessThanOrEqual(ORDER_FILL_WINDOW);
        const figures = realFillFigures(state);
        expect(figures.count).toBe(fills.length);
        expect(figures.qty.toFixed()).toBe(
          fills.reduce((total, fill) => total.plus(fill.qty), new Dec(0)).toFixed(),
        );
        expect(figures.firstTime).toBe(fills[0].tradeTime);
        expect(state.inferredFills).toEqual({});
        expect(state.breaks).toEqual({});
        expect(stateHash(events.reduce(spotOrderDecider.evolve, spotOrderDecider.initialState))).toBe(
          stateHash(state),
        );
      }),
      { numRuns: 25 },
    );
  });

  it('folds reports arriving up to half a window late to the same state as in time order', () => {
    fc.assert(
      fc.property(
        longFills.chain((fills) => {
          const reports = fills.flatMap(reportsOf);
          return fc.tuple(
            fc.constant(fills),
            fc.constant(reports),
            fc.array(fc.integer({ min: 0, max: ORDER_FILL_WINDOW / 2 }), {
              minLength: reports.length,
              maxLength: reports.length,
            }),
          );
        }),
        ([fills, reports, delays]) => {
          const arrival = reports
            .map((report, index) => ({ report, at: index + delays[index] + 0.5 }))
            .sort((left, right) => left.at - right.at)
            .map(({ report }) => report);
          expect(stateHash(foldSpot([...arrival, finalReport(fills)]).state)).toBe(
            stateHash(foldSpot([...reports, finalReport(fills)]).state),
          );
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('order fills reported late beyond the window', () => {
  it('counts every fill once, its fee kept, however late its reports come and however skewed the poll clock', () => {
    fc.assert(
      fc.property(
        longFills.chain((fills) =>
          fc.tuple(
            fc.constant(fills),
            fc.array(fc.integer({ min: 0, max: 5 }), { minLength: fills.length, maxLength: fills.length }),
            fc.array(fc.integer({ min: 0, max: ORDER_FILL_WINDOW * 3 }), {
              minLength: fills.length * 2,
              maxLength: fills.length * 2,
            }),
          ),
        ),
        ([fills, skews, delays]) => {
          const reports = fills.flatMap((fill, index) => reportsOf(fill, skews[index]));
          const arrival = reports
            .map((report, index) => ({ report, at: index + delays[index] + 0.5 }))
            .sort((left, right) => left.at - right.at)
            .map(({ report }) => report);
          const { state, events } = foldSpot([...arrival, finalReport(fills)]);
          const figures = realFillFigures(state);
          expect(figures.count).toBe(fills.length);
          expect(figures.qty.toFixed()).toBe(
            fills.reduce((total, fill) => total.plus(fill.qty), new Dec(0)).toFixed(),
          );
          expect(state.inferredFills).toEqual({});
          expect(state.breaks).toEqual({});
          const polled = fills.filter((fill) => fill.sightings !== 'ws').map((fill) => fill.ticketId);
          const recorded = recordedFillsOf(events);
          expect(polled.filter((fillId) => recorded.get(fillId)?.fee === null)).toEqual([]);
          expect(stateHash(events.reduce(spotOrderDecider.evolve, spotOrderDecider.initialState))).toBe(
            stateHash(state),
          );
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('a spot report of a fill already settled', () => {
  const fills: FillSpec[] = Array.from({ length: ORDER_FILL_WINDOW + 5 }, (_, index) => ({
    ticketId: `S${String(index).padStart(5, '0')}`,
    qty: '0.1',
    price: String(3000 + index),
    tradeTime: T0 + index * 5_000,
    sightings: 'ws',
  }));
  const { state, events } = foldSpot(fills.flatMap(reportsOf));
  const settledFill = fills[0];
  const poll = (overrides: Partial<SpotFillObservation> = {}): SpotOrderCommand => ({
    type: 'RecordSpotFillObservation',
    observation: spotFillObservation({
      ticketId: settledFill.ticketId,
      qty: settledFill.qty,
      price: settledFill.price,
      tradeTime: settledFill.tradeTime,
      source: 'rest-poll',
      fee: FEE,
      ...overrides,
    }),
    now: 2,
  });
  const recorded = recordedFillsOf(events).get(settledFill.ticketId)!;

  it('is settled, and cannot be decided without the recorded report', () => {
    expect(state.recentFills.some((fill) => fill.fillId === settledFill.ticketId)).toBe(false);
    expect(orderFillNeedsRecord(state, { fillId: settledFill.ticketId, time: settledFill.tradeTime })).toBe(
      true,
    );
    const refused = spotOrderDecider.decide(poll(), state);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).field).toBe('recorded');
  });

  it('merges into the recorded report: the fee is added and the fill is not counted again', () => {
    const decided = spotOrderDecider.decide(withRecord(poll(), recorded), state) as SpotOrderEvent[];
    expect(decided.map((event) => event.type)).toEqual(['SpotFillObserved', 'OrderFillSettled']);
    const settled = decided[1] as OrderFillSettled;
    expect(settled.data.replaces).toEqual(recorded);
    expect(settled.data.fill).toMatchObject({ fee: FEE, sources: ['rest-poll', 'ws'], qty: '0.1' });
    const after = decided.reduce(spotOrderDecider.evolve, state);
    expect(realFillFigures(after)).toEqual(realFillFigures(state));
  });

  it('raises the contradiction break when the recorded report disagrees, still counting the fill once', () => {
    const decided = spotOrderDecider.decide(
      withRecord(poll({ price: '2999' }), recorded),
      state,
    ) as SpotOrderEvent[];
    expect(decided.map((event) => event.type)).toEqual([
      'SpotFillObserved',
      'OrderFillSettled',
      'ReconciliationBreakDetected',
    ]);
    const after = decided.reduce(spotOrderDecider.evolve, state);
    expect(Object.keys(after.breaks)).toEqual([`oms-01JDESK0001:fill-contradiction:${settledFill.ticketId}`]);
    expect(realFillFigures(after).count).toBe(realFillFigures(state).count);
  });

  it('counts a fill the order has no record of as a new fill', () => {
    const decided = spotOrderDecider.decide(
      withRecord(poll({ ticketId: 'late-new' }), null),
      state,
    ) as SpotOrderEvent[];
    const after = decided.reduce(spotOrderDecider.evolve, state);
    expect(realFillFigures(after).count).toBe(realFillFigures(state).count + 1);
    expect(realFillFigures(after).qty.toFixed()).toBe(realFillFigures(state).qty.plus('0.1').toFixed());
  });

  it('takes a report of the newest settled fill timed a little later (another clock) as that fill, not a new one', () => {
    const newestSettled = fills[ORDER_FILL_WINDOW + 5 - ORDER_FILL_WINDOW - 1];
    const later = {
      ticketId: newestSettled.ticketId,
      price: newestSettled.price,
      tradeTime: newestSettled.tradeTime + 3,
    };
    const record = recordedFillsOf(events).get(newestSettled.ticketId)!;
    expect(orderFillNeedsRecord(state, { fillId: later.ticketId, time: later.tradeTime })).toBe(true);
    const repeat = spotOrderDecider.decide(
      withRecord(poll({ ...later, source: 'ws', fee: null }), record),
      state,
    );
    expect(repeat).toEqual([]);
    const decided = spotOrderDecider.decide(withRecord(poll(later), record), state) as SpotOrderEvent[];
    const after = decided.reduce(spotOrderDecider.evolve, state);
    expect(realFillFigures(after)).toEqual(realFillFigures(state));
    expect(after.recentFills.some((fill) => fill.fillId === later.ticketId)).toBe(false);
  });

  it('refuses a recorded report of another fill', () => {
    const refused = spotOrderDecider.decide(withRecord(poll(), { ...recorded, fillId: 'other' }), state);
    expect((refused as DomainError).field).toBe('recorded');
  });
});

describe('a futures trades row without ticketId, of a settled stream fill', () => {
  const wsFills: FuturesFillObservation[] = Array.from({ length: ORDER_FILL_WINDOW + 5 }, (_, index) =>
    futuresFillObservation({
      ticketId: `T${String(index).padStart(5, '0')}`,
      tradeId: null,
      price: String(2400 + index),
      quantity: '1',
      tradeTime: T0 + index * 5_000,
      source: 'ws',
      fee: null,
      realizedPnl: null,
    }),
  );
  const commands: FuturesOrderCommand[] = wsFills.map((observation) => ({
    type: 'RecordFuturesFillObservation',
    observation,
    now: 1,
  }));
  const { state, events } = foldWithRecordedFills(futuresOrderDecider, commands);
  const row = (overrides: Partial<FuturesFillObservation> = {}): FuturesOrderCommand => ({
    type: 'RecordFuturesFillObservation',
    observation: {
      ...wsFills[0],
      ticketId: null,
      tradeId: 'trade-0',
      source: 'rest-poll',
      fee: { asset: 'USDT', amount: '0.5' },
      tradeTime: wsFills[0].tradeTime + 3,
      ...overrides,
    },
    now: 2,
  });

  it('merges into the stream fill the lookup matched, taking its fee, counted once', () => {
    const { state: after, events: decided } = foldWithRecordedFills<
      FuturesOrderCommand,
      FuturesOrderEvent,
      typeof state
    >(futuresOrderDecider, [row()], { state, events });
    const settled = decided.find((event) => event.type === 'OrderFillSettled') as OrderFillSettled;
    expect(settled.data.fill).toMatchObject({
      fillId: wsFills[0].ticketId,
      fee: { asset: 'USDT', amount: '0.5' },
      sources: ['rest-poll', 'ws'],
    });
    expect(realFillFigures(after).count).toBe(wsFills.length);
    expect(recordedFillsOf([...events, ...decided]).size).toBe(wsFills.length);
  });

  it('counts a row that matches no recorded fill by its tradeId', () => {
    const { state: after } = foldWithRecordedFills<FuturesOrderCommand, FuturesOrderEvent, typeof state>(
      futuresOrderDecider,
      [row({ price: '1000' })],
      { state, events },
    );
    expect(realFillFigures(after).count).toBe(wsFills.length + 1);
  });

  it('refuses a recorded fill the row does not match', () => {
    const otherFill = recordedFillsOf(events).get(wsFills[1].ticketId!)!;
    const refused = futuresOrderDecider.decide(withRecord(row(), otherFill), state);
    expect((refused as DomainError).field).toBe('recorded');
  });
});
