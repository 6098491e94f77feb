import { maxDecimal } from '../shared/decimal';
import { assertNever } from '../shared/decider';
import { upsertSorted } from '../shared/sorted-by-time';
import {
  InferredFillEvent,
  OrderFillSettled,
  OrderLifecycleEvent,
  SubmissionLifecycleEvent,
} from './order-lifecycle.events';
import { OrderFill, mergeFillReports } from './order-fills';
import {
  ORDER_FILL_WINDOW,
  isAfterSettledFills,
  settleOrderFill,
  unsettleOrderFill,
} from './order-fill-totals';
import { OrderSnapshotCore, laterSnapshot } from './order-status';
import { OrderCoreState, OrderLifecycleState, sortsAmongKeptFills } from './order-core.state';

type State<R, S extends OrderSnapshotCore> = OrderCoreState<R, S>;

/** Folds one venue report: identities fill in, the lattice keeps the maximum. */
export function foldOrderSnapshot<R, S extends OrderSnapshotCore>(
  state: State<R, S>,
  snapshot: S,
): State<R, S> {
  return {
    ...state,
    accountId: state.accountId ?? snapshot.accountId,
    symbol: state.symbol ?? snapshot.symbol,
    orderId: state.orderId ?? snapshot.orderId,
    clientOrderId: state.clientOrderId ?? snapshot.clientOrderId,
    venue: laterSnapshot(state.venue, snapshot),
    executedQty: maxDecimal(state.executedQty, snapshot.executedQty),
    cumulativeQuoteQty:
      snapshot.cumulativeQuoteQty === null
        ? state.cumulativeQuoteQty
        : state.cumulativeQuoteQty === null
          ? snapshot.cumulativeQuoteQty
          : maxDecimal(state.cumulativeQuoteQty, snapshot.cumulativeQuoteQty),
  };
}

/**
 * Folds one fill report: counted once per fill id, whichever source saw it first. A
 * report of a kept fill merges into it; a report sorting among the kept fills (see
 * sortsAmongKeptFills) is a new fill, kept (the oldest kept fill beyond the window goes
 * into the totals); any other report is placed by the OrderFillSettled event its
 * decision adds, since only the order's recorded report of it tells a settled fill
 * from a new one.
 */
export function foldOrderFill<R, S extends OrderSnapshotCore>(
  state: State<R, S>,
  ids: {
    readonly accountId: string;
    readonly symbol: string;
    readonly orderId: string;
    readonly clientOrderId: string | null;
  },
  fill: OrderFill,
): State<R, S> {
  const keyed = {
    ...state,
    accountId: state.accountId ?? ids.accountId,
    symbol: state.symbol ?? ids.symbol,
    orderId: state.orderId ?? ids.orderId,
    clientOrderId: state.clientOrderId ?? ids.clientOrderId,
  };
  const existing = state.recentFills.find((known) => known.fillId === fill.fillId);
  if (existing !== undefined) {
    return {
      ...keyed,
      recentFills: upsertSorted(state.recentFills, mergeFillReports(existing, fill).fill, fillKey),
    };
  }
  return sortsAmongKeptFills(state, fill) ? keepFill(keyed, fill) : keyed;
}

const fillKey = (fill: OrderFill) => ({ time: fill.time, id: fill.fillId });

/** Adds a new fill to the kept ones; the oldest beyond the window are settled into the totals. */
function keepFill<R, S extends OrderSnapshotCore>(state: State<R, S>, fill: OrderFill): State<R, S> {
  let recentFills = upsertSorted(state.recentFills, fill, fillKey);
  let settledFills = state.settledFills;
  const overflow = recentFills.length - ORDER_FILL_WINDOW;
  for (let index = 0; index < overflow; index += 1)
    settledFills = settleOrderFill(settledFills, recentFills[index]);
  if (overflow > 0) recentFills = recentFills.slice(overflow);
  return { ...state, recentFills, settledFills };
}

/**
 * Places a fill its decision settled: the earlier report it replaces leaves the totals,
 * and a kept report of it is the one its observation event just kept (a report timed
 * after the totals by another source's clock; the decision adds this event only for a
 * fill not kept before), so it is dropped too. The fill kept in its place was settled
 * when that report came in, so the window is one short until the next new fill.
 */
function settleReportedFill<R, S extends OrderSnapshotCore>(
  state: State<R, S>,
  event: OrderFillSettled,
): State<R, S> {
  const { fill, replaces } = event.data;
  const without: State<R, S> = {
    ...state,
    recentFills: state.recentFills.some((known) => known.fillId === fill.fillId)
      ? state.recentFills.filter((known) => known.fillId !== fill.fillId)
      : state.recentFills,
    settledFills: replaces === null ? state.settledFills : unsettleOrderFill(state.settledFills, replaces),
  };
  return isAfterSettledFills(without.settledFills, fill)
    ? keepFill(without, fill)
    : { ...without, settledFills: settleOrderFill(without.settledFills, fill) };
}

