import { SpotFillObservation, SpotFillObserved } from '../observations/spot-fill-observed';
import { SpotOrderObservation, SpotOrderObserved } from '../observations/spot-order-observed';
import {
  FillObservationCommand,
  MarketOrderCommand,
  MarketOrderEvent,
  OrderAcknowledgementCommand,
  OrderObservationCommand,
  PlaceOrderCommand,
} from '../orders/market-order-decider';
import { OrderCoreState } from '../orders/order-core.state';
import { SpotOrderRequest } from './spot-order-request';

export type SpotOrderState = OrderCoreState<SpotOrderRequest, SpotOrderObservation>;

export type SpotOrderEvent = MarketOrderEvent<SpotOrderRequest, SpotOrderObserved, SpotFillObserved>;

/** What spot calls each order command (`marketOrderDecider`). */
export const SPOT_ORDER_COMMANDS = {
  place: 'PlaceSpotOrder',
  submissionAccepted: 'RecordSpotSubmissionAccepted',
  cancelAccepted: 'RecordSpotCancelAccepted',
  orderObservation: 'RecordSpotOrderObservation',
  fillObservation: 'RecordSpotFillObservation',
} as const;

type Names = typeof SPOT_ORDER_COMMANDS;

export type PlaceSpotOrder = PlaceOrderCommand<Names['place'], SpotOrderRequest>;
export type RecordSpotSubmissionAccepted = OrderAcknowledgementCommand<
  Names['submissionAccepted'],
  SpotOrderObservation
>;
export type RecordSpotCancelAccepted = OrderAcknowledgementCommand<
  Names['cancelAccepted'],
  SpotOrderObservation
>;
export type RecordSpotOrderObservation = OrderObservationCommand<
  Names['orderObservation'],
  SpotOrderObservation
>;
export type RecordSpotFillObservation = FillObservationCommand<Names['fillObservation'], SpotFillObservation>;

export type SpotOrderCommand = MarketOrderCommand<
  Names,
  SpotOrderRequest,
  SpotOrderObservation,
  SpotFillObservation
>;
