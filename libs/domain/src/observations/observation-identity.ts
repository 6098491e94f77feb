import { assertNever } from '../shared/decider';
import { FuturesBalanceObserved, SpotBalanceObserved } from './balance-observed';
import { FuturesFillObserved, futuresFillId } from './futures-fill-observed';
import { FuturesOrderObserved } from './futures-order-observed';
import { FuturesPositionObserved } from './futures-position-observed';
import { FuturesStopOrderObserved } from './futures-stop-order-observed';
import { SpotFillObserved } from './spot-fill-observed';
import { SpotOrderObserved } from './spot-order-observed';

export type VenueObservationEvent =
  | SpotOrderObserved
  | SpotFillObserved
  | FuturesOrderObserved
  | FuturesStopOrderObserved
  | FuturesFillObserved
  | FuturesPositionObserved
  | SpotBalanceObserved
  | FuturesBalanceObserved;

/**
 * The identity of a venue fact as one source reported it, for the envelope's
 * deterministic eventId: the same report seen twice (a redelivered WS message, a
 * repeated poll) has the same identity; a different source or a newer state does not.
 */
export function observationIdentity(event: VenueObservationEvent): string {
  switch (event.type) {
    case 'SpotOrderObserved':
    case 'FuturesOrderObserved': {
      const o = event.data;
      return [
        event.type,
        o.accountId,
        o.orderId,
        o.status,
        o.executedQty,
        o.updateTime,
        o.source,
        o.acknowledgedRequest ?? '-',
      ].join('|');
    }
    case 'FuturesStopOrderObserved': {
      const o = event.data;
      return [
        event.type,
        o.accountId,
        o.orderId,
        o.status,
        o.updateTime,
        o.source,
        o.acknowledgedRequest ?? '-',
      ].join('|');
    }
    case 'SpotFillObserved':
      return [
        event.type,
        event.data.accountId,
        event.data.symbol,
        event.data.ticketId,
        event.data.source,
      ].join('|');
    case 'FuturesFillObserved':
      return [
        event.type,
        event.data.accountId,
        event.data.symbol,
        futuresFillId(event.data),
        event.data.source,
      ].join('|');
    case 'FuturesPositionObserved': {
      const o = event.data;
      return [event.type, o.accountId, o.symbol, o.side, o.updateTime, o.source, o.position].join('|');
    }
    case 'SpotBalanceObserved':
    case 'FuturesBalanceObserved':
      return [
        event.type,
        event.data.accountId,
        event.data.asset,
        event.data.venueTime,
        event.data.source,
      ].join('|');
    default:
      return assertNever(event, 'observation event');
  }
}
