import { Dec } from '../shared/decimal';
import { InferredFill, OrderFill } from './order-fills';
import { compareByTimeThenId } from '../shared/sorted-by-time';
import {
  EMPTY_ORDER_FILL_TOTALS,
  FILL_REPORT_SKEW_MS,
  ORDER_FILL_WINDOW,
  OrderFillTotals,
  isAfterSettledFills,
} from './order-fill-totals';
import { OrderSnapshotCore } from './order-status';
import { ReconciliationBreak } from './reconciliation-break';
import { CancelOutcome, UncertaintyReason } from './order-lifecycle.events';
import { ObservationSource } from '../observations/observation-source';
import { isTerminalStatus } from './order-status';

/** Where the OMS's own request stands. `none`: the order was discovered on the venue. */
export type SubmissionState =
  | { readonly phase: 'none' }
  | { readonly phase: 'requested'; readonly actor: string; readonly requestedAt: number }
  | {
      readonly phase: 'accepted';
      readonly actor: string;
      readonly requestedAt: number;
      readonly acceptedAt: number;
    }
  | {
      readonly phase: 'rejected';
      readonly actor: string;
      readonly requestedAt: number;
      readonly rejectedAt: number;
      readonly venueCode: string;
      readonly venueMessage: string;
    }
  | {
      readonly phase: 'uncertain';
      readonly actor: string;
      readonly requestedAt: number;
      readonly uncertainSince: number;
      readonly reason: UncertaintyReason;
      /** Lookups by client id so far that learned nothing certain. */
      readonly lookups: number;
    }
  | {
      readonly phase: 'resolved';
      readonly outcome: 'found' | 'absent';
      readonly actor: string;
      readonly requestedAt: number;
      readonly uncertainSince: number;
      readonly resolvedAt: number;
    };

export type CancelState =
  | { readonly phase: 'none' }
  | {
      readonly phase: 'requested';
      readonly actor: string;
      readonly requestedAt: number;
      readonly acknowledgedAt: number | null;
    }
  | {
      readonly phase: 'uncertain';
      readonly actor: string;
      readonly requestedAt: number;
      readonly uncertainSince: number;
      readonly reason: UncertaintyReason;
    }
  | {
      readonly phase: 'resolved';
      /** Who requested the cancel; null when no request of it was recorded. */
      readonly actor: string | null;
      readonly requestedAt: number;
      readonly outcome: CancelOutcome;
      readonly resolvedAt: number;
    };

/** The part of an order's state the OMS lifecycle (submission, cancel, breaks) works on. */
export interface OrderLifecycleState {
  readonly clientOrderId: string | null;
  readonly orderId: string | null;
  readonly submission: SubmissionState;
  readonly cancel: CancelState;
  readonly breaks: Readonly<Record<string, ReconciliationBreak>>;
}

/** What the venue has said about an order, as far as the lifecycle needs it. */
export interface VenueOrderFacts {
  readonly known: boolean;
  readonly status: string | null;
  readonly terminal: boolean;
  readonly source: ObservationSource | null;
  readonly updateTime: number | null;
}

/**
 * What spot and futures limit orders share: identities, the OMS request and its
 * lifecycle, the winning venue snapshot, monotone cumulative quantities, the newest
 * fills and totals of the older ones, inferred fills still uncovered, and
 * reconciliation breaks. Everything is plain JSON data so the state can be hashed and
 * snapshotted, and its size does not grow with the order's fills.
 */
export interface OrderCoreState<Request, Snapshot extends OrderSnapshotCore> {
  readonly accountId: string | null;
  readonly symbol: string | null;
  readonly clientOrderId: string | null;
  readonly orderId: string | null;
  readonly request: Request | null;
  readonly submission: SubmissionState;
  readonly cancel: CancelState;
  /** The highest venue report in the status lattice (see compareSnapshots). */
  readonly venue: Snapshot | null;
  /** Never decreases. */
  readonly executedQty: string;
  /** Never decreases; null until a report carries it. */
  readonly cumulativeQuoteQty: string | null;
  /**
   * The newest real fills (at most ORDER_FILL_WINDOW), sorted by (time, fillId): a late
   * report among them is folded in its place, and a repeated one is merged.
   */
  readonly recentFills: readonly OrderFill[];
  /** Every real fill before `recentFills`, as totals. */
  readonly settledFills: OrderFillTotals;
  readonly inferredFills: Readonly<Record<string, InferredFill>>;
  readonly breaks: Readonly<Record<string, ReconciliationBreak>>;
}

