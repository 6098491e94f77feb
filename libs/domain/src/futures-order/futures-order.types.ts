import { FuturesFillObservation, FuturesFillObserved } from '../observations/futures-fill-observed';
import { FuturesOrderObservation, FuturesOrderObserved } from '../observations/futures-order-observed';
import { OrderLifecycleCommand } from '../orders/order-lifecycle.commands';
import { OrderLifecycleEvent, OrderSubmissionRequested } from '../orders/order-lifecycle.events';
import { OrderCoreState } from '../orders/order-core.state';
import { OrderFill } from '../orders/order-fills';
import { FuturesOrderRequest } from './futures-order-request';

/** Quantities (executedQty, fills) are contracts. */
export type FuturesOrderState = OrderCoreState<FuturesOrderRequest, FuturesOrderObservation>;

export type FuturesOrderEvent =
  | OrderSubmissionRequested<FuturesOrderRequest>
  | FuturesOrderObserved
  | FuturesFillObserved
  | OrderLifecycleEvent;

export interface PlaceFuturesOrder {
  readonly type: 'PlaceFuturesOrder';
  readonly clientOrderId: string;
  readonly actor: string;
  readonly request: FuturesOrderRequest;
  readonly now: number;
}

export interface RecordFuturesSubmissionAccepted {
  readonly type: 'RecordFuturesSubmissionAccepted';
  readonly acknowledgement: FuturesOrderObservation;
  readonly now: number;
}

export interface RecordFuturesCancelAccepted {
  readonly type: 'RecordFuturesCancelAccepted';
  readonly acknowledgement: FuturesOrderObservation;
  readonly now: number;
}

export interface RecordFuturesOrderObservation {
  readonly type: 'RecordFuturesOrderObservation';
  readonly observation: FuturesOrderObservation;
  readonly now: number;
}

export interface RecordFuturesFillObservation {
  readonly type: 'RecordFuturesFillObservation';
  readonly observation: FuturesFillObservation;
  readonly now: number;
  /**
   * For a fill the state cannot tell new or repeated (see `orderFillNeedsRecord`): the
   * order's recorded report of it, every report of that fill merged, or null when it has
   * none. The state keeps no older fills, so the caller looks it up.
   */
  readonly recorded?: OrderFill | null;
}

export type FuturesOrderCommand =
  | PlaceFuturesOrder
  | RecordFuturesSubmissionAccepted
  | RecordFuturesCancelAccepted
  | RecordFuturesOrderObservation
  | RecordFuturesFillObservation
  | OrderLifecycleCommand;
