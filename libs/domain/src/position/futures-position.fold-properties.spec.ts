import fc from 'fast-check';
import { runCommands } from '../shared/decider';
import { stateHash } from '../shared/state-hash';
import { positionObservation } from '../test-support/futures-builders';
import { positionDecider, positionFill, recordFill } from '../test-support/position-builders';
import { FuturesPositionCommand, FuturesPositionState } from './futures-position.types';
import { futuresPositionPnl } from './position-ledger';

/** Opens and closes of one LONG position that never close more than is open, plus snapshots. */
const historyArbitrary = fc
  .array(
    fc.tuple(
      fc.boolean(),
      fc.integer({ min: 1, max: 50 }),
      fc.integer({ min: 2900, max: 3100 }),
      fc.constantFrom('stream', 'poll', 'both'),
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((steps) => {
    let open = 0;
    const commands: FuturesPositionCommand[] = [];
    steps.forEach(([close, size, price, seenBy], index) => {
      const contracts = close ? Math.min(size, open) : size;
      if (contracts === 0) return;
      open += close ? -contracts : contracts;
      const fill = positionFill(close ? 'SELL_CLOSE' : 'BUY_OPEN', String(contracts), String(price), {
        fillId: `T${index}`,
        time: 1_000 + index,
        fee: { asset: 'USDT', amount: '0.01' },
      });
      // The stream's report of a fill has no fee; the poll's has it.
      if (seenBy !== 'poll') commands.push(recordFill({ ...fill, fee: null }));
      if (seenBy !== 'stream') commands.push(recordFill(fill));
      commands.push({
        type: 'RecordPositionObservation',
        observation: positionObservation({
          position: String(open),
          available: String(open),
          updateTime: 1_000 + index,
        }),
        now: 1,
      });
    });
    return commands;
  })
  .filter((commands) => commands.length > 0);

function fold(commands: readonly FuturesPositionCommand[]): FuturesPositionState {
  const result = runCommands(positionDecider, commands);
  if (result.refusal !== null) throw result.refusal;
  return result.state;
}

describe('futures position folding properties', () => {
  it('any shuffle and duplication of fills and snapshots folds to the same state and P&L', () => {
    fc.assert(
      fc.property(
        historyArbitrary.chain((commands) =>
          fc.tuple(
            fc.constant(commands),
            fc.shuffledSubarray(commands, { minLength: commands.length, maxLength: commands.length }),
            fc.array(fc.nat({ max: 100 }), { maxLength: 5 }),
          ),
        ),
        ([ordered, shuffled, duplicates]) => {
          const noisy = [...shuffled, ...duplicates.map((index) => ordered[index % ordered.length])];
          const expected = fold(ordered);
          const actual = fold(noisy);
          expect(stateHash(actual)).toBe(stateHash(expected));
          expect(actual.breaks).toEqual({});
          const pnl = (state: FuturesPositionState) =>
            futuresPositionPnl(state, { markPrice: '3000', settlementAsset: 'USDT' });
          expect(pnl(actual)).toEqual(pnl(expected));
          expect(
            positionDecider.decide({ type: 'ReconcilePosition', realizedPnlTolerance: '0', now: 2 }, actual),
          ).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });
});
