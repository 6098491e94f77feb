import { matchTicketlessFill } from './ticketless-fill-match';
import { Decider } from '../shared/decider';
import { refusalAsValue, requireCommand } from '../shared/domain-error';
import {
  FuturesFillObservation,
  FuturesFillObserved,
  futuresFillId,
  readFuturesFillObservation,
} from '../observations/futures-fill-observed';
import {
  FuturesOrderObservation,
  FuturesOrderObserved,
  readFuturesOrderObservation,
} from '../observations/futures-order-observed';
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
import { readFuturesOrderRequest } from './futures-order-request';
import { FuturesOrderCommand, FuturesOrderEvent, FuturesOrderState } from './futures-order.types';

export const futuresOrderDecider: Decider<FuturesOrderCommand, FuturesOrderEvent, FuturesOrderState> = {
  initialState: initialOrderCoreState(),
  decide: (command, state) => refusalAsValue(() => decideFuturesOrder(requireCommand(command), state)),
  evolve: evolveFuturesOrder,
};

function decideFuturesOrder(command: FuturesOrderCommand, state: FuturesOrderState): FuturesOrderEvent[] {
  switch (command.type) {
    case 'PlaceFuturesOrder':
      return [
        decidePlaceOrder(state, venueKnowsOrder(state), command, (value) => readFuturesOrderRequest(value)),
      ];
    case 'RecordFuturesSubmissionAccepted': {
      const now = requireTime(command.now);
      const ack = readAcknowledgement(command.acknowledgement, 'create', state, readFuturesOrderObservation);
      const accepted = decideSubmissionAccepted(state, ack.orderId, now);
      if (accepted === null) return observeOrder(state, ack, now);
      return [accepted, ...observeOrder(evolveFuturesOrder(state, accepted), ack, now)];
    }
    case 'RecordFuturesCancelAccepted': {
      const now = requireTime(command.now);
      const acknowledged = decideCancelAcknowledged(state, now);
      const ack = readAcknowledgement(command.acknowledgement, 'cancel', state, readFuturesOrderObservation);
      if (acknowledged === null) return observeOrder(state, ack, now);
      return [acknowledged, ...observeOrder(evolveFuturesOrder(state, acknowledged), ack, now)];
    }
    case 'RecordFuturesOrderObservation':
      return observeOrder(state, readFuturesOrderObservation(command.observation), requireTime(command.now));
    case 'RecordFuturesFillObservation':
      return observeFill(
        state,
        matchTicketlessFill(state, readFuturesFillObservation(command.observation), command.recorded),
        command.recorded,
        requireTime(command.now),
      );
    default:
      return decideOrderLifecycle(state, command, orderVenueFacts(state));
  }
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
  recorded: unknown,
  now: number,
): FuturesOrderEvent[] {
  const observed: FuturesFillObserved = { type: 'FuturesFillObserved', schemaVersion: 1, data: observation };
  return decideFillReport<FuturesOrderState, FuturesOrderEvent>(
    state,
    observation,
    futuresOrderFillOf(observation),
    observed,
    recorded,
    evolveFuturesOrder,
    now,
  );
}

/** A futures fill is identified by futuresFillId (ticket id, else trade id); quantities are contracts. */
export function futuresOrderFillOf(observation: FuturesFillObservation): OrderFill {
  return fillFromReport({
    fillId: futuresFillId(observation),
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
      return foldOrderFill(state, event.data, futuresOrderFillOf(event.data));
    default:
      return evolveOrderLifecycle(state, event);
  }
}
