import { VenueObservationEvent } from '../observations/observation-identity';
import { OrderLifecycleEvent, OrderSubmissionRequested } from '../orders/order-lifecycle.events';
import { SpotOrderRequest } from '../spot-order/spot-order-request';
import { FuturesOrderRequest } from '../futures-order/futures-order-request';
import { FuturesStopOrderRequest } from '../futures-stop-order/futures-stop-order-request';
import { TriggeredOrderLinked } from '../futures-stop-order/futures-stop-order.types';
import {
  FundingPaymentRecorded,
  PositionFillRecorded,
  PositionFillRetired,
} from '../position/futures-position.types';
import { VenueStreamEvent } from '../venue-stream/venue-stream.decider';

/** Every event this domain writes, at its current schema version. */
export type AnyDomainEvent =
  | VenueObservationEvent
  | OrderSubmissionRequested<SpotOrderRequest | FuturesOrderRequest | FuturesStopOrderRequest>
  | OrderLifecycleEvent
  | TriggeredOrderLinked
  | PositionFillRecorded
  | PositionFillRetired
  | FundingPaymentRecorded
  | VenueStreamEvent;

export type DomainEventType = AnyDomainEvent['type'];

/** The current schema version of every event type; the upcaster raises older ones to it. */
export const CURRENT_SCHEMA_VERSIONS: Readonly<Record<DomainEventType, number>> = {
  SpotOrderObserved: 1,
  SpotFillObserved: 2,
  FuturesOrderObserved: 1,
  FuturesStopOrderObserved: 1,
  FuturesFillObserved: 1,
  FuturesPositionObserved: 1,
  SpotBalanceObserved: 1,
  FuturesBalanceObserved: 1,
  OrderSubmissionRequested: 1,
  OrderAccepted: 1,
  OrderRejected: 1,
  OrderSubmissionUncertain: 1,
  OrderSubmissionLookedUp: 1,
  OrderSubmissionResolved: 1,
  OrderCancelRequested: 1,
  OrderCancelAcknowledged: 1,
  OrderCancelUncertain: 1,
  OrderCancelResolved: 1,
  OrderFillInferred: 1,
  InferredFillRetired: 1,
  OrderFillSettled: 1,
  ReconciliationBreakDetected: 1,
  ReconciliationBreakResolved: 1,
  TriggeredOrderLinked: 1,
  PositionFillRecorded: 2,
  PositionFillRetired: 1,
  FundingPaymentRecorded: 1,
  VenueStreamConnected: 1,
  VenueStreamDisconnected: 1,
  VenueStreamGapDetected: 1,
};
