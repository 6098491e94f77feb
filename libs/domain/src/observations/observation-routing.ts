import { assertNever } from '../shared/decider';
import {
  futuresBalanceStreamId,
  futuresOrderStreamId,
  futuresStopOrderStreamId,
  orderStreamKey,
  positionStreamId,
  spotBalanceStreamId,
  spotOrderStreamId,
} from '../shared/stream-ids';
import { VenueObservationEvent } from './observation-identity';

/**
 * Where an observation is folded. Most carry what their stream id needs. A fill or
 * report without a clientOrderId may belong to an order the OMS placed (whose stream
 * is keyed by clientOrderId): the OMS looks the orderId up in the streams it knows and
 * uses `fallbackStreamId` only when no stream holds it.
 */
export type ObservationRoute =
  | { readonly kind: 'stream'; readonly streamId: string }
  | {
      readonly kind: 'look-up-order-id';
      readonly accountId: string;
      readonly orderId: string;
      readonly fallbackStreamId: string;
    };

export function routeObservation(event: VenueObservationEvent): ObservationRoute {
  switch (event.type) {
    case 'SpotOrderObserved':
    case 'SpotFillObserved':
      return orderRoute(event.data, spotOrderStreamId);
    case 'FuturesOrderObserved':
    case 'FuturesFillObserved':
      return orderRoute(event.data, futuresOrderStreamId);
    case 'FuturesStopOrderObserved':
      return orderRoute(event.data, futuresStopOrderStreamId);
    case 'FuturesPositionObserved':
      return {
        kind: 'stream',
        streamId: positionStreamId(event.data.accountId, event.data.symbol, event.data.side),
      };
    case 'SpotBalanceObserved':
      return { kind: 'stream', streamId: spotBalanceStreamId(event.data.accountId, event.data.asset) };
    case 'FuturesBalanceObserved':
      return { kind: 'stream', streamId: futuresBalanceStreamId(event.data.accountId, event.data.asset) };
    default:
      return assertNever(event, 'observation event');
  }
}

function orderRoute(
  ids: { readonly accountId: string; readonly orderId: string; readonly clientOrderId: string | null },
  streamId: (accountId: string, key: ReturnType<typeof orderStreamKey>) => string,
): ObservationRoute {
  const key = orderStreamKey(ids);
  if (ids.clientOrderId !== null) return { kind: 'stream', streamId: streamId(ids.accountId, key) };
  return {
    kind: 'look-up-order-id',
    accountId: ids.accountId,
    orderId: ids.orderId,
    fallbackStreamId: streamId(ids.accountId, key),
  };
}
