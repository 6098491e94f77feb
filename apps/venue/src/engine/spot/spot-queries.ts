import { compareIds } from '../support/id-sequence';
import type {
  SpotOrderListQuery,
  SpotOrderRecord,
  SpotTradeQuery,
  SpotTradeRecord,
} from '../types/spot.types';
import type { SpotOrder } from './spot-order';
import type { SpotOrderStore } from './spot-order-store';

export function clampLimit(limit: number | undefined, fallback: number, max: number): number {
  if (limit === undefined || !Number.isFinite(limit) || limit <= 0) return fallback;
  return Math.min(Math.trunc(limit), max);
}

function inTimeWindow(time: number, startTime?: number, endTime?: number): boolean {
  return (startTime === undefined || time >= startTime) && (endTime === undefined || time <= endTime);
}

/** Orders of one account passing the list filters, newest first, paged by "id smaller than". */
export function listSpotOrders(
  store: SpotOrderStore,
  accountId: string,
  query: SpotOrderListQuery,
  wantOpen: boolean,
): SpotOrderRecord[] {
  const limit = clampLimit(query.limit, 500, 1000);
  const matches = (order: SpotOrder): boolean =>
    order.isTerminal !== wantOpen &&
    (query.symbol === undefined || query.symbol === '' || order.symbol === query.symbol) &&
    (query.side === undefined || order.side === query.side) &&
    (query.beforeOrderId === undefined ||
      query.beforeOrderId === '' ||
      compareIds(order.orderId, query.beforeOrderId) < 0) &&
    inTimeWindow(order.time, query.startTime, query.endTime);
  const found: SpotOrderRecord[] = [];
  const orders = store.ordersOf(accountId);
  for (let index = orders.length - 1; index >= 0 && found.length < limit; index -= 1) {
    if (matches(orders[index])) found.push(orders[index].toRecord());
  }
  return found;
}

/** Fills of one account, oldest first as the exchange returns them; the newest `limit` when more match. */
export function listSpotTrades(
  store: SpotOrderStore,
  accountId: string,
  query: SpotTradeQuery,
): SpotTradeRecord[] {
  const limit = clampLimit(query.limit, 500, 1000);
  const matching = store
    .tradesOf(accountId)
    .filter(
      (trade) =>
        (query.symbol === undefined || query.symbol === '' || trade.symbol === query.symbol) &&
        (query.clientOrderId === undefined ||
          query.clientOrderId === '' ||
          trade.clientOrderId === query.clientOrderId) &&
        (query.orderId === undefined || query.orderId === '' || trade.orderId === query.orderId) &&
        (query.fromId === undefined || query.fromId === '' || compareIds(trade.id, query.fromId) >= 0) &&
        (query.toId === undefined || query.toId === '' || compareIds(trade.id, query.toId) <= 0) &&
        inTimeWindow(trade.time, query.startTime, query.endTime),
    );
  return matching.slice(Math.max(0, matching.length - limit));
}
