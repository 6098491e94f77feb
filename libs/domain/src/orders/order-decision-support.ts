import { DomainError, DomainErrorCode, invalidField } from '../shared/domain-error';
import { ObservationSource } from '../observations/observation-source';
import {
  ReconciliationBreakDetected,
  SubmissionLifecycleEvent,
  SUBMISSION_LOOKUP_ANSWERS,
  SubmissionLookupAnswer,
  UNCERTAINTY_REASONS,
  UncertaintyReason,
} from './order-lifecycle.events';
import { OrderLifecycleState, VenueOrderFacts } from './order-core.state';

/** Checks and event builders shared by every order decision. */
export function breakEvent(
  state: { readonly clientOrderId: string | null; readonly orderId: string | null },
  breakId: string,
  kind: ReconciliationBreakDetected['data']['kind'],
  oms: ReconciliationBreakDetected['data']['oms'],
  venue: ReconciliationBreakDetected['data']['venue'],
  now: number,
): ReconciliationBreakDetected {
  const scope = state.clientOrderId ?? state.orderId ?? 'order';
  return {
    type: 'ReconciliationBreakDetected',
    schemaVersion: 1,
    data: { breakId: `${scope}:${breakId}`, kind, oms, venue, detectedAt: now },
  };
}

/**
 * When a resolution happened and how long it took since the OMS started waiting. `now`
 * is the venue's time when a venue report resolves it, and the venue's clock may run a
 * little behind the OMS's: a report stamped before the wait began resolved it at once.
 */
export function resolutionTiming(since: number, now: number): { resolvedAt: number; tookMs: number } {
  return { resolvedAt: Math.max(now, since), tookMs: Math.max(0, now - since) };
}

export function foundBy(
  state: { readonly clientOrderId: string | null; readonly orderId: string | null },
  evidence: { readonly source: ObservationSource; readonly venueTime: number },
  now: number,
  uncertainSince: number,
): SubmissionLifecycleEvent {
  const source = evidence.source;
  const venueUpdateTime = evidence.venueTime;
  return {
    type: 'OrderSubmissionResolved',
    schemaVersion: 1,
    data: {
      clientOrderId: requireClientOrderId(state),
      outcome: 'found',
      orderId: state.orderId,
      evidence: { kind: 'observation', source, venueUpdateTime },
      uncertainSince,
      ...resolutionTiming(uncertainSince, now),
    },
  };
}

export function requireLive(state: OrderLifecycleState, venue: VenueOrderFacts): void {
  const submission = state.submission;
  if (venue.terminal) {
    throw new DomainError(
      DomainErrorCode.OrderAlreadyTerminal,
      `the order is already ${venue.status ?? 'closed'}`,
    );
  }
  // A submission still awaiting its answer may be at the venue already (the answer is
  // what is late): it is cancelled by its client id, as an uncertain one is.
  const placed =
    venue.known ||
    submission.phase === 'requested' ||
    submission.phase === 'accepted' ||
    submission.phase === 'uncertain' ||
    (submission.phase === 'resolved' && submission.outcome === 'found');
  if (!placed) {
    throw new DomainError(
      DomainErrorCode.OrderNotLive,
      `the order is not live (submission ${submission.phase})`,
    );
  }
}

export function requirePendingCancel(state: OrderLifecycleState): { readonly requestedAt: number } {
  if (state.cancel.phase !== 'requested' && state.cancel.phase !== 'uncertain') {
    throw new DomainError(
      DomainErrorCode.NoCancelPending,
      `no cancel is pending (cancel ${state.cancel.phase})`,
    );
  }
  return state.cancel;
}

export function requireClientOrderId(state: { readonly clientOrderId: string | null }): string {
  if (state.clientOrderId === null) {
    throw new DomainError(DomainErrorCode.OrderUnknown, 'the order has no clientOrderId');
  }
  return state.clientOrderId;
}

export function notPending(phase: string): DomainError {
  return new DomainError(
    DomainErrorCode.SubmissionNotPending,
    `the submission is ${phase}, not awaiting an answer`,
  );
}

export function anotherStream(
  state: { readonly clientOrderId: string | null; readonly orderId: string | null },
  orderId: string,
): DomainError {
  return new DomainError(
    DomainErrorCode.ObservationForAnotherStream,
    `observation of order ${orderId} does not belong to order ${state.orderId ?? state.clientOrderId ?? '?'}`,
    'observation.orderId',
  );
}

export function requireTime(now: unknown, field = 'now'): number {
  if (typeof now !== 'number' || !Number.isSafeInteger(now) || now < 0) {
    throw invalidField(field, 'must be a millisecond timestamp');
  }
  return now;
}

export function requireText(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '')
    throw invalidField(field, 'must be a non-empty string');
  return value;
}

/** Free text from the venue or a desk: may be empty, must be a string. */
export function requireString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw invalidField(field, 'must be a string');
  return value;
}

export function optionalString(value: unknown, field: string): string | null {
  return value === null || value === undefined ? null : requireString(value, field);
}

export function requireLookupAnswer(value: unknown): SubmissionLookupAnswer {
  if (typeof value !== 'string' || !(SUBMISSION_LOOKUP_ANSWERS as readonly string[]).includes(value)) {
    throw invalidField('answer', `must be one of ${SUBMISSION_LOOKUP_ANSWERS.join(', ')}`);
  }
  return value as SubmissionLookupAnswer;
}

/** A number of lookups: a positive integer. */
export function requireLookupCount(value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    throw invalidField('lookups', 'must be a positive integer');
  }
  return value;
}

export function requireUncertaintyReason(value: unknown): UncertaintyReason {
  if (typeof value !== 'string' || !(UNCERTAINTY_REASONS as readonly string[]).includes(value)) {
    throw invalidField('reason', `must be one of ${UNCERTAINTY_REASONS.join(', ')}`);
  }
  return value as UncertaintyReason;
}
