import fc from 'fast-check';
import { stateHash } from '../shared/state-hash';
import { SpotFillObservation } from '../observations/spot-fill-observed';
import { SpotOrderObservation } from '../observations/spot-order-observed';
import { spotFillObservation, spotOrderObservation } from '../test-support/spot-builders';
import {
  assertOrderIndependentFold,
  foldCommands,
  shuffledWithDuplicates,
} from '../test-support/fold-properties';
import { spotOrderDecider } from './spot-order.decider';
import { SpotOrderCommand } from './spot-order.types';

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

describe('spot order folding properties', () => {
  it('any shuffle and duplication of a valid history, and any batch boundaries, fold to the ordered state', () => {
    assertOrderIndependentFold(spotOrderDecider, historyArbitrary, 100);
  });

  it('a valid history raises no break, whatever the order of arrival', () => {
    fc.assert(
      fc.property(
        historyArbitrary.chain((commands) => shuffledWithDuplicates(commands)),
        (commands) => expect(foldCommands(spotOrderDecider, commands).state.breaks).toEqual({}),
      ),
      { numRuns: 60 },
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
    const { state } = foldCommands(spotOrderDecider, commands);
    expect(Object.values(state.inferredFills)).toEqual([
      {
        fillId: `inferred:${state.orderId}:1:0.5`,
        price: '3010',
        qty: '0.5',
        executedQty: '1',
        realFilledQty: '0.5',
      },
    ]);
    expect(stateHash(foldCommands(spotOrderDecider, [...commands].reverse()).state)).toBe(stateHash(state));
  });
});
