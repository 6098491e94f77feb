import { canonicalJson } from '../shared/canonical-json';
import { assertNever } from '../shared/decider';
import { sourceRank } from '../observations/observation-source';
import { FuturesPositionObservation } from '../observations/futures-position-observed';
import { evolveSubmissionLifecycle } from '../orders/order-core.evolve';
import { compareText } from '../orders/order-status';
import { upsertSorted } from '../shared/sorted-by-time';
import {
  isAfterSettled,
  isAfterSettledFunding,
  replaceSettledFill,
  settleFill,
  settleFunding,
} from './position-totals';
import {
  FundingPayment,
  FuturesPositionEvent,
  FuturesPositionState,
  PositionFill,
} from './futures-position.types';

function laterPositionSnapshot(
  current: FuturesPositionObservation | null,
  incoming: FuturesPositionObservation,
): FuturesPositionObservation {
  if (current === null) return incoming;
  const order =
    incoming.updateTime - current.updateTime ||
    sourceRank(incoming.source) - sourceRank(current.source) ||
    compareText(canonicalJson(incoming), canonicalJson(current));
  return order > 0 ? incoming : current;
}

/**
 * The latest snapshot, and those of other contract figures with the same stamp (one per
 * figure, the latest by the same order): whatever order they arrive in, the same ones.
 */
function observePositionSnapshot(
  state: FuturesPositionState,
  incoming: FuturesPositionObservation,
): FuturesPositionState {
  const { venueSameTime, ...rest } = state;
  const current = state.venue;
  if (current !== null && incoming.updateTime < current.updateTime) return state;
  if (current === null || incoming.updateTime > current.updateTime) return { ...rest, venue: incoming };
  const byFigure = new Map<string, FuturesPositionObservation>();
  for (const snapshot of [current, ...(venueSameTime ?? []), incoming]) {
    byFigure.set(snapshot.position, laterPositionSnapshot(byFigure.get(snapshot.position) ?? null, snapshot));
  }
  const venue = laterPositionSnapshot(current, incoming);
  const others = [...byFigure.values()]
    .filter((snapshot) => snapshot.position !== venue.position)
    .sort((a, b) => compareText(a.position, b.position));
  return others.length === 0 ? { ...rest, venue } : { ...rest, venue, venueSameTime: others };
}

/**
 * Real fills a position keeps as fills (the rest are totals): enough for the stream's
 * and the poll's reports of recent fills, and late fills, to fold in their place.
 */
export const POSITION_FILL_WINDOW = 64;

/** Funding payments a position keeps as payments (three a day on this venue: three weeks). */
export const POSITION_FUNDING_WINDOW = 64;

/**
 * True when a funding payment cannot be told new or repeated from the state: it is not
 * among the payments kept and sorts no later than the settled funding. The caller then
 * passes the position's recorded payment of that id (`RecordFundingPayment.recorded`).
 */
export function fundingPaymentNeedsRecord(
  state: FuturesPositionState,
  payment: { readonly fundingId: string; readonly time: number },
): boolean {
  return (
    !state.funding.some((known) => known.fundingId === payment.fundingId) &&
    !isAfterSettledFunding(state.settled, payment)
  );
}

function recordFunding(state: FuturesPositionState, payment: FundingPayment): FuturesPositionState {
  if (!state.funding.some((known) => known.fundingId === payment.fundingId)) {
    if (!isAfterSettledFunding(state.settled, payment))
      return { ...state, settled: settleFunding(state.settled, payment) };
  }
  let funding = upsertSorted(state.funding, payment, fundingKey);
  let settled = state.settled;
  const overflow = funding.length - POSITION_FUNDING_WINDOW;
  for (let index = 0; index < overflow; index += 1) settled = settleFunding(settled, funding[index]);
  if (overflow > 0) funding = funding.slice(overflow);
  return { ...state, funding, settled };
}

/** A fill the state still holds (recent or inferred); settled fills are totals only. */
export function findFill(state: FuturesPositionState, fillId: string): PositionFill | undefined {
  return (
    state.recent.find((fill) => fill.fillId === fillId) ??
    state.inferred.find((fill) => fill.fillId === fillId)
  );
}

