/**
 * Event-store stream names. One stream per aggregate instance; the parts are joined
 * with ":" and each part is percent-escaped so an id that itself holds ":" cannot make
 * two different aggregates share a stream.
 */
import { isOmsClientOrderId } from './client-order-id';

export type PositionSide = 'LONG' | 'SHORT';

/** How an order stream is keyed: by the OMS's own client id, or by the venue's order id. */
export type OrderStreamKey =
  | { readonly by: 'clientOrderId'; readonly clientOrderId: string }
  | { readonly by: 'orderId'; readonly orderId: string };

function part(value: string): string {
  return value.replace(/%/g, '%25').replace(/:/g, '%3A');
}

function keyPart(key: OrderStreamKey): string {
  return key.by === 'clientOrderId' ? `c-${part(key.clientOrderId)}` : `o-${part(key.orderId)}`;
}

/**
 * Orders the OMS placed are keyed by the client id it generated (known before the venue
 * answers, so the submission and every later observation land in one stream); orders
 * placed elsewhere are keyed by the venue's order id.
 */
export function orderStreamKey(ids: {
  readonly orderId: string | null;
  readonly clientOrderId: string | null;
}): OrderStreamKey {
  if (ids.clientOrderId !== null && isOmsClientOrderId(ids.clientOrderId)) {
    return { by: 'clientOrderId', clientOrderId: ids.clientOrderId };
  }
  if (ids.orderId !== null) return { by: 'orderId', orderId: ids.orderId };
  if (ids.clientOrderId !== null) return { by: 'clientOrderId', clientOrderId: ids.clientOrderId };
  throw new TypeError('an order stream needs an orderId or a clientOrderId');
}

export function spotOrderStreamId(accountId: string, key: OrderStreamKey): string {
  return `spot-order:${part(accountId)}:${keyPart(key)}`;
}

export function futuresOrderStreamId(accountId: string, key: OrderStreamKey): string {
  return `futures-order:${part(accountId)}:${keyPart(key)}`;
}

export function futuresStopOrderStreamId(accountId: string, key: OrderStreamKey): string {
  return `futures-stop-order:${part(accountId)}:${keyPart(key)}`;
}

export function positionStreamId(accountId: string, symbol: string, side: PositionSide): string {
  return `position:${part(accountId)}:${part(symbol)}:${side}`;
}

export function spotBalanceStreamId(accountId: string, asset: string): string {
  return `spot-balance:${part(accountId)}:${part(asset)}`;
}

export function futuresBalanceStreamId(accountId: string, asset: string): string {
  return `futures-balance:${part(accountId)}:${part(asset)}`;
}

export function venueStreamId(accountId: string): string {
  return `venue-stream:${part(accountId)}`;
}

/** The stream type (first segment), as stored beside each stream. */
export function streamTypeOf(streamId: string): string {
  const end = streamId.indexOf(':');
  return end === -1 ? streamId : streamId.slice(0, end);
}
