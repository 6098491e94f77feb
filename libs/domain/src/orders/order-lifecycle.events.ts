import { DomainEvent } from '../shared/domain-event';
import { ObservationSource } from '../observations/observation-source';
import { InferredFill, OrderFill } from './order-fills';
import { BreakFacts, ReconciliationBreakKind } from './reconciliation-break';

/**
 * Events the OMS itself records about an order, shared by spot, futures and futures
 * stop orders. The product-specific request travels in OrderSubmissionRequested.
 */
export type OrderSubmissionRequested<Request> = DomainEvent<
  'OrderSubmissionRequested',
  1,
  {
    readonly clientOrderId: string;
    /** The desk user or system that asked for the order. */
    readonly actor: string;
    readonly requestedAt: number;
    readonly request: Request;
  }
>;

export type OrderAccepted = DomainEvent<
  'OrderAccepted',
  1,
  { readonly clientOrderId: string; readonly orderId: string; readonly acceptedAt: number }
>;

export type OrderRejected = DomainEvent<
  'OrderRejected',
  1,
  {
    readonly clientOrderId: string;
    /** The venue's `code`, as text ("-1133", "0001"); codes arrive as strings or numbers. */
    readonly venueCode: string;
    readonly venueMessage: string;
    readonly rejectedAt: number;
  }
>;

/**
 * Why the outcome of a write is unknown (the seeds' 5XX rule). The same words as
 * libs/exchange's `UncertainOutcome.reason`, so the command side passes the exchange's
 * reason through unchanged: one vocabulary for the seam.
 */
export const UNCERTAINTY_REASONS = [
  'http-5xx',
  'timeout',
  'connection-lost',
  'venue-status-unknown',
  'unreadable-response',
] as const;
export type UncertaintyReason = (typeof UNCERTAINTY_REASONS)[number];

export type OrderSubmissionUncertain = DomainEvent<
  'OrderSubmissionUncertain',
  1,
  {
    readonly clientOrderId: string;
    readonly reason: UncertaintyReason;
    readonly detail: string;
    readonly at: number;
  }
>;

/** What a lookup by client id of an order whose placement is uncertain learned: nothing certain. */
export const SUBMISSION_LOOKUP_ANSWERS = ['not-found', 'unavailable'] as const;
export type SubmissionLookupAnswer = (typeof SUBMISSION_LOOKUP_ANSWERS)[number];

/**
 * The OMS looked the uncertain order up at the venue: the venue did not have it (yet),
 * or gave no answer. A lookup that finds the order records the venue's report instead.
 */
export type OrderSubmissionLookedUp = DomainEvent<
  'OrderSubmissionLookedUp',
  1,
  {
    readonly answer: SubmissionLookupAnswer;
    readonly at: number;
    /** Lookups with this answer the record stands for; events recorded before it had one count 1. */
    readonly lookups?: number;
  }
>;

export type SubmissionEvidence =
  | {
      /** The venue reported the order (stream, poll or lookup by clientOrderId). */
      readonly kind: 'observation';
      readonly source: ObservationSource;
      readonly venueUpdateTime: number;
    }
  | {
      /** Repeated lookups by clientOrderId said "not found" for the whole window. */
      readonly kind: 'lookups-not-found';
      readonly lookups: number;
      readonly venueCode: string | null;
      readonly venueMessage: string | null;
    };

export type OrderSubmissionResolved = DomainEvent<
  'OrderSubmissionResolved',
  1,
  {
    readonly clientOrderId: string;
    readonly outcome: 'found' | 'absent';
    readonly orderId: string | null;
    readonly evidence: SubmissionEvidence;
    readonly uncertainSince: number;
    readonly resolvedAt: number;
    /** resolvedAt - uncertainSince, in milliseconds. */
    readonly tookMs: number;
  }
>;

export type OrderCancelRequested = DomainEvent<
  'OrderCancelRequested',
  1,
  { readonly actor: string; readonly requestedAt: number }
>;

/** The venue answered the cancel; the answer may still say NEW, so nothing is canceled yet. */
export type OrderCancelAcknowledged = DomainEvent<
  'OrderCancelAcknowledged',
  1,
  { readonly acknowledgedAt: number }
>;

export type OrderCancelUncertain = DomainEvent<
  'OrderCancelUncertain',
  1,
  { readonly reason: UncertaintyReason; readonly detail: string; readonly at: number }
>;

export const CANCEL_OUTCOMES = ['canceled', 'completed-before-cancel', 'rejected', 'not-canceled'] as const;
export type CancelOutcome = (typeof CANCEL_OUTCOMES)[number];

export type OrderCancelResolved = DomainEvent<
  'OrderCancelResolved',
  1,
  {
    readonly outcome: CancelOutcome;
    /** The venue status that settled it, or the venue error of a refused cancel. */
    readonly evidence: string;
    readonly requestedAt: number;
    readonly resolvedAt: number;
    readonly tookMs: number;
  }
>;

export type OrderFillInferred = DomainEvent<'OrderFillInferred', 1, { readonly fill: InferredFill }>;

export type InferredFillRetired = DomainEvent<
  'InferredFillRetired',
  1,
  { readonly fillId: string; readonly realFilledQty: string }
>;

/**
 * A fill report its observation event cannot place on its own: the fill merged with the
 * order's recorded report of a fill the order keeps as totals only (`replaces`, taken
 * out of the totals), or a new fill older than the fills kept (`replaces` null). Follows
 * the report's observation event.
 */
export type OrderFillSettled = DomainEvent<
  'OrderFillSettled',
  1,
  { readonly fill: OrderFill; readonly replaces: OrderFill | null }
>;

export type ReconciliationBreakDetected = DomainEvent<
  'ReconciliationBreakDetected',
  1,
  {
    readonly breakId: string;
    readonly kind: ReconciliationBreakKind;
    readonly oms: BreakFacts;
    readonly venue: BreakFacts;
    readonly detectedAt: number;
  }
>;

export type ReconciliationBreakResolved = DomainEvent<
  'ReconciliationBreakResolved',
  1,
  { readonly breakId: string; readonly actor: string; readonly note: string; readonly resolvedAt: number }
>;

/** The lifecycle events every order aggregate (stop orders included) handles the same way. */
export type SubmissionLifecycleEvent =
  | OrderAccepted
  | OrderRejected
  | OrderSubmissionUncertain
  | OrderSubmissionLookedUp
  | OrderSubmissionResolved
  | OrderCancelRequested
  | OrderCancelAcknowledged
  | OrderCancelUncertain
  | OrderCancelResolved
  | ReconciliationBreakDetected
  | ReconciliationBreakResolved;

export type InferredFillEvent = OrderFillInferred | InferredFillRetired;

/** Lifecycle events of orders that fill (spot and futures limit orders). */
export type OrderLifecycleEvent = SubmissionLifecycleEvent | InferredFillEvent | OrderFillSettled;
