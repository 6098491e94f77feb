import { compareIds } from '../support/id-sequence';
import { clampLimit } from '../spot/spot-queries';
import type {
  FuturesAnyOrderRecord,
  FuturesOrderListQuery,
  FuturesOrderLookup,
  FuturesPositionRecord,
  FuturesTradeQuery,
  FuturesTradeRecord,
  PositionSide,
} from '../types/futures.types';
import type { FuturesAccountBook } from './futures-account-book';
import type { FuturesOrderStore } from './futures-order-store';

/** Read-side of the futures endpoints for one futures account. */
export class FuturesQueries {
  constructor(
    private readonly store: FuturesOrderStore,
    private readonly accounts: FuturesAccountBook,
  ) {}

  order(accountId: string, lookup: FuturesOrderLookup): FuturesAnyOrderRecord {
    return lookup.type === 'STOP'
      ? this.store.findStop(accountId, lookup.orderId, lookup.clientOrderId).toRecord()
      : this.store.findLimit(accountId, lookup.orderId, lookup.clientOrderId).toRecord();
  }

  /** Newest first, paged by "id smaller than". */
  orders(accountId: string, query: FuturesOrderListQuery, wantOpen: boolean): FuturesAnyOrderRecord[] {
    const limit = clampLimit(query.limit, 500, 500);
    const source =
      query.type === 'STOP'
        ? this.store.stopsOf(accountId).map((order) => ({ open: order.isOpen, order }))
        : this.store.limitsOf(accountId).map((order) => ({ open: !order.isTerminal, order }));
    const found: FuturesAnyOrderRecord[] = [];
    for (let index = source.length - 1; index >= 0 && found.length < limit; index -= 1) {
      const { open, order } = source[index];
      if (open !== wantOpen) continue;
      if (query.symbol !== undefined && query.symbol !== '' && order.symbol !== query.symbol) continue;
      if (
        query.beforeOrderId !== undefined &&
        query.beforeOrderId !== '' &&
        compareIds(order.orderId, query.beforeOrderId) >= 0
      )
        continue;
      if (query.startTime !== undefined && order.time < query.startTime) continue;
      if (query.endTime !== undefined && order.time > query.endTime) continue;
      found.push(order.toRecord());
    }
    return found;
  }

  /** Newest first, as the exchange's userTrades returns them. */
  trades(accountId: string, query: FuturesTradeQuery): FuturesTradeRecord[] {
    const limit = clampLimit(query.limit, 20, 1000);
    const matching = this.store
      .tradesOf(accountId)
      .filter(
        (trade) =>
          (query.symbol === undefined || query.symbol === '' || trade.symbol === query.symbol) &&
          (query.fromId === undefined ||
            query.fromId === '' ||
            compareIds(trade.tradeId, query.fromId) >= 0) &&
          (query.toId === undefined || query.toId === '' || compareIds(trade.tradeId, query.toId) <= 0) &&
          (query.startTime === undefined || trade.time >= query.startTime) &&
          (query.endTime === undefined || trade.time <= query.endTime),
      );
    return matching.slice(Math.max(0, matching.length - limit)).reverse();
  }

  positions(accountId: string, symbol?: string, side?: PositionSide): FuturesPositionRecord[] {
    return this.accounts
      .positionsOf(accountId)
      .filter((position) => position.quantity.gt(0))
      .filter((position) => symbol === undefined || symbol === '' || position.symbol === symbol)
      .filter((position) => side === undefined || position.side === side)
      .map((position) => this.accounts.positionRecord(position));
  }
}