export type AnyOrderCoreState = OrderCoreState<unknown, OrderSnapshotCore>;

export function initialOrderCoreState<Request, Snapshot extends OrderSnapshotCore>(): OrderCoreState<
  Request,
  Snapshot
> {
  return {
    accountId: null,
    symbol: null,
    clientOrderId: null,
    orderId: null,
    request: null,
    submission: { phase: 'none' },
    cancel: { phase: 'none' },
    venue: null,
    executedQty: '0',
    cumulativeQuoteQty: null,
    recentFills: [],
    settledFills: EMPTY_ORDER_FILL_TOTALS,
    inferredFills: {},
    breaks: {},
  };
}

/** A real fill the order still keeps; undefined when unknown or settled into the totals. */
export function findRecentFill(state: AnyOrderCoreState, fillId: string): OrderFill | undefined {
  return state.recentFills.find((fill) => fill.fillId === fillId);
}

/** What every real fill of the order adds up to: the totals plus the fills kept. */
export interface RealFillFigures {
  readonly count: number;
  readonly qty: Dec;
  readonly quote: Dec;
  /** The earliest fill time; null before any fill. */
  readonly firstTime: number | null;
}

export function realFillFigures(state: AnyOrderCoreState): RealFillFigures {
  let qty = new Dec(state.settledFills.qty);
  for (const fill of state.recentFills) qty = qty.plus(fill.qty);
  let quote: Dec | undefined;
  return {
    count: state.settledFills.count + state.recentFills.length,
    qty,
    // Only an inferred fill's price needs the quote value: most reports never read it.
    get quote(): Dec {
      quote ??= realFillQuote(state);
      return quote;
    },
    firstTime: firstFillTime(state),
  };
}

function realFillQuote(state: AnyOrderCoreState): Dec {
  let quote = new Dec(state.settledFills.quote);
  for (const fill of state.recentFills) quote = quote.plus(new Dec(fill.price).times(fill.qty));
  return quote;
}

/** The earliest real fill's time; null before any fill. */
export function firstFillTime(state: AnyOrderCoreState): number | null {
  let first = state.settledFills.firstTime;
  for (const fill of state.recentFills) first = first === null ? fill.time : Math.min(first, fill.time);
  return first;
}

export function hasRealFills(state: AnyOrderCoreState): boolean {
  return state.recentFills.length > 0 || state.settledFills.count > 0;
}

/**
 * True when a fill report cannot be told new or repeated from the state: it is not
 * among the fills kept, and it is timed no later than FILL_REPORT_SKEW_MS after the
 * settled fills (a settled fill's other report may carry a slightly later time). The
 * caller then passes the order's recorded report of that fill (`recorded` of the
 * fill observation command), or null when there is none.
 */
export function orderFillNeedsRecord(
  state: AnyOrderCoreState,
  report: { readonly fillId: string; readonly time: number },
): boolean {
  const through = state.settledFills.through;
  return (
    through !== null &&
    report.time - FILL_REPORT_SKEW_MS <= through.time &&
    findRecentFill(state, report.fillId) === undefined
  );
}

/**
 * True when a new fill belongs among the fills kept: it sorts after the totals, and
 * after the oldest kept fill once the window is full. Its observation event keeps it;
 * any other new fill is placed by an OrderFillSettled event.
 */
export function sortsAmongKeptFills(
  state: AnyOrderCoreState,
  fill: { readonly fillId: string; readonly time: number },
): boolean {
  if (!isAfterSettledFills(state.settledFills, fill)) return false;
  const oldest = state.recentFills[0];
  return (
    state.recentFills.length < ORDER_FILL_WINDOW ||
    compareByTimeThenId({ time: fill.time, id: fill.fillId }, { time: oldest.time, id: oldest.fillId }) > 0
  );
}

/** True once the venue has reported the order in any way. */
export function venueKnowsOrder(state: AnyOrderCoreState): boolean {
  return state.venue !== null || hasRealFills(state);
}

export function orderVenueFacts(state: AnyOrderCoreState): VenueOrderFacts {
  const venue = state.venue;
  return {
    known: venueKnowsOrder(state),
    status: venue?.status ?? null,
    terminal: venue !== null && isTerminalStatus(venue.status),
    source: venue?.source ?? null,
    updateTime: venue?.updateTime ?? null,
  };
}
