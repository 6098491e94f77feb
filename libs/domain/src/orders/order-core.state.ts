import { InferredFill, OrderFill } from './order-fills';
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
 * lifecycle, the winning venue snapshot, monotone cumulative quantities, fills keyed
 * by venue fill id, inferred fills still uncovered, and reconciliation breaks.
 * Everything is plain JSON data so the state can be hashed and snapshotted.
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
  readonly fills: Readonly<Record<string, OrderFill>>;
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
    fills: {},
    inferredFills: {},
    breaks: {},
  };
}

/** True once the venue has reported the order in any way. */
export function venueKnowsOrder(state: AnyOrderCoreState): boolean {
  return state.venue !== null || Object.keys(state.fills).length > 0;
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
