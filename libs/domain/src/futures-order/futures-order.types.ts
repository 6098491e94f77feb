import { FuturesFillObservation, FuturesFillObserved } from '../observations/futures-fill-observed';
import { FuturesOrderObservation, FuturesOrderObserved } from '../observations/futures-order-observed';
import {
  FillObservationCommand,
  MarketOrderCommand,
  MarketOrderEvent,
  OrderAcknowledgementCommand,
  OrderObservationCommand,
  PlaceOrderCommand,
} from '../orders/market-order-decider';
import { OrderCoreState } from '../orders/order-core.state';
import { FuturesOrderRequest } from './futures-order-request';

/** Quantities (executedQty, fills) are contracts. */
export type FuturesOrderState = OrderCoreState<FuturesOrderRequest, FuturesOrderObservation>;

export type FuturesOrderEvent = MarketOrderEvent<
  FuturesOrderRequest,
  FuturesOrderObserved,
  FuturesFillObserved
>;

/** What futures calls each order command (`marketOrderDecider`). */
export const FUTURES_ORDER_COMMANDS = {
  place: 'PlaceFuturesOrder',
  submissionAccepted: 'RecordFuturesSubmissionAccepted',
  cancelAccepted: 'RecordFuturesCancelAccepted',
  orderObservation: 'RecordFuturesOrderObservation',
  fillObservation: 'RecordFuturesFillObservation',
} as const;

type Names = typeof FUTURES_ORDER_COMMANDS;

export type PlaceFuturesOrder = PlaceOrderCommand<Names['place'], FuturesOrderRequest>;
export type RecordFuturesSubmissionAccepted = OrderAcknowledgementCommand<
  Names['submissionAccepted'],
  FuturesOrderObservation
>;
export type RecordFuturesCancelAccepted = OrderAcknowledgementCommand<
  Names['cancelAccepted'],
  FuturesOrderObservation
>;
export type RecordFuturesOrderObservation = OrderObservationCommand<
  Names['orderObservation'],
  FuturesOrderObservation
>;
export type RecordFuturesFillObservation = FillObservationCommand<
  Names['fillObservation'],
  FuturesFillObservation
>;

export type FuturesOrderCommand = MarketOrderCommand<
  Names,
  FuturesOrderRequest,
  FuturesOrderObservation,
  FuturesFillObservation
>;
