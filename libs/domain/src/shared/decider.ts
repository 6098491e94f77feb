import { DomainError } from './domain-error';

/**
 * One aggregate's behaviour: `decide` turns a command into the events it causes (or a
 * refusal), `evolve` folds one event into the state. Both are pure; time and lookups
 * arrive inside commands or through the decider's factory.
 */
export interface Decider<Command, Event, State> {
  readonly initialState: State;
  // Function-valued properties, so `decider.evolve` can be handed to reduce() unbound.
  readonly decide: (command: Command, state: State) => readonly Event[] | DomainError;
  readonly evolve: (state: State, event: Event) => State;
}

export function foldEvents<Event, State>(
  evolve: (state: State, event: Event) => State,
  events: readonly Event[],
  from: State,
): State {
  let state = from;
  for (const event of events) state = evolve(state, event);
  return state;
}

/**
 * Decides and folds a sequence of commands the way the OMS handler does (load, decide,
 * append, evolve), stopping at the first refusal. Used by specs, replays and benchmarks.
 */
export function runCommands<Command, Event, State>(
  decider: Decider<Command, Event, State>,
  commands: readonly Command[],
  from: State = decider.initialState,
): { readonly state: State; readonly events: readonly Event[]; readonly refusal: DomainError | null } {
  let state = from;
  const events: Event[] = [];
  for (const command of commands) {
    const decided = decider.decide(command, state);
    if (decided instanceof DomainError) return { state, events, refusal: decided };
    for (const event of decided) {
      state = decider.evolve(state, event);
      events.push(event);
    }
  }
  return { state, events, refusal: null };
}

export function assertNever(value: never, what: string): never {
  throw new TypeError(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
