import { Decider } from '../shared/decider';
import { DomainError, DomainErrorCode, invalidField, refusalAsValue } from '../shared/domain-error';
import {
  readFuturesFillObservation,
  FuturesFillObservation,
  FuturesFillObserved,
} from '../observations/futures-fill-observed';
import {
  readFuturesOrderObservation,
  FuturesOrderObservation,
  FuturesOrderObserved,
} from '../observations/futures-order-observed';
import { AcknowledgedRequest } from '../observations/observation-source';
import { decideOrderLifecycle, requireText, requireTime } from '../orders/order-core.decide';
import {
  evolveOrderLifecycle,
  fillFromReport,
  foldOrderFill,
  foldOrderSnapshot,
} from '../orders/order-core.evolve';
import { initialOrderCoreState, orderVenueFacts, venueKnowsOrder } from '../orders/order-core.state';
import { decideFillReport, decideOrderReport } from '../orders/order-observation.decide';
import { readFuturesOrderRequest } from './futures-order-request';
import { FuturesOrderCommand, FuturesOrderEvent, FuturesOrderState } from './futures-order.types';

const MAX_CLIENT_ORDER_ID_LENGTH = 255;

export const futuresOrderDecider: Decider<FuturesOrderCommand, FuturesOrderEvent, FuturesOrderState> = {
  initialState: initialOrderCoreState(),
  decide: (command, state) => refusalAsValue(() => decideFuturesOrder(command, state)),
  evolve: evolveFuturesOrder,
};

function decideFuturesOrder(command: FuturesOrderCommand, state: FuturesOrderState): FuturesOrderEvent[] {
  switch (command.type) {
    case 'PlaceFuturesOrder': {
      const now = requireTime(command.now);
      if (state.submission.phase !== 'none' || venueKnowsOrder(state)) {
        throw new DomainError(DomainErrorCode.OrderAlreadyExists, 'this order stream already holds an order');
      }
      const clientOrderId = requireText(command.clientOrderId, 'clientOrderId');
      if (clientOrderId.length > MAX_CLIENT_ORDER_ID_LENGTH) {
        throw invalidField('clientOrderId', `must be at most ${MAX_CLIENT_ORDER_ID_LENGTH} characters`);
      }
      return [
        {
          type: 'OrderSubmissionRequested',
          schemaVersion: 1,
          data: {
            clientOrderId,
            actor: requireText(command.actor, 'actor'),
            requestedAt: now,
            request: readFuturesOrderRequest(command.request),
          },
        },
      ];
    }
    case 'RecordFuturesSubmissionAccepted': {
      const now = requireTime(command.now);
      if (state.submission.phase !== 'requested') {
        throw new DomainError(
          DomainErrorCode.SubmissionNotPending,
          `the submission is ${state.submission.phase}, not awaiting an answer`,
        );
      }
      const ack = readAcknowledgement(command.acknowledgement, 'create', state);
      const accepted: FuturesOrderEvent = {
        type: 'OrderAccepted',
        schemaVersion: 1,
        data: { clientOrderId: ack.clientOrderId ?? '', orderId: ack.orderId, acceptedAt: now },
      };
      return [accepted, ...observeOrder(evolveFuturesOrder(state, accepted), ack, now)];
    }
    case 'RecordFuturesCancelAccepted': {
      const now = requireTime(command.now);
      if (state.cancel.phase !== 'requested') {
        throw new DomainError(
          DomainErrorCode.NoCancelPending,
          `the cancel is ${state.cancel.phase}, not requested`,
        );
      }
      const ack = readAcknowledgement(command.acknowledgement, 'cancel', state);
      const acknowledged: FuturesOrderEvent = {
        type: 'OrderCancelAcknowledged',
        schemaVersion: 1,
        data: { acknowledgedAt: now },
      };
      return [acknowledged, ...observeOrder(evolveFuturesOrder(state, acknowledged), ack, now)];
    }
    case 'RecordFuturesOrderObservation':
      return observeOrder(state, readFuturesOrderObservation(command.observation), requireTime(command.now));
    case 'RecordFuturesFillObservation':
      return observeFill(state, readFuturesFillObservation(command.observation), requireTime(command.now));
    default:
      return decideOrderLifecycle(state, command, orderVenueFacts(state));
  }
}

function readAcknowledgement(
  value: unknown,
  request: AcknowledgedRequest,
  state: FuturesOrderState,
): FuturesOrderObservation {
  const ack = readFuturesOrderObservation(value, 'acknowledgement');
  if (ack.source !== 'rest-ack' || ack.acknowledgedRequest !== request) {
    throw invalidField('acknowledgement.source', `must be a rest-ack of the ${request} request`);
  }
  if (state.clientOrderId !== null && ack.clientOrderId !== state.clientOrderId) {
    throw invalidField('acknowledgement.clientOrderId', `must be ${state.clientOrderId}`);
  }
  return ack;
}

function observeOrder(
  state: FuturesOrderState,
  observation: FuturesOrderObservation,
  now: number,
): FuturesOrderEvent[] {
  const observed: FuturesOrderObserved = {
    type: 'FuturesOrderObserved',
    schemaVersion: 1,
    data: observation,
  };
  return decideOrderReport<FuturesOrderState, FuturesOrderEvent>(
    state,
    observation,
    observed,
    evolveFuturesOrder,
    now,
  );
}

function observeFill(
  state: FuturesOrderState,
  observation: FuturesFillObservation,
  now: number,
): FuturesOrderEvent[] {
  const observed: FuturesFillObserved = { type: 'FuturesFillObserved', schemaVersion: 1, data: observation };
  return decideFillReport<FuturesOrderState, FuturesOrderEvent>(
    state,
    observation,
    futuresFill(observation),
    observed,
    evolveFuturesOrder,
    now,
  );
}

function futuresFill(observation: FuturesFillObservation): ReturnType<typeof fillFromReport> {
  return fillFromReport({
    fillId: observation.tradeId,
    price: observation.price,
    qty: observation.quantity,
    fee: observation.fee,
    isMaker: observation.isMaker,
    time: observation.tradeTime,
    realizedPnl: observation.realizedPnl,
    source: observation.source,
  });
}

export function evolveFuturesOrder(state: FuturesOrderState, event: FuturesOrderEvent): FuturesOrderState {
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
    case 'FuturesOrderObserved':
      return foldOrderSnapshot(state, event.data);
    case 'FuturesFillObserved':
      return foldOrderFill(state, event.data, futuresFill(event.data));
    default:
      return evolveOrderLifecycle(state, event);
  }
}
