import fc from 'fast-check';
import { runCommands } from '../shared/decider';
import { stateHash } from '../shared/state-hash';
import { SpotFillObservation } from '../observations/spot-fill-observed';
import { SpotOrderObservation } from '../observations/spot-order-observed';
import { spotFillObservation, spotOrderObservation } from '../test-support/spot-builders';
import { spotOrderDecider } from './spot-order.decider';
import { SpotOrderCommand, SpotOrderEvent, SpotOrderState } from './spot-order.types';

/**
 * A valid history of one spot limit buy: fills in lots of 0.1, each seen by the stream
 * (no fee) and/or the REST poll (with fee), a status report after every fill, a cancel
 * acknowledgement that still says NEW, and a terminal report.
 */
const historyArbitrary = fc
  .record({
    lots: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 0, maxLength: 5 }),
    sightings: fc.array(fc.constantFrom('ws', 'rest', 'both', 'none'), { minLength: 5, maxLength: 5 }),
    canceled: fc.boolean(),
    prices: fc.array(fc.integer({ min: 2990, max: 3010 }), { minLength: 5, maxLength: 5 }),
  })
  .map(({ lots, sightings, canceled, prices }) => {
    const commands: SpotOrderCommand[] = [];
    const report = (overrides: Partial<SpotOrderObservation>): void => {
      commands.push({
        type: 'RecordSpotOrderObservation',
        observation: spotOrderObservation(overrides),
        now: 1,
      });
    };
    const fill = (overrides: Partial<SpotFillObservation>): void => {
      commands.push({
        type: 'RecordSpotFillObservation',
        observation: spotFillObservation(overrides),
        now: 1,
      });
    };
    report({ status: 'NEW', updateTime: 100, source: 'rest-ack', acknowledgedRequest: 'create' });
    let tenths = 0;
    let quote = 0;
    lots.forEach((lot, index) => {
      tenths += lot;
      quote += lot * prices[index];
      const time = 200 + index * 10;
      const base = {
        ticketId: `t${index}`,
        qty: (lot / 10).toString(),
        price: String(prices[index]),
        tradeTime: time,
      };
      if (sightings[index] === 'ws' || sightings[index] === 'both')
        fill({ ...base, source: 'ws', fee: null });
      if (sightings[index] === 'rest' || sightings[index] === 'both') fill({ ...base, source: 'rest-poll' });
      report({
        status: 'PARTIALLY_FILLED',
        executedQty: (tenths / 10).toString(),
        cumulativeQuoteQty: (quote / 10).toString(),
        updateTime: time + 1,
      });
    });
    report({ status: 'NEW', updateTime: 150, source: 'rest-ack', acknowledgedRequest: 'cancel' });
    const terminal = tenths === 0 ? 'CANCELED' : canceled ? 'PARTIALLY_CANCELED' : 'FILLED';
    report({
      status: terminal,
      origQty: terminal === 'FILLED' ? (tenths / 10).toString() : '2',
      executedQty: (tenths / 10).toString(),
      cumulativeQuoteQty: (quote / 10).toString(),
      updateTime: 900,
    });
    return commands.map((command) =>
      command.type === 'RecordSpotOrderObservation' && command.observation.status !== 'FILLED'
        ? {
            ...command,
            observation: {
              ...command.observation,
              origQty: terminal === 'FILLED' ? (tenths / 10).toString() : '2',
            },
          }
        : command,
    );
  });

function foldCommands(commands: readonly SpotOrderCommand[]): {
  state: SpotOrderState;
  events: readonly SpotOrderEvent[];
} {
  const result = runCommands(spotOrderDecider, commands);
  if (result.refusal !== null) throw result.refusal;
  return result;
}

/** A permutation of the commands where some appear twice. */
const shuffledWithDuplicates = (commands: readonly SpotOrderCommand[]) =>
  fc
    .tuple(
      fc.shuffledSubarray([...commands.keys()], { minLength: commands.length, maxLength: commands.length }),
      fc.array(fc.nat({ max: commands.length - 1 }), { maxLength: 6 }),
      fc.array(fc.nat(), { maxLength: 6 }),
    )
    .map(([order, duplicates, positions]) => {
      const sequence = order.map((index) => commands[index]);
      duplicates.forEach((index, n) => {
        const at = (positions[n] ?? 0) % (sequence.length + 1);
        sequence.splice(at, 0, commands[index]);
      });
      return sequence;
    });

describe('spot order folding properties', () => {
  it('any shuffle and duplication of a valid history folds to the same state as the ordered history', () => {
    fc.assert(
      fc.property(
        historyArbitrary.chain((commands) =>
          fc.tuple(fc.constant(commands), shuffledWithDuplicates(commands)),
        ),
        ([ordered, shuffled]) => {
          const expected = foldCommands(ordered).state;
          const actual = foldCommands(shuffled).state;
          expect(stateHash(actual)).toBe(stateHash(expected));
          expect(actual.breaks).toEqual({});
        },
      ),
      { numRuns: 150 },
    );
  });

  it('the same events give the same state whatever the batch boundaries (with a snapshot between batches)', () => {
    fc.assert(
      fc.property(
        historyArbitrary.chain((commands) =>
          fc.tuple(fc.constant(commands), fc.array(fc.nat({ max: 40 }), { maxLength: 6 })),
        ),
        ([commands, cuts]) => {
          const { state: whole, events } = foldCommands(commands);
          const boundaries = [...new Set(cuts.map((cut) => cut % (events.length + 1)))].sort((a, b) => a - b);
          let state = spotOrderDecider.initialState;
          let start = 0;
          for (const end of [...boundaries, events.length]) {
            state = events.slice(start, end).reduce(spotOrderDecider.evolve, state);
            state = JSON.parse(JSON.stringify(state)) as SpotOrderState;
            start = end;
          }
          expect(stateHash(state)).toBe(stateHash(whole));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('a fill seen only through the cumulative quantity stays inferred at the right size and price', () => {
    const commands: SpotOrderCommand[] = [
      {
        type: 'RecordSpotOrderObservation',
        observation: spotOrderObservation({
          status: 'FILLED',
          executedQty: '1',
          cumulativeQuoteQty: '3005',
          updateTime: 9,
        }),
        now: 1,
      },
      {
        type: 'RecordSpotFillObservation',
        observation: spotFillObservation({ ticketId: 'a', qty: '0.5', price: '3000' }),
        now: 1,
      },
    ];
    const { state } = foldCommands(commands);
    expect(Object.values(state.inferredFills)).toEqual([
      {
        fillId: `inferred:${state.orderId}:1:0.5`,
        price: '3010',
        qty: '0.5',
        executedQty: '1',
        realFilledQty: '0.5',
      },
    ]);
    expect(stateHash(foldCommands([...commands].reverse()).state)).toBe(stateHash(state));
  });
});
