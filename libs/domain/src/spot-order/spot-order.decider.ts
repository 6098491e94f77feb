import { Decider } from '../shared/decider';
import { refusalAsValue, requireCommand } from '../shared/domain-error';
import {
  SpotFillObservation,
  SpotFillObserved,
  readSpotFillObservation,
} from '../observations/spot-fill-observed';
import {
  SpotOrderObservation,
  SpotOrderObserved,
  readSpotOrderObservation,
} from '../observations/spot-order-observed';
import { decideOrderLifecycle } from '../orders/order-lifecycle.decide';
import { requireTime } from '../orders/order-decision-support';
import {
  evolveOrderLifecycle,
  fillFromReport,
  foldOrderFill,
  foldOrderSnapshot,
} from '../orders/order-core.evolve';
import { initialOrderCoreState, orderVenueFacts, venueKnowsOrder } from '../orders/order-core.state';
import { OrderFill } from '../orders/order-fills';
import { decideFillReport, decideOrderReport } from '../orders/order-observation.decide';
import {
  decideCancelAcknowledged,
  decidePlaceOrder,
  decideSubmissionAccepted,
  readAcknowledgement,
} from '../orders/order-requests.decide';
import { readSpotOrderRequest } from './spot-order-request';
import { SpotOrderCommand, SpotOrderEvent, SpotOrderState } from './spot-order.types';

export const spotOrderDecider: Decider<SpotOrderCommand, SpotOrderEvent, SpotOrderState> = {
  initialState: initialOrderCoreState(),
  decide: (command, state) => refusalAsValue(() => decideSpotOrder(requireCommand(command), state)),
  evolve: evolveSpotOrder,
};

function decideSpotOrder(command: SpotOrderCommand, state: SpotOrderState): SpotOrderEvent[] {
  switch (command.type) {
    case 'PlaceSpotOrder':
      return [
        decidePlaceOrder(state, venueKnowsOrder(state), command, (value) => readSpotOrderRequest(value)),
      ];
    case 'RecordSpotSubmissionAccepted': {
      const now = requireTime(command.now);
      const ack = readAcknowledgement(command.acknowledgement, 'create', state, readSpotOrderObservation);
      const accepted = decideSubmissionAccepted(state, ack.orderId, now);
      if (accepted === null) return observeOrder(state, ack, now);
      return [accepted, ...observeOrder(evolveSpotOrder(state, accepted), ack, now)];
    }
    case 'RecordSpotCancelAccepted': {
      const now = requireTime(command.now);
      const acknowledged = decideCancelAcknowledged(state, now);
      const ack = readAcknowledgement(command.acknowledgement, 'cancel', state, readSpotOrderObservation);
      if (acknowledged === null) return observeOrder(state, ack, now);
      return [acknowledged, ...observeOrder(evolveSpotOrder(state, acknowledged), ack, now)];
    }
    case 'RecordSpotOrderObservation':
      return observeOrder(state, readSpotOrderObservation(command.observation), requireTime(command.now));
    case 'RecordSpotFillObservation':
      return observeFill(
        state,
        readSpotFillObservation(command.observation),
        command.recorded,
        requireTime(command.now),
      );
    default:
      return decideOrderLifecycle(state, command, orderVenueFacts(state));
  }
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

function observeFill(
  state: SpotOrderState,
  observation: SpotFillObservation,
  recorded: unknown,
  now: number,
): SpotOrderEvent[] {
  const observed: SpotFillObserved = { type: 'SpotFillObserved', schemaVersion: 2, data: observation };
  return decideFillReport<SpotOrderState, SpotOrderEvent>(
    state,
    observation,
    spotOrderFillOf(observation),
    observed,
    recorded,
    evolveSpotOrder,
    now,
  );
}

/** A spot fill is identified by its ticket id (REST `ticketId`, WS `T`). */
export function spotOrderFillOf(observation: SpotFillObservation): OrderFill {
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
      return foldOrderFill(state, event.data, spotOrderFillOf(event.data));
    default:
      return evolveOrderLifecycle(state, event);
  }
}
