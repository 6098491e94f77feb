import { Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';
import { FuturesFillObservation, futuresFillId } from '../observations/futures-fill-observed';
import { SpotFillObservation } from '../observations/spot-fill-observed';
import { AnyOrderCoreState, orderFillNeedsRecord } from '../orders/order-core.state';
import { OrderFill, mergeFillReports } from '../orders/order-fills';
import { ticketlessRowMatches } from '../futures-order/ticketless-fill-match';
import { futuresOrderFillOf } from '../futures-order/futures-order.decider';
import { spotOrderFillOf } from '../spot-order/spot-order.decider';

interface AnyEvent {
  readonly type: string;
  readonly data: unknown;
}

/** Every report of every fill in an order's events, merged per fill id (what the OMS looks up in the log). */
export function recordedFillsOf(events: readonly AnyEvent[]): Map<string, OrderFill> {
  const fills = new Map<string, OrderFill>();
  for (const event of events) {
    const fill =
      event.type === 'SpotFillObserved'
        ? spotOrderFillOf(event.data as SpotFillObservation)
        : event.type === 'FuturesFillObserved'
          ? futuresOrderFillOf(event.data as FuturesFillObservation)
          : null;
    if (fill === null) continue;
    const known = fills.get(fill.fillId);
    fills.set(fill.fillId, known === undefined ? fill : mergeFillReports(known, fill).fill);
  }
  return fills;
}

interface FillCommand {
  readonly type: string;
  readonly observation?: unknown;
}

/**
 * The fill command as the OMS sends it: with the order's recorded report of the fill
 * when the state cannot tell (a ticketless futures row: the recorded fill it matches).
 */
export function withRecordedFill<Command extends FillCommand>(
  state: AnyOrderCoreState,
  events: readonly AnyEvent[],
  command: Command,
): Command {
  if (command.type === 'RecordSpotFillObservation') {
    const observation = command.observation as SpotFillObservation;
    const report = { fillId: observation.ticketId, time: observation.tradeTime };
    if (!orderFillNeedsRecord(state, report)) return command;
    return { ...command, recorded: recordedFillsOf(events).get(report.fillId) ?? null };
  }
  if (command.type === 'RecordFuturesFillObservation') {
    const observation = command.observation as FuturesFillObservation;
    const report = { fillId: futuresFillId(observation), time: observation.tradeTime };
    if (!orderFillNeedsRecord(state, report)) return command;
    const recorded = recordedFillsOf(events);
    const byId = recorded.get(report.fillId);
    const matched =
      byId ??
      (observation.ticketId === null
        ? [...recorded.values()].find((fill) => ticketlessRowMatches(fill, observation))
        : undefined);
    return { ...command, recorded: matched ?? null };
  }
  return command;
}

/**
 * Folds commands like the OMS does (recorded reports looked up in the events so far,
 * starting from `from`); fails on a refusal. Returns the new events only.
 */
export function foldWithRecordedFills<Command extends FillCommand, Event extends AnyEvent, State>(
  decider: Decider<Command, Event, State>,
  commands: readonly Command[],
  from: { readonly state: State; readonly events: readonly Event[] } = {
    state: decider.initialState,
    events: [],
  },
): { readonly state: State; readonly events: readonly Event[] } {
  let state = from.state;
  const history: Event[] = [...from.events];
  const events: Event[] = [];
  for (const command of commands) {
    const decided = decider.decide(withRecordedFill(state as AnyOrderCoreState, history, command), state);
    if (decided instanceof DomainError) throw decided;
    for (const event of decided) {
      state = decider.evolve(state, event);
      history.push(event);
      events.push(event);
    }
  }
  return { state, events };
}
