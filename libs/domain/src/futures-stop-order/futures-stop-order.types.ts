import { DomainEvent } from '../shared/domain-event';
import {
  FuturesStopOrderObservation,
  FuturesStopOrderObserved,
} from '../observations/futures-stop-order-observed';
import { OrderLifecycleCommand } from '../orders/order-lifecycle.commands';
import { OrderSubmissionRequested, SubmissionLifecycleEvent } from '../orders/order-lifecycle.events';
import { OrderLifecycleState } from '../orders/order-core.state';
import { FuturesStopOrderRequest } from './futures-stop-order-request';

export interface FuturesStopOrderState extends OrderLifecycleState {
  readonly accountId: string | null;
  readonly symbol: string | null;
  readonly request: FuturesStopOrderRequest | null;
  /** The highest report in the stop lattice. */
  readonly venue: FuturesStopOrderObservation | null;
  /** The limit order the trigger created, once known. */
  readonly triggeredOrderId: string | null;
}

/** The OMS learned which limit order the trigger created. */
export type TriggeredOrderLinked = DomainEvent<
  'TriggeredOrderLinked',
  1,
  { readonly stopOrderId: string; readonly triggeredOrderId: string; readonly linkedAt: number }
>;

export type FuturesStopOrderEvent =
  | OrderSubmissionRequested<FuturesStopOrderRequest>
  | FuturesStopOrderObserved
  | TriggeredOrderLinked
  | SubmissionLifecycleEvent;

export interface PlaceFuturesStopOrder {
  readonly type: 'PlaceFuturesStopOrder';
  readonly clientOrderId: string;
  readonly actor: string;
  readonly request: FuturesStopOrderRequest;
  readonly now: number;
}

export interface RecordStopSubmissionAccepted {
  readonly type: 'RecordStopSubmissionAccepted';
  readonly acknowledgement: FuturesStopOrderObservation;
  readonly now: number;
}

export interface RecordStopCancelAccepted {
  readonly type: 'RecordStopCancelAccepted';
  readonly acknowledgement: FuturesStopOrderObservation;
  readonly now: number;
}

export interface RecordFuturesStopOrderObservation {
  readonly type: 'RecordFuturesStopOrderObservation';
  readonly observation: FuturesStopOrderObservation;
  readonly now: number;
}

/** Ties the stop to the limit order its trigger created (seen as a new futures order). */
export interface LinkTriggeredOrder {
  readonly type: 'LinkTriggeredOrder';
  readonly triggeredOrderId: string;
  readonly now: number;
}

export type FuturesStopOrderCommand =
  | PlaceFuturesStopOrder
  | RecordStopSubmissionAccepted
  | RecordStopCancelAccepted
  | RecordFuturesStopOrderObservation
  | LinkTriggeredOrder
  | OrderLifecycleCommand;
