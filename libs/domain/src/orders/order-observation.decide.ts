import { canonicalJson } from '../shared/canonical-json';
import { invalidField } from '../shared/domain-error';
import { sameState } from '../shared/same-state';
import { OrderFill, mergeFillReports, readOrderFill } from './order-fills';
import { OrderFillSettled, OrderLifecycleEvent } from './order-lifecycle.events';
import { OrderSnapshotCore } from './order-status';
import {
  AnyOrderCoreState,
  findRecentFill,
  orderFillNeedsRecord,
  sortsAmongKeptFills,
} from './order-core.state';
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

/**
 * The same for one fill report; two reports of one fill that disagree raise a break. A
 * report the state cannot tell new or repeated (see orderFillNeedsRecord) is decided
 * with `recorded`, the order's recorded report of that fill (null: none), and is
 * followed by the OrderFillSettled event that places it.
 */
export function decideFillReport<State extends AnyOrderCoreState, Observed>(
  state: State,
  ids: ObservationIds,
  fill: OrderFill,
  observed: Observed,
  recorded: unknown,
  evolve: (state: State, event: Observed | OrderFillSettled) => State,
  now: number,
): Array<Observed | OrderLifecycleEvent> {
  const mismatch = checkObservationIdentity(state, ids, now);
  if (mismatch !== null) return state.breaks[mismatch.data.breakId] === undefined ? [mismatch] : [];
  let existing = findRecentFill(state, fill.fillId);
  let settled: OrderFillSettled | null = null;
  if (existing === undefined && orderFillNeedsRecord(state, fill)) {
    existing = recordedFill(fill.fillId, recorded) ?? undefined;
    if (existing !== undefined) {
      const merge = mergeFillReports(existing, fill);
      // A repeat that adds nothing; folding its observation alone might keep it as new.
      if (!merge.contradicts && canonicalJson(merge.fill) === canonicalJson(existing)) return [];
      settled = settledEvent(merge.fill, existing);
    }
  }
  if (existing === undefined && !sortsAmongKeptFills(state, fill)) settled = settledEvent(fill, null);
  const observedState = evolve(state, observed);
  const after = settled === null ? observedState : evolve(observedState, settled);
  const events: Array<Observed | OrderLifecycleEvent> = settled === null ? [] : [settled];
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

function settledEvent(fill: OrderFill, replaces: OrderFill | null): OrderFillSettled {
  return { type: 'OrderFillSettled', schemaVersion: 1, data: { fill, replaces } };
}

/** The caller's recorded report of a fill the state cannot place on its own. */
function recordedFill(fillId: string, recorded: unknown): OrderFill | null {
  if (recorded === undefined) {
    throw invalidField(
      'recorded',
      `is needed for fill ${fillId}: it is older than the fills the order keeps`,
    );
  }
  if (recorded === null) return null;
  const fill = readOrderFill(recorded, 'recorded');
  if (fill.fillId !== fillId) throw invalidField('recorded', `is not fill ${fillId}`);
  return fill;
}
