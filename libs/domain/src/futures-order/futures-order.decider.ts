import { matchTicketlessFill } from './ticketless-fill-match';
import { Decider } from '../shared/decider';
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
import { marketOrderDecider } from '../orders/market-order-decider';
import { fillFromReport } from '../orders/order-core.evolve';
import { OrderFill } from '../orders/order-fills';
import { readFuturesOrderRequest } from './futures-order-request';
import {
  FUTURES_ORDER_COMMANDS,
  FuturesOrderCommand,
  FuturesOrderEvent,
  FuturesOrderState,
} from './futures-order.types';

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

const FUTURES_ORDER_OBSERVED: Omit<FuturesOrderObserved, 'data'> = {
  type: 'FuturesOrderObserved',
  schemaVersion: 1,
};
const FUTURES_FILL_OBSERVED: Omit<FuturesFillObserved, 'data'> = {
  type: 'FuturesFillObserved',
  schemaVersion: 1,
};

const futuresOrders = marketOrderDecider({
  commands: FUTURES_ORDER_COMMANDS,
  orderObserved: FUTURES_ORDER_OBSERVED,
  fillObserved: FUTURES_FILL_OBSERVED,
  readRequest: readFuturesOrderRequest,
  readOrderReport: (value: unknown, path?: string): FuturesOrderObservation =>
    readFuturesOrderObservation(value, path),
  readFillReport: (value: unknown): FuturesFillObservation => readFuturesFillObservation(value),
  fillOf: futuresOrderFillOf,
  // A trades row without its ticket id takes the id of the stream's report of that fill.
  completeFillReport: matchTicketlessFill,
});

export const futuresOrderDecider: Decider<FuturesOrderCommand, FuturesOrderEvent, FuturesOrderState> =
  futuresOrders.decider;

export const evolveFuturesOrder: (state: FuturesOrderState, event: FuturesOrderEvent) => FuturesOrderState =
  futuresOrders.evolve;
