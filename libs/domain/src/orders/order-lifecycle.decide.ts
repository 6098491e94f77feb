import { DomainError, DomainErrorCode, unknownCommand } from '../shared/domain-error';
import { decideBreakResolution } from './break-resolution.decide';
import { OrderLifecycleCommand } from './order-lifecycle.commands';
import { SubmissionLifecycleEvent } from './order-lifecycle.events';
import { OrderLifecycleState, VenueOrderFacts } from './order-core.state';
import {
  foundBy,
  notPending,
  requireClientOrderId,
  optionalString,
  requireLive,
  requirePendingCancel,
  requireString,
  requireText,
  requireTime,
  requireLookupAnswer,
  requireLookupCount,
  requireUncertaintyReason,
  resolutionTiming,
} from './order-decision-support';

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
            venueMessage: requireString(command.venueMessage, 'venueMessage'),
            rejectedAt: command.now,
          },
        },
      ];
    case 'RecordSubmissionUncertain': {
      if (submission.phase !== 'requested') throw notPending(submission.phase);
      const uncertain: SubmissionLifecycleEvent = {
        type: 'OrderSubmissionUncertain',
        schemaVersion: 1,
        data: {
          clientOrderId: requireClientOrderId(state),
          reason: requireUncertaintyReason(command.reason),
          detail: requireString(command.detail, 'detail'),
          at: command.now,
        },
      };
      // The stream may have reported the order before the HTTP call failed.
      if (!venue.known) return [uncertain];
      const evidence = { source: venue.source ?? 'ws', venueTime: venue.updateTime ?? command.now };
      return [uncertain, foundBy(state, evidence, command.now, command.now)];
    }
    case 'RecordSubmissionLookup':
      if (submission.phase !== 'uncertain') {
        throw new DomainError(
          DomainErrorCode.SubmissionNotUncertain,
          `the submission is ${submission.phase}, not uncertain`,
        );
      }
      return [
        {
          type: 'OrderSubmissionLookedUp',
          schemaVersion: 1,
          data: {
            answer: requireLookupAnswer(command.answer),
            at: command.now,
            lookups: requireLookupCount(command.lookups ?? 1),
          },
        },
      ];
    case 'ResolveSubmissionAbsent':
      if (submission.phase !== 'uncertain') {
        throw new DomainError(
          DomainErrorCode.SubmissionNotUncertain,
          `the submission is ${submission.phase}, not uncertain`,
        );
      }
      requireLookupCount(command.lookups);
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
              venueCode: optionalString(command.venueCode, 'venueCode'),
              venueMessage: optionalString(command.venueMessage, 'venueMessage'),
            },
            uncertainSince: submission.uncertainSince,
            ...resolutionTiming(submission.uncertainSince, command.now),
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
            evidence: `venue code ${requireText(command.venueCode, 'venueCode')}: ${requireString(command.venueMessage, 'venueMessage')}`,
            requestedAt: cancel.requestedAt,
            ...resolutionTiming(cancel.requestedAt, command.now),
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
          data: {
            reason: requireUncertaintyReason(command.reason),
            detail: requireString(command.detail, 'detail'),
            at: command.now,
          },
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
            ...resolutionTiming(cancel.requestedAt, command.now),
          },
        },
      ];
    }
    case 'ResolveReconciliationBreak':
      return [decideBreakResolution(state.breaks, command, command.now)];
    default:
      return unknownCommand(command);
  }
}