/**
 * True when a real fill's report cannot be told new or repeated from the state: it is
 * not among the fills kept and sorts no later than the settled totals. The caller then
 * passes the position's recorded report of it (`RecordPositionFill.recorded`).
 */
export function positionFillNeedsRecord(
  state: FuturesPositionState,
  fill: { readonly fillId: string; readonly time: number; readonly inferred: boolean },
): boolean {
  return !fill.inferred && findFill(state, fill.fillId) === undefined && !isAfterSettled(state.settled, fill);
}

function recordRealFill(
  state: FuturesPositionState,
  fill: PositionFill,
  replaces: PositionFill | null,
): FuturesPositionState {
  const inferred = state.inferred.some((known) => known.fillId === fill.fillId)
    ? state.inferred.filter((known) => known.fillId !== fill.fillId)
    : state.inferred;
  if (state.recent.some((known) => known.fillId === fill.fillId) || isAfterSettled(state.settled, fill)) {
    let recent = upsertSorted(state.recent, fill, fillKey);
    let settled = state.settled;
    const overflow = recent.length - POSITION_FILL_WINDOW;
    for (let index = 0; index < overflow; index += 1) settled = settleFill(settled, recent[index]);
    if (overflow > 0) recent = recent.slice(overflow);
    return { ...state, inferred, recent, settled };
  }
  return {
    ...state,
    inferred,
    settled:
      replaces === null ? settleFill(state.settled, fill) : replaceSettledFill(state.settled, replaces, fill),
  };
}

const fillKey = (fill: PositionFill) => ({ time: fill.time, id: fill.fillId });
const fundingKey = (payment: FundingPayment) => ({ time: payment.time, id: payment.fundingId });

/**
 * Order-independent while reports of a fill arrive before POSITION_FILL_WINDOW newer
 * fills have: fills and funding are sets keyed by venue id (the oldest real fills
 * settled into totals in (time, fillId) order), the snapshot is the latest by venue
 * time. A real fill replaces an inferred one of the same id.
 */
export function evolvePosition(
  state: FuturesPositionState,
  event: FuturesPositionEvent,
): FuturesPositionState {
  switch (event.type) {
    case 'PositionFillRecorded': {
      const { fill } = event.data;
      const keyed = {
        ...state,
        accountId: state.accountId ?? event.data.accountId,
        symbol: state.symbol ?? event.data.symbol,
        side: state.side ?? event.data.side,
      };
      if (!fill.inferred) return recordRealFill(keyed, fill, event.data.replaces);
      // A real report of the fill wins over an inferred one.
      if (state.recent.some((known) => known.fillId === fill.fillId)) return keyed;
      return { ...keyed, inferred: upsertSorted(state.inferred, fill, fillKey) };
    }
    case 'PositionFillRetired': {
      return { ...state, inferred: state.inferred.filter((fill) => fill.fillId !== event.data.fillId) };
    }
    case 'FuturesPositionObserved':
      return observePositionSnapshot(
        {
          ...state,
          accountId: state.accountId ?? event.data.accountId,
          symbol: state.symbol ?? event.data.symbol,
          side: state.side ?? event.data.side,
        },
        event.data,
      );
    case 'FundingPaymentRecorded':
      return recordFunding(state, event.data.payment);
    case 'ReconciliationBreakDetected':
    case 'ReconciliationBreakResolved':
      return evolveBreaks(state, event);
    default:
      return assertNever(event, 'position event');
  }
}

function evolveBreaks(
  state: FuturesPositionState,
  event: Extract<
    FuturesPositionEvent,
    { type: 'ReconciliationBreakDetected' | 'ReconciliationBreakResolved' }
  >,
): FuturesPositionState {
  const lifecycle = evolveSubmissionLifecycle(
    {
      clientOrderId: null,
      orderId: null,
      submission: { phase: 'none' },
      cancel: { phase: 'none' },
      breaks: state.breaks,
    },
    event,
  );
  return { ...state, breaks: lifecycle.breaks };
}
