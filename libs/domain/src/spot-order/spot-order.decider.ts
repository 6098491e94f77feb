import { Decider } from '../shared/decider';
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
import { marketOrderDecider } from '../orders/market-order-decider';
import { fillFromReport } from '../orders/order-core.evolve';
import { OrderFill } from '../orders/order-fills';
import { readSpotOrderRequest } from './spot-order-request';
import { SPOT_ORDER_COMMANDS, SpotOrderCommand, SpotOrderEvent, SpotOrderState } from './spot-order.types';

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

const SPOT_ORDER_OBSERVED: Omit<SpotOrderObserved, 'data'> = { type: 'SpotOrderObserved', schemaVersion: 1 };
const SPOT_FILL_OBSERVED: Omit<SpotFillObserved, 'data'> = { type: 'SpotFillObserved', schemaVersion: 2 };

const spotOrders = marketOrderDecider({
  commands: SPOT_ORDER_COMMANDS,
  orderObserved: SPOT_ORDER_OBSERVED,
  fillObserved: SPOT_FILL_OBSERVED,
  readRequest: readSpotOrderRequest,
  readOrderReport: (value: unknown, path?: string): SpotOrderObservation =>
    readSpotOrderObservation(value, path),
  readFillReport: (value: unknown): SpotFillObservation => readSpotFillObservation(value),
  fillOf: spotOrderFillOf,
});

export const spotOrderDecider: Decider<SpotOrderCommand, SpotOrderEvent, SpotOrderState> = spotOrders.decider;

export const evolveSpotOrder: (state: SpotOrderState, event: SpotOrderEvent) => SpotOrderState =
  spotOrders.evolve;
