import { sameState } from '../shared/same-state';
import { Decider } from '../shared/decider';
import { DomainError, DomainErrorCode, refusalAsValue, requireCommand } from '../shared/domain-error';
import {
  FuturesStopOrderObservation,
  FuturesStopOrderObserved,
  readFuturesStopOrderObservation,
} from '../observations/futures-stop-order-observed';
import {
  decideCancelAcknowledged,
  decidePlaceOrder,
  decideSubmissionAccepted,
  readAcknowledgement,
} from '../orders/order-requests.decide';
import { checkObservationIdentity } from '../orders/observation-consequences';
import { decideOrderLifecycle } from '../orders/order-lifecycle.decide';
import {
  breakEvent,
  foundBy,
  requireText,
  requireTime,
  resolutionTiming,
} from '../orders/order-decision-support';
import { evolveSubmissionLifecycle } from '../orders/order-core.evolve';
import { VenueOrderFacts } from '../orders/order-core.state';
import { ReconciliationBreakDetected, SubmissionLifecycleEvent } from '../orders/order-lifecycle.events';
import { readFuturesStopOrderRequest } from './futures-stop-order-request';
import { isTerminalStopStatus, laterStopSnapshot } from './stop-order-status';
import {
  FuturesStopOrderCommand,
  FuturesStopOrderEvent,
  FuturesStopOrderState,
} from './futures-stop-order.types';

const initialState: FuturesStopOrderState = {
  accountId: null,
  symbol: null,
  clientOrderId: null,
  orderId: null,
  request: null,
  submission: { phase: 'none' },
  cancel: { phase: 'none' },
  venue: null,
  triggeredOrderId: null,
  breaks: {},
};

export const futuresStopOrderDecider: Decider<
  FuturesStopOrderCommand,
  FuturesStopOrderEvent,
  FuturesStopOrderState
> = {
  initialState,
  decide: (command, state) => refusalAsValue(() => decideStopOrder(requireCommand(command), state)),
  evolve: evolveStopOrder,
};

function venueFacts(state: FuturesStopOrderState): VenueOrderFacts {
  return {
    known: state.venue !== null,
    status: state.venue?.status ?? null,
    terminal: state.venue !== null && isTerminalStopStatus(state.venue.status),
    source: state.venue?.source ?? null,
    updateTime: state.venue?.updateTime ?? null,
  };
}

function decideStopOrder(
  command: FuturesStopOrderCommand,
  state: FuturesStopOrderState,
): FuturesStopOrderEvent[] {
  switch (command.type) {
    case 'PlaceFuturesStopOrder':
      return [
        decidePlaceOrder(state, state.venue !== null, command, (value) => readFuturesStopOrderRequest(value)),
      ];
    case 'RecordStopSubmissionAccepted': {
      const now = requireTime(command.now);
      const ack = readAcknowledgement(
        command.acknowledgement,
        'create',
        state,
        readFuturesStopOrderObservation,
      );
      const accepted = decideSubmissionAccepted(state, ack.orderId, now);
      if (accepted === null) return observe(state, ack, now);
      return [accepted, ...observe(evolveStopOrder(state, accepted), ack, now)];
    }
    case 'RecordStopCancelAccepted': {
      const now = requireTime(command.now);
      const acknowledged = decideCancelAcknowledged(state, now);
      const ack = readAcknowledgement(
        command.acknowledgement,
        'cancel',
        state,
        readFuturesStopOrderObservation,
      );
      if (acknowledged === null) return observe(state, ack, now);
      return [acknowledged, ...observe(evolveStopOrder(state, acknowledged), ack, now)];
    }
    case 'RecordFuturesStopOrderObservation':
      return observe(state, readFuturesStopOrderObservation(command.observation), requireTime(command.now));
    case 'LinkTriggeredOrder': {
      const now = requireTime(command.now);
      const triggeredOrderId = requireText(command.triggeredOrderId, 'triggeredOrderId');
      if (state.orderId === null) {
        throw new DomainError(DomainErrorCode.OrderUnknown, 'the stop order has no venue orderId yet');
      }
      if (state.triggeredOrderId === triggeredOrderId) return [];
      if (state.triggeredOrderId !== null) {
        return newBreaks(state, [triggerContradiction(state, state.triggeredOrderId, triggeredOrderId, now)]);
      }
      return [
        {
          type: 'TriggeredOrderLinked',
          schemaVersion: 1,
          data: { stopOrderId: state.orderId, triggeredOrderId, linkedAt: now },
        },
      ];
    }
    default:
      return decideOrderLifecycle(state, command, venueFacts(state));
  }
}

