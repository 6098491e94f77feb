import { canonicalJson } from '../shared/canonical-json';
import { compareDecimals, isPositive } from '../shared/decimal';
import { assertNever } from '../shared/decider';
import { DomainError, DomainErrorCode, invalidField } from '../shared/domain-error';
import { ObservationSource } from '../observations/observation-source';
import { OrderLifecycleCommand } from './order-lifecycle.commands';
import {
  OrderLifecycleEvent,
  ReconciliationBreakDetected,
  SubmissionLifecycleEvent,
  UNCERTAINTY_REASONS,
} from './order-lifecycle.events';
import { requiredInferredFill, sumFilledQty } from './order-fills';
import { OrderSnapshotCore, isCanceledStatus, isTerminalStatus, terminalStatusesAgree } from './order-status';
import { AnyOrderCoreState, OrderLifecycleState, VenueOrderFacts, venueKnowsOrder } from './order-core.state';

/** The lifecycle commands every order aggregate shares; throws DomainError on refusal. */
export function decideOrderLifecycle(
  state: OrderLifecycleState,
  command: OrderLifecycleCommand,
  venue: VenueOrderFacts,
): SubmissionLifecycleEvent[] {
  requireTime(command.now);
  const submission = state.submission;
  switch (command.type) {
    case 'RecordSubmissionRejected':
      if (submission.phase !== 'requested') throw notPending(submission.phase);
      return [
        {
          type: 'OrderRejected',
          schemaVersion: 1,
          data: {
            clientOrderId: requireClientOrderId(state),
            venueCode: requireText(command.venueCode, 'venueCode'),
            venueMessage: command.venueMessage,
            rejectedAt: command.now,
          },
        },
      ];
    case 'RecordSubmissionUncertain': {
      if (submission.phase !== 'requested') throw notPending(submission.phase);
      if (!(UNCERTAINTY_REASONS as readonly string[]).includes(command.reason)) {
        throw invalidField('reason', `must be one of ${UNCERTAINTY_REASONS.join(', ')}`);
      }
      const uncertain: SubmissionLifecycleEvent = {
        type: 'OrderSubmissionUncertain',
        schemaVersion: 1,
        data: {
          clientOrderId: requireClientOrderId(state),
          reason: command.reason,
          detail: command.detail,
          at: command.now,
        },
      };
      // The stream may have reported the order before the HTTP call failed.
      if (!venue.known) return [uncertain];
      const evidence = { source: venue.source ?? 'ws', venueTime: venue.updateTime ?? command.now };
      return [uncertain, foundBy(state, evidence, command.now, command.now)];
    }
    case 'ResolveSubmissionAbsent':
      if (submission.phase !== 'uncertain') {
        throw new DomainError(
          DomainErrorCode.SubmissionNotUncertain,
          `the submission is ${submission.phase}, not uncertain`,
        );
      }
      if (!Number.isSafeInteger(command.lookups) || command.lookups < 1) {
        throw invalidField('lookups', 'must be a positive integer');
      }
      return [
        {
          type: 'OrderSubmissionResolved',
          schemaVersion: 1,
          data: {
            clientOrderId: requireClientOrderId(state),
            outcome: 'absent',
            orderId: null,
            evidence: {
              kind: 'lookups-not-found',
              lookups: command.lookups,
              venueCode: command.venueCode,
              venueMessage: command.venueMessage,
            },
            uncertainSince: submission.uncertainSince,
            resolvedAt: command.now,
            tookMs: command.now - submission.uncertainSince,
          },
        },
      ];
    case 'RequestCancel':
      requireText(command.actor, 'actor');
      requireLive(state, venue);
      if (state.cancel.phase === 'requested' || state.cancel.phase === 'uncertain') {
        throw new DomainError(
          DomainErrorCode.CancelAlreadyPending,
          `a cancel is already ${state.cancel.phase}`,
        );
      }
      return [
        {
          type: 'OrderCancelRequested',
          schemaVersion: 1,
          data: { actor: command.actor, requestedAt: command.now },
        },
      ];
    case 'RecordCancelRejected': {
      const cancel = requirePendingCancel(state);
      return [
        {
          type: 'OrderCancelResolved',
          schemaVersion: 1,
          data: {
            outcome: 'rejected',
            evidence: `venue code ${requireText(command.venueCode, 'venueCode')}: ${command.venueMessage}`,
            requestedAt: cancel.requestedAt,
            resolvedAt: command.now,
            tookMs: command.now - cancel.requestedAt,
          },
        },
      ];
    }
    case 'RecordCancelUncertain':
      if (state.cancel.phase !== 'requested') {
        throw new DomainError(
          DomainErrorCode.NoCancelPending,
          `the cancel is ${state.cancel.phase}, not requested`,
        );
      }
      return [
        {
          type: 'OrderCancelUncertain',
          schemaVersion: 1,
          data: { reason: command.reason, detail: command.detail, at: command.now },
        },
      ];
    case 'ResolveCancelNotCanceled': {
      const cancel = requirePendingCancel(state);
      return [
        {
          type: 'OrderCancelResolved',
          schemaVersion: 1,
          data: {
            outcome: 'not-canceled',
            evidence: `order still ${venue.status ?? 'unknown'} at the end of the window`,
            requestedAt: cancel.requestedAt,
            resolvedAt: command.now,
            tookMs: command.now - cancel.requestedAt,
          },
        },
      ];
    }
    case 'ResolveReconciliationBreak': {
      const existing = state.breaks[command.breakId];
      if (existing === undefined) {
        throw new DomainError(
          DomainErrorCode.UnknownReconciliationBreak,
          `no reconciliation break ${command.breakId}`,
          'breakId',
        );
      }
      if (existing.resolution !== null) {
        throw new DomainError(
          DomainErrorCode.ReconciliationBreakAlreadyResolved,
          `break ${command.breakId} was resolved already`,
          'breakId',
        );
      }
      return [
        {
          type: 'ReconciliationBreakResolved',
          schemaVersion: 1,
          data: {
            breakId: command.breakId,
            actor: requireText(command.actor, 'actor'),
            note: command.note,
            resolvedAt: command.now,
          },
        },
      ];
    }
    default:
      return assertNever(command, 'order lifecycle command');
  }
}