/** Folds a lifecycle event of an order that fills (spot, futures limit). */
export function evolveOrderLifecycle<R, S extends OrderSnapshotCore>(
  state: State<R, S>,
  event: OrderLifecycleEvent,
): State<R, S> {
  if (event.type === 'OrderFillSettled') return settleReportedFill(state, event);
  return event.type === 'OrderFillInferred' || event.type === 'InferredFillRetired'
    ? evolveInferredFills(state, event)
    : evolveSubmissionLifecycle(state, event);
}

function evolveInferredFills<R, S extends OrderSnapshotCore>(
  state: State<R, S>,
  event: InferredFillEvent,
): State<R, S> {
  switch (event.type) {
    case 'OrderFillInferred':
      return {
        ...state,
        inferredFills: { ...state.inferredFills, [event.data.fill.fillId]: event.data.fill },
      };
    case 'InferredFillRetired': {
      const { [event.data.fillId]: _retired, ...remaining } = state.inferredFills;
      return { ...state, inferredFills: remaining };
    }
    default:
      return assertNever(event, 'inferred fill event');
  }
}

/** Folds the submission, cancel and break events every order aggregate shares. */
export function evolveSubmissionLifecycle<St extends OrderLifecycleState>(
  state: St,
  event: SubmissionLifecycleEvent,
): St {
  const submission = state.submission;
  switch (event.type) {
    case 'OrderAccepted':
      return {
        ...state,
        orderId: state.orderId ?? event.data.orderId,
        submission:
          submission.phase === 'requested'
            ? { ...submission, phase: 'accepted', acceptedAt: event.data.acceptedAt }
            : submission,
      };
    case 'OrderRejected':
      return submission.phase === 'requested'
        ? {
            ...state,
            submission: {
              phase: 'rejected',
              actor: submission.actor,
              requestedAt: submission.requestedAt,
              rejectedAt: event.data.rejectedAt,
              venueCode: event.data.venueCode,
              venueMessage: event.data.venueMessage,
            },
          }
        : state;
    case 'OrderSubmissionUncertain':
      return submission.phase === 'requested'
        ? {
            ...state,
            submission: {
              phase: 'uncertain',
              actor: submission.actor,
              requestedAt: submission.requestedAt,
              uncertainSince: event.data.at,
              reason: event.data.reason,
              lookups: 0,
            },
          }
        : state;
    case 'OrderSubmissionLookedUp':
      return submission.phase === 'uncertain'
        ? {
            ...state,
            submission: { ...submission, lookups: submission.lookups + (event.data.lookups ?? 1) },
          }
        : state;
    case 'OrderSubmissionResolved':
      return submission.phase === 'uncertain'
        ? {
            ...state,
            orderId: state.orderId ?? event.data.orderId,
            submission: {
              phase: 'resolved',
              outcome: event.data.outcome,
              actor: submission.actor,
              requestedAt: submission.requestedAt,
              uncertainSince: submission.uncertainSince,
              resolvedAt: event.data.resolvedAt,
            },
          }
        : state;
    case 'OrderCancelRequested':
      return {
        ...state,
        cancel: {
          phase: 'requested',
          actor: event.data.actor,
          requestedAt: event.data.requestedAt,
          acknowledgedAt: null,
        },
      };
    case 'OrderCancelAcknowledged':
      return state.cancel.phase === 'requested'
        ? { ...state, cancel: { ...state.cancel, acknowledgedAt: event.data.acknowledgedAt } }
        : state;
    case 'OrderCancelUncertain':
      return state.cancel.phase === 'requested'
        ? {
            ...state,
            cancel: {
              phase: 'uncertain',
              actor: state.cancel.actor,
              requestedAt: state.cancel.requestedAt,
              uncertainSince: event.data.at,
              reason: event.data.reason,
            },
          }
        : state;
    case 'OrderCancelResolved':
      return {
        ...state,
        cancel: {
          phase: 'resolved',
          // The last request's actor, as a replay of the stream finds it.
          actor: state.cancel.phase === 'none' ? null : state.cancel.actor,
          requestedAt: event.data.requestedAt,
          outcome: event.data.outcome,
          resolvedAt: event.data.resolvedAt,
        },
      };
    case 'ReconciliationBreakDetected':
      if (state.breaks[event.data.breakId] !== undefined) return state;
      return {
        ...state,
        breaks: { ...state.breaks, [event.data.breakId]: { ...event.data, resolution: null } },
      };
    case 'ReconciliationBreakResolved': {
      const existing = state.breaks[event.data.breakId];
      if (existing === undefined) return state;
      const { actor, note, resolvedAt } = event.data;
      return {
        ...state,
        breaks: {
          ...state.breaks,
          [event.data.breakId]: { ...existing, resolution: { actor, note, resolvedAt } },
        },
      };
    }
    default:
      return assertNever(event, 'order lifecycle event');
  }
}

export function fillFromReport(report: {
  readonly fillId: string;
  readonly price: string;
  readonly qty: string;
  readonly fee: OrderFill['fee'];
  readonly isMaker: boolean | null;
  readonly time: number;
  readonly realizedPnl: string | null;
  readonly source: OrderFill['sources'][number];
}): OrderFill {
  return {
    fillId: report.fillId,
    price: report.price,
    qty: report.qty,
    fee: report.fee,
    isMaker: report.isMaker,
    time: report.time,
    realizedPnl: report.realizedPnl,
    sources: [report.source],
  };
}
