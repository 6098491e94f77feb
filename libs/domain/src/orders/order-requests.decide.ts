import { DomainError, DomainErrorCode, invalidField } from '../shared/domain-error';
import { AcknowledgedRequest, ObservationSource } from '../observations/observation-source';
import { OrderAccepted, OrderCancelAcknowledged, OrderSubmissionRequested } from './order-lifecycle.events';
import { OrderLifecycleState } from './order-core.state';
import { requireText, requireTime } from './order-decision-support';

const MAX_CLIENT_ORDER_ID_LENGTH = 255;

/**
 * The intent is recorded before anything is sent, with the clientOrderId the caller
 * generated. Shared by spot, futures and futures stop orders.
 */
export function decidePlaceOrder<Request>(
  state: OrderLifecycleState,
  venueKnowsOrder: boolean,
  command: {
    readonly clientOrderId: string;
    readonly actor: string;
    readonly now: number;
    readonly request: unknown;
  },
  readRequest: (value: unknown) => Request,
): OrderSubmissionRequested<Request> {
  const now = requireTime(command.now);
  if (state.submission.phase !== 'none' || venueKnowsOrder) {
    throw new DomainError(DomainErrorCode.OrderAlreadyExists, 'this order stream already holds an order');
  }
  const clientOrderId = requireText(command.clientOrderId, 'clientOrderId');
  if (clientOrderId.length > MAX_CLIENT_ORDER_ID_LENGTH) {
    throw invalidField('clientOrderId', `must be at most ${MAX_CLIENT_ORDER_ID_LENGTH} characters`);
  }
  return {
    type: 'OrderSubmissionRequested',
    schemaVersion: 1,
    data: {
      clientOrderId,
      actor: requireText(command.actor, 'actor'),
      requestedAt: now,
      request: readRequest(command.request),
    },
  };
}

interface Acknowledgement {
  readonly orderId: string;
  readonly clientOrderId: string | null;
  readonly source: ObservationSource;
  readonly acknowledgedRequest: AcknowledgedRequest | null;
}

/** Reads the 2XX answer to our own request and checks it answers this order's request. */
export function readAcknowledgement<Observation extends Acknowledgement>(
  value: unknown,
  request: AcknowledgedRequest,
  state: OrderLifecycleState,
  readObservation: (value: unknown, path: string) => Observation,
): Observation {
  const ack = readObservation(value, 'acknowledgement');
  if (ack.source !== 'rest-ack' || ack.acknowledgedRequest !== request) {
    throw invalidField('acknowledgement.source', `must be a rest-ack of the ${request} request`);
  }
  if (state.clientOrderId !== null && ack.clientOrderId !== state.clientOrderId) {
    throw invalidField('acknowledgement.clientOrderId', `must be ${state.clientOrderId}`);
  }
  return ack;
}

/**
 * The create answered 2XX: accepted. Its body is also folded as an observation by the
 * caller. The same answer recorded again (a retried handler, a replayed acknowledgement)
 * accepts nothing more: null, and the caller folds only the body.
 */
export function decideSubmissionAccepted(
  state: OrderLifecycleState,
  orderId: string,
  now: number,
): OrderAccepted | null {
  const phase = state.submission.phase;
  if ((phase === 'accepted' || phase === 'resolved') && state.orderId === orderId) return null;
  if (phase !== 'requested') {
    throw new DomainError(
      DomainErrorCode.SubmissionNotPending,
      `the submission is ${state.submission.phase}, not awaiting an answer`,
    );
  }
  return {
    type: 'OrderAccepted',
    schemaVersion: 1,
    data: { clientOrderId: state.clientOrderId ?? '', orderId, acceptedAt: now },
  };
}

/**
 * The cancel answered 2XX: acknowledged only; a later observation confirms it. An answer
 * that comes after the cancel was already settled (the stream's CANCELED came first) or
 * a second answer to the same cancel acknowledges nothing more: null.
 */
export function decideCancelAcknowledged(
  state: OrderLifecycleState,
  now: number,
): OrderCancelAcknowledged | null {
  if (state.cancel.phase === 'resolved') return null;
  if (state.cancel.phase === 'requested' && state.cancel.acknowledgedAt !== null) return null;
  if (state.cancel.phase !== 'requested') {
    throw new DomainError(
      DomainErrorCode.NoCancelPending,
      `the cancel is ${state.cancel.phase}, not requested`,
    );
  }
  return { type: 'OrderCancelAcknowledged', schemaVersion: 1, data: { acknowledgedAt: now } };
}
