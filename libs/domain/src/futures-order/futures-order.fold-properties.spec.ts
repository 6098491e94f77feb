import fc from 'fast-check';
import { assertOrderIndependentFold, foldCommands } from '../test-support/fold-properties';
import { futuresFillObservation, futuresOrderObservation } from '../test-support/futures-builders';
import { futuresOrderDecider } from './futures-order.decider';
import { FuturesOrderCommand } from './futures-order.types';

/**
 * A futures order history in contracts: each fill seen by WS ticketInfo (no fee, no
 * open/close side) and/or the userTrades poll, a contractExecutionReport after each,
 * a cancel acknowledgement still saying NEW, then the terminal report.
 */
const histories = fc
  .record({
    lots: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 4 }),
    sightings: fc.array(fc.constantFrom('ws', 'rest', 'both', 'none'), { minLength: 4, maxLength: 4 }),
    canceled: fc.boolean(),
  })
  .map(({ lots, sightings, canceled }) => {
    const filled = lots.reduce((total, lot) => total + lot, 0);
    const origQty = String(canceled || filled === 0 ? 20 : filled);
    const commands: FuturesOrderCommand[] = [];
    const report = (overrides: Parameters<typeof futuresOrderObservation>[0]) =>
      commands.push({
        type: 'RecordFuturesOrderObservation',
        observation: futuresOrderObservation({ origQty, ...overrides }),
        now: 1,
      });
    report({ source: 'rest-ack', acknowledgedRequest: 'create', updateTime: 100 });
    let cumulative = 0;
    lots.forEach((lot, index) => {
      cumulative += lot;
      // The stream's ticketInfo carries only the ticket id (T); the poll adds the per-side tradeId.
      const base = { ticketId: `T${index}`, quantity: String(lot), price: '2463.36', tradeTime: 200 + index };
      if (sightings[index] === 'ws' || sightings[index] === 'both') {
        commands.push({
          type: 'RecordFuturesFillObservation',
          observation: futuresFillObservation({
            ...base,
            tradeId: null,
            source: 'ws',
            fee: null,
            realizedPnl: null,
            orderSide: null,
          }),
          now: 1,
        });
      }
      if (sightings[index] === 'rest' || sightings[index] === 'both') {
        commands.push({
          type: 'RecordFuturesFillObservation',
          observation: futuresFillObservation({ ...base, tradeId: `trade-${index}` }),
          now: 1,
        });
      }
      report({
        status: 'PARTIALLY_FILLED',
        executedQty: String(cumulative),
        avgPrice: '2463.36',
        updateTime: 201 + index,
      });
    });
    report({ source: 'rest-ack', acknowledgedRequest: 'cancel', updateTime: 150 });
    report({
      status: filled === 0 ? 'CANCELED' : canceled ? 'PARTIALLY_CANCELED' : 'FILLED',
      executedQty: String(filled),
      avgPrice: filled === 0 ? null : '2463.36',
      updateTime: 900,
    });
    return commands;
  });

describe('futures order folding properties', () => {
  it('shuffles, duplicates and batch boundaries do not change the folded state', () => {
    assertOrderIndependentFold(futuresOrderDecider, histories, 120);
  });

  it('a valid history raises no break and ends with fills equal to the executed contracts', () => {
    fc.assert(
      fc.property(histories, (commands) => {
        const { state } = foldCommands(futuresOrderDecider, commands);
        expect(state.breaks).toEqual({});
        const covered = [...state.recentFills, ...Object.values(state.inferredFills)].reduce(
          (total, fill) => total + Number(fill.qty),
          0,
        );
        expect(String(covered)).toBe(state.executedQty);
      }),
      { numRuns: 60 },
    );
  });
});