/**
 * Refuses an observation that belongs to another order. An observation with this
 * stream's clientOrderId but another venue orderId is a venue contradiction and
 * becomes a break instead (returned so the caller records it without folding).
 */
export function checkObservationIdentity(
  state: {
    readonly accountId: string | null;
    readonly symbol: string | null;
    readonly orderId: string | null;
    readonly clientOrderId: string | null;
  },
  ids: {
    readonly accountId: string;
    readonly symbol: string;
    readonly orderId: string;
    readonly clientOrderId: string | null;
  },
  now: number,
): ReconciliationBreakDetected | null {
  const sameAccount = state.accountId === null || state.accountId === ids.accountId;
  const sameSymbol = state.symbol === null || state.symbol === ids.symbol;
  if (!sameAccount || !sameSymbol) throw anotherStream(state, ids.orderId);
  if (state.orderId !== null && state.orderId !== ids.orderId) {
    if (state.clientOrderId !== null && state.clientOrderId === ids.clientOrderId) {
      return breakEvent(
        state,
        `order-identity-mismatch:${ids.orderId}`,
        'order-identity-mismatch',
        { clientOrderId: state.clientOrderId, orderId: state.orderId },
        { clientOrderId: ids.clientOrderId, orderId: ids.orderId },
        now,
      );
    }
    throw anotherStream(state, ids.orderId);
  }
  if (state.orderId === null && state.clientOrderId !== null && ids.clientOrderId !== state.clientOrderId) {
    throw anotherStream(state, ids.orderId);
  }
  return null;
}

/**
 * What else follows once an observation has been folded: the uncertain submission it
 * resolves, the pending cancel it settles, the breaks it reveals, and the inferred
 * fills that keep the fill list equal to the executed quantity.
 */
export function consequencesOfObservation(
  before: AnyOrderCoreState,
  after: AnyOrderCoreState,
  incoming: OrderSnapshotCore | null,
  evidence: { readonly source: ObservationSource; readonly venueTime: number },
  now: number,
): OrderLifecycleEvent[] {
  const events: OrderLifecycleEvent[] = [];
  const known = new Set(Object.keys(after.breaks));
  const raise = (event: ReconciliationBreakDetected): void => {
    if (known.has(event.data.breakId)) return;
    known.add(event.data.breakId);
    events.push(event);
  };

  const submission = after.submission;
  if (submission.phase === 'uncertain') {
    events.push(foundBy(after, evidence, now, submission.uncertainSince));
  } else if (!venueKnowsOrder(before) && venueKnowsOrder(after)) {
    if (
      (submission.phase === 'resolved' && submission.outcome === 'absent') ||
      submission.phase === 'rejected'
    ) {
      raise(
        breakEvent(
          after,
          `found-after-absent:${after.clientOrderId ?? ''}`,
          'found-after-absent',
          { submission: submission.phase === 'rejected' ? 'rejected' : 'resolved absent' },
          { orderId: after.orderId, source: evidence.source, venueUpdateTime: evidence.venueTime },
          now,
        ),
      );
    }
  }

  const cancel = after.cancel;
  const venue = after.venue;
  if (
    (cancel.phase === 'requested' || cancel.phase === 'uncertain') &&
    venue !== null &&
    isTerminalStatus(venue.status)
  ) {
    events.push({
      type: 'OrderCancelResolved',
      schemaVersion: 1,
      data: {
        outcome: isCanceledStatus(venue.status) ? 'canceled' : 'completed-before-cancel',
        evidence: `status ${venue.status} (${venue.source})`,
        requestedAt: cancel.requestedAt,
        resolvedAt: now,
        tookMs: now - cancel.requestedAt,
      },
    });
  }

  if (
    incoming !== null &&
    before.venue !== null &&
    isTerminalStatus(before.venue.status) &&
    isTerminalStatus(incoming.status) &&
    !terminalStatusesAgree(before.venue.status, incoming.status)
  ) {
    const statuses = [before.venue.status, incoming.status].sort();
    raise(
      breakEvent(
        after,
        `status-contradiction:${statuses.join('|')}`,
        'status-contradiction',
        { status: before.venue.status, source: before.venue.source, updateTime: before.venue.updateTime },
        { status: incoming.status, source: incoming.source, updateTime: incoming.updateTime },
        now,
      ),
    );
  }

  for (const overfill of overfills(after)) raise(overfill(now));

  events.push(...reconcileInferredFills(after));
  return events;
}

