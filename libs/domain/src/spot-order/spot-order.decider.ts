import { Decider } from '../shared/decider';
import { DomainError, DomainErrorCode, invalidField, refusalAsValue } from '../shared/domain-error';
import {
  readSpotFillObservation,
  SpotFillObservation,
  SpotFillObserved,
} from '../observations/spot-fill-observed';
import {
  readSpotOrderObservation,
  SpotOrderObservation,
  SpotOrderObserved,
} from '../observations/spot-order-observed';
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
import { readSpotOrderRequest } from './spot-order-request';
import { SpotOrderCommand, SpotOrderEvent, SpotOrderState } from './spot-order.types';

const MAX_CLIENT_ORDER_ID_LENGTH = 255;

export const spotOrderDecider: Decider<SpotOrderCommand, SpotOrderEvent, SpotOrderState> = {
  initialState: initialOrderCoreState(),
  decide: (command, state) => refusalAsValue(() => decideSpotOrder(command, state)),
  evolve: evolveSpotOrder,
};

function decideSpotOrder(command: SpotOrderCommand, state: SpotOrderState): SpotOrderEvent[] {
  switch (command.type) {
    case 'PlaceSpotOrder': {
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
            request: readSpotOrderRequest(command.request),
          },
        },
      ];
    }
    case 'RecordSpotSubmissionAccepted': {
      const now = requireTime(command.now);
      if (state.submission.phase !== 'requested') {
        throw new DomainError(
          DomainErrorCode.SubmissionNotPending,
          `the submission is ${state.submission.phase}, not awaiting an answer`,
        );
      }
      const ack = readAcknowledgement(command.acknowledgement, 'create', state);
      const accepted: SpotOrderEvent = {
        type: 'OrderAccepted',
        schemaVersion: 1,
        data: { clientOrderId: ack.clientOrderId ?? '', orderId: ack.orderId, acceptedAt: now },
      };
      return [accepted, ...observeOrder(evolveSpotOrder(state, accepted), ack, now)];
    }
    case 'RecordSpotCancelAccepted': {
      const now = requireTime(command.now);
      if (state.cancel.phase !== 'requested') {
        throw new DomainError(
          DomainErrorCode.NoCancelPending,
          `the cancel is ${state.cancel.phase}, not requested`,
        );
      }
      const ack = readAcknowledgement(command.acknowledgement, 'cancel', state);
      const acknowledged: SpotOrderEvent = {
        type: 'OrderCancelAcknowledged',
        schemaVersion: 1,
        data: { acknowledgedAt: now },
      };
      return [acknowledged, ...observeOrder(evolveSpotOrder(state, acknowledged), ack, now)];
    }
    case 'RecordSpotOrderObservation':
      return observeOrder(state, readSpotOrderObservation(command.observation), requireTime(command.now));
    case 'RecordSpotFillObservation':
      return observeFill(state, readSpotFillObservation(command.observation), requireTime(command.now));
    default:
      return decideOrderLifecycle(state, command, orderVenueFacts(state));
  }
}

function readAcknowledgement(
  value: unknown,
  request: AcknowledgedRequest,
  state: SpotOrderState,
): SpotOrderObservation {
  const ack = readSpotOrderObservation(value, 'acknowledgement');
  if (ack.source !== 'rest-ack' || ack.acknowledgedRequest !== request) {
    throw invalidField('acknowledgement.source', `must be a rest-ack of the ${request} request`);
  }
  if (state.clientOrderId !== null && ack.clientOrderId !== state.clientOrderId) {
    throw invalidField('acknowledgement.clientOrderId', `must be ${state.clientOrderId}`);
  }
  return ack;
}

function observeOrder(
  state: SpotOrderState,
  observation: SpotOrderObservation,
  now: number,
): SpotOrderEvent[] {
  const observed: SpotOrderObserved = { type: 'SpotOrderObserved', schemaVersion: 1, data: observation };
  return decideOrderReport<SpotOrderState, SpotOrderEvent>(
    state,
    observation,
    observed,
    evolveSpotOrder,
    now,
  );
}

function observeFill(state: SpotOrderState, observation: SpotFillObservation, now: number): SpotOrderEvent[] {
  const observed: SpotFillObserved = { type: 'SpotFillObserved', schemaVersion: 2, data: observation };
  return decideFillReport<SpotOrderState, SpotOrderEvent>(
    state,
    observation,
    spotFill(observation),
    observed,
    evolveSpotOrder,
    now,
  );
}

function spotFill(observation: SpotFillObservation): ReturnType<typeof fillFromReport> {
  return fillFromReport({
    fillId: observation.ticketId,
    price: observation.price,
    qty: observation.qty,
    fee: observation.fee,
    isMaker: observation.isMaker,
    time: observation.tradeTime,
    realizedPnl: null,
    source: observation.source,
  });
}

export function evolveSpotOrder(state: SpotOrderState, event: SpotOrderEvent): SpotOrderState {
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
    case 'SpotOrderObserved':
      return foldOrderSnapshot(state, event.data);
    case 'SpotFillObserved':
      return foldOrderFill(state, event.data, spotFill(event.data));
    default:
      return evolveOrderLifecycle(state, event);
  }
}