function observe(
  state: FuturesStopOrderState,
  observation: FuturesStopOrderObservation,
  now: number,
): FuturesStopOrderEvent[] {
  const mismatch = checkObservationIdentity(state, observation, now);
  if (mismatch !== null) return newBreaks(state, [mismatch]);
  const observed: FuturesStopOrderObserved = {
    type: 'FuturesStopOrderObserved',
    schemaVersion: 1,
    data: observation,
  };
  const after = evolveStopOrder(state, observed);
  const consequences: SubmissionLifecycleEvent[] = [];
  const evidence = { source: observation.source, venueTime: observation.updateTime };

  const submission = after.submission;
  if (submission.phase === 'uncertain') {
    consequences.push(foundBy(after, evidence, now, submission.uncertainSince));
  } else if (
    state.venue === null &&
    (submission.phase === 'rejected' || (submission.phase === 'resolved' && submission.outcome === 'absent'))
  ) {
    consequences.push(
      breakEvent(
        after,
        'found-after-absent',
        'found-after-absent',
        { submission: submission.phase },
        { orderId: observation.orderId },
        now,
      ),
    );
  }

  const cancel = after.cancel;
  const venue = after.venue;
  if (
    (cancel.phase === 'requested' || cancel.phase === 'uncertain') &&
    venue !== null &&
    isTerminalStopStatus(venue.status)
  ) {
    consequences.push({
      type: 'OrderCancelResolved',
      schemaVersion: 1,
      data: {
        outcome: venue.status === 'ORDER_CANCELED' ? 'canceled' : 'completed-before-cancel',
        evidence: `status ${venue.status} (${venue.source})`,
        requestedAt: cancel.requestedAt,
        ...resolutionTiming(cancel.requestedAt, now),
      },
    });
  }

  const breaks: ReconciliationBreakDetected[] = [];
  if (
    state.venue !== null &&
    isTerminalStopStatus(state.venue.status) &&
    isTerminalStopStatus(observation.status) &&
    state.venue.status !== observation.status
  ) {
    const statuses = [state.venue.status, observation.status].sort();
    breaks.push(
      breakEvent(
        after,
        `status-contradiction:${statuses.join('|')}`,
        'status-contradiction',
        { status: state.venue.status, updateTime: state.venue.updateTime },
        { status: observation.status, updateTime: observation.updateTime },
        now,
      ),
    );
  }
  if (
    state.triggeredOrderId !== null &&
    observation.triggeredOrderId !== null &&
    state.triggeredOrderId !== observation.triggeredOrderId
  ) {
    breaks.push(triggerContradiction(after, state.triggeredOrderId, observation.triggeredOrderId, now));
  }
  const raised = newBreaks(after, breaks);
  if (consequences.length === 0 && raised.length === 0 && sameState(after, state)) return [];
  return [observed, ...consequences, ...raised];
}

function triggerContradiction(
  state: FuturesStopOrderState,
  known: string,
  reported: string,
  now: number,
): ReconciliationBreakDetected {
  const pair = [known, reported].sort().join('|');
  return breakEvent(
    state,
    `stop-trigger-contradiction:${pair}`,
    'stop-trigger-contradiction',
    { triggeredOrderId: known },
    { triggeredOrderId: reported },
    now,
  );
}

function newBreaks(
  state: FuturesStopOrderState,
  breaks: readonly ReconciliationBreakDetected[],
): ReconciliationBreakDetected[] {
  const seen = new Set(Object.keys(state.breaks));
  return breaks.filter((found) => {
    if (seen.has(found.data.breakId)) return false;
    seen.add(found.data.breakId);
    return true;
  });
}

export function evolveStopOrder(
  state: FuturesStopOrderState,
  event: FuturesStopOrderEvent,
): FuturesStopOrderState {
  switch (event.type) {
    case 'OrderSubmissionRequested':
      return {
        ...state,
        accountId: event.data.request.accountId,
        symbol: event.data.request.symbol,
        clientOrderId: event.data.clientOrderId,
        request: event.data.request,
        submission: { phase: 'requested', actor: event.data.actor, requestedAt: event.data.requestedAt },
      };
    case 'FuturesStopOrderObserved': {
      const observation = event.data;
      const reported = observation.triggeredOrderId;
      return {
        ...state,
        accountId: state.accountId ?? observation.accountId,
        symbol: state.symbol ?? observation.symbol,
        orderId: state.orderId ?? observation.orderId,
        clientOrderId: state.clientOrderId ?? observation.clientOrderId,
        venue: laterStopSnapshot(state.venue, observation),
        // Two different links are a break; the smaller id is kept so the fold stays order-independent.
        triggeredOrderId:
          state.triggeredOrderId === null || (reported !== null && reported < state.triggeredOrderId)
            ? (reported ?? state.triggeredOrderId)
            : state.triggeredOrderId,
      };
    }
    case 'TriggeredOrderLinked':
      return { ...state, triggeredOrderId: state.triggeredOrderId ?? event.data.triggeredOrderId };
    default:
      return evolveSubmissionLifecycle(state, event);
  }
}

/** Where a stop order stands for a desk: waiting for its trigger, triggered, or ended. */
export function stopOrderPhase(
  state: FuturesStopOrderState,
): 'not-placed' | 'pending' | 'uncertain' | 'waiting-for-trigger' | 'triggered' | 'ended' {
  const venue = state.venue;
  if (venue !== null) {
    if (venue.status === 'ORDER_NEW') return 'waiting-for-trigger';
    return venue.status === 'ORDER_FILLED' ? 'triggered' : 'ended';
  }
  switch (state.submission.phase) {
    case 'none':
      return 'not-placed';
    case 'requested':
    case 'accepted':
      return 'pending';
    case 'uncertain':
      return 'uncertain';
    case 'rejected':
      return 'ended';
    case 'resolved':
      return state.submission.outcome === 'absent' ? 'ended' : 'pending';
  }
}