function overfills(state: AnyOrderCoreState): Array<(now: number) => ReconciliationBreakDetected> {
  const found: Array<(now: number) => ReconciliationBreakDetected> = [];
  const realQty = sumFilledQty(state.fills);
  const origQty = state.venue?.origQty ?? null;
  if (origQty !== null && isPositive(origQty)) {
    if (compareDecimals(state.executedQty, origQty) > 0) {
      found.push((now) =>
        breakEvent(
          state,
          'overfill:executed',
          'overfill',
          { origQty },
          { executedQty: state.executedQty },
          now,
        ),
      );
    }
    if (compareDecimals(realQty, origQty) > 0) {
      found.push((now) =>
        breakEvent(state, 'overfill:fills', 'overfill', { origQty }, { filledQty: realQty }, now),
      );
    }
  }
  if (
    state.venue !== null &&
    isTerminalStatus(state.venue.status) &&
    compareDecimals(realQty, state.executedQty) > 0
  ) {
    found.push((now) =>
      breakEvent(
        state,
        'overfill:fills-beyond-final',
        'overfill',
        { filledQty: realQty },
        { executedQty: state.executedQty, status: state.venue?.status ?? null },
        now,
      ),
    );
  }
  return found;
}

/** Brings the inferred fills in line with what the executed quantity requires. */
export function reconcileInferredFills(state: AnyOrderCoreState): OrderLifecycleEvent[] {
  const required =
    state.orderId === null
      ? null
      : requiredInferredFill({
          orderKey: state.orderId,
          executedQty: state.executedQty,
          cumulativeQuoteQty: state.cumulativeQuoteQty,
          avgPrice: state.venue?.avgPrice ?? null,
          limitPrice: state.venue?.price ?? null,
          fills: state.fills,
        });
  const active = Object.values(state.inferredFills);
  if (required !== null && active.length === 1 && canonicalJson(active[0]) === canonicalJson(required))
    return [];
  const realFilledQty = sumFilledQty(state.fills);
  const events: OrderLifecycleEvent[] = active.map((fill) => ({
    type: 'InferredFillRetired',
    schemaVersion: 1,
    data: { fillId: fill.fillId, realFilledQty },
  }));
  if (required !== null)
    events.push({ type: 'OrderFillInferred', schemaVersion: 1, data: { fill: required } });
  return events;
}

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
      resolvedAt: now,
      tookMs: now - uncertainSince,
    },
  };
}

function requireLive(state: OrderLifecycleState, venue: VenueOrderFacts): void {
  const submission = state.submission;
  if (venue.terminal) {
    throw new DomainError(
      DomainErrorCode.OrderAlreadyTerminal,
      `the order is already ${venue.status ?? 'closed'}`,
    );
  }
  const placed =
    venue.known ||
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

function requirePendingCancel(state: OrderLifecycleState): { readonly requestedAt: number } {
  if (state.cancel.phase !== 'requested' && state.cancel.phase !== 'uncertain') {
    throw new DomainError(
      DomainErrorCode.NoCancelPending,
      `no cancel is pending (cancel ${state.cancel.phase})`,
    );
  }
  return state.cancel;
}

function requireClientOrderId(state: { readonly clientOrderId: string | null }): string {
  if (state.clientOrderId === null) {
    throw new DomainError(DomainErrorCode.OrderUnknown, 'the order has no clientOrderId');
  }
  return state.clientOrderId;
}

function notPending(phase: string): DomainError {
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
