import { Decider, foldEvents } from '../shared/decider';
import { DomainError, DomainErrorCode } from '../shared/domain-error';

/**
 * Given / when / then for deciders: given past events, when a command is decided,
 * then these events (exactly, by type, or a state check), or this refusal.
 */
export function deciderSpecification<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: readonly Event[]) {
      const state = foldEvents(decider.evolve, events, decider.initialState);
      return {
        when(command: Command) {
          const result = decider.decide(command, state);
          const decided = (): readonly Event[] => {
            if (result instanceof DomainError) {
              throw new Error(
                `expected events but the command was refused: ${result.code} ${result.message}`,
              );
            }
            return result;
          };
          return {
            then(expected: readonly Event[]): void {
              expect(decided()).toEqual(expected);
            },
            thenEventTypes(expected: readonly string[]): void {
              expect(decided().map((event) => (event as { type: string }).type)).toEqual(expected);
            },
            thenState(check: (after: State, events: readonly Event[]) => void): void {
              const events = decided();
              check(foldEvents(decider.evolve, events, state), events);
            },
            thenFails(code: DomainErrorCode, field?: string): void {
              expect(result).toBeInstanceOf(DomainError);
              const error = result as DomainError;
              expect(error.code).toBe(code);
              if (field !== undefined) expect(error.field).toBe(field);
            },
          };
        },
      };
    },
  };
}
