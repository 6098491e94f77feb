import { sameState } from '../shared/same-state';
import { OrderFill, mergeFillReports } from './order-fills';
import { OrderLifecycleEvent } from './order-lifecycle.events';
import { OrderSnapshotCore } from './order-status';
import { AnyOrderCoreState } from './order-core.state';
import { checkObservationIdentity, consequencesOfObservation } from './observation-consequences';
import { breakEvent } from './order-decision-support';

interface ObservationIds {
  readonly accountId: string;
  readonly symbol: string;
  readonly orderId: string;
  readonly clientOrderId: string | null;
}

/**
 * Decides what recording one order report means: nothing when it adds nothing (a
 * duplicate, or a report the lattice already dominates), otherwise the observation
 * event followed by its consequences.
 */
export function decideOrderReport<State extends AnyOrderCoreState, Observed>(
  state: State,
  snapshot: OrderSnapshotCore,
  observed: Observed,
  evolve: (state: State, event: Observed) => State,
  now: number,
): Array<Observed | OrderLifecycleEvent> {
  const mismatch = checkObservationIdentity(state, snapshot, now);
  if (mismatch !== null) return state.breaks[mismatch.data.breakId] === undefined ? [mismatch] : [];
  const after = evolve(state, observed);
  const consequences = consequencesOfObservation(
    state,
    after,
    snapshot,
    { source: snapshot.source, venueTime: snapshot.updateTime },
    now,
  );
  // A dominated report still counts as evidence when it contradicts what is known.
  if (consequences.length === 0 && sameState(after, state)) return [];
  return [observed, ...consequences];
}

/** The same for one fill report; two reports of one fill that disagree raise a break. */
export function decideFillReport<State extends AnyOrderCoreState, Observed>(
  state: State,
  ids: ObservationIds,
  fill: OrderFill,
  observed: Observed,
  evolve: (state: State, event: Observed) => State,
  now: number,
): Array<Observed | OrderLifecycleEvent> {
  const mismatch = checkObservationIdentity(state, ids, now);
  if (mismatch !== null) return state.breaks[mismatch.data.breakId] === undefined ? [mismatch] : [];
  const after = evolve(state, observed);
  const events: Array<Observed | OrderLifecycleEvent> = [];
  const existing = state.fills[fill.fillId];
  if (existing !== undefined && mergeFillReports(existing, fill).contradicts) {
    const contradiction = breakEvent(
      after,
      `fill-contradiction:${fill.fillId}`,
      'fill-contradiction',
      {
        price: existing.price,
        qty: existing.qty,
        fee: existing.fee ? `${existing.fee.amount} ${existing.fee.asset}` : null,
      },
      { price: fill.price, qty: fill.qty, fee: fill.fee ? `${fill.fee.amount} ${fill.fee.asset}` : null },
      now,
    );
    if (after.breaks[contradiction.data.breakId] === undefined) events.push(contradiction);
  }
  const [source] = fill.sources;
  events.push(...consequencesOfObservation(state, after, null, { source, venueTime: fill.time }, now));
  if (events.length === 0 && sameState(after, state)) return [];
  return [observed, ...events];
}
