import fc from 'fast-check';
import { Decider, runCommands } from '../shared/decider';
import { stateHash } from '../shared/state-hash';

/** Runs commands like the OMS handler does and fails on any refusal. */
export function foldCommands<Command, Event, State>(
  decider: Decider<Command, Event, State>,
  commands: readonly Command[],
): { readonly state: State; readonly events: readonly Event[] } {
  const result = runCommands(decider, commands);
  if (result.refusal !== null) throw result.refusal;
  return result;
}

/** A permutation of `items` with some of them repeated at random places. */
export function shuffledWithDuplicates<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return fc
    .tuple(
      fc.shuffledSubarray([...items.keys()], { minLength: items.length, maxLength: items.length }),
      fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 6 }),
    )
    .map(([order, duplicates]) => {
      const sequence = order.map((index) => items[index]);
      if (items.length === 0) return sequence;
      for (const [which, where] of duplicates)
        sequence.splice(where % (sequence.length + 1), 0, items[which % items.length]);
      return sequence;
    });
}

/**
 * The fold properties every aggregate must have: any shuffle and duplication of a
 * valid observation history gives the state of the ordered history (same hash), and
 * folding its events in batches, with a JSON snapshot between batches, changes nothing.
 */
export function assertOrderIndependentFold<Command, Event, State>(
  decider: Decider<Command, Event, State>,
  histories: fc.Arbitrary<readonly Command[]>,
  numRuns: number,
): void {
  fc.assert(
    fc.property(
      histories.chain((ordered) =>
        fc.tuple(fc.constant(ordered), shuffledWithDuplicates(ordered), fc.array(fc.nat(), { maxLength: 5 })),
      ),
      ([ordered, shuffled, cuts]) => {
        const { state: expected, events } = foldCommands(decider, ordered);
        expect(stateHash(foldCommands(decider, shuffled).state)).toBe(stateHash(expected));
        const boundaries = [...new Set(cuts.map((cut) => cut % (events.length + 1)))].sort((a, b) => a - b);
        let state = decider.initialState;
        let start = 0;
        for (const end of [...boundaries, events.length]) {
          state = events.slice(start, end).reduce(decider.evolve, state);
          state = JSON.parse(JSON.stringify(state)) as State;
          start = end;
        }
        expect(stateHash(state)).toBe(stateHash(expected));
      },
    ),
    { numRuns },
  );
}
