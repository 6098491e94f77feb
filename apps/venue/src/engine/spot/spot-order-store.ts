import { VenueEngineError } from '../engine-error';
import type { SpotTradeRecord } from '../types/spot.types';
import type { SpotOrder } from './spot-order';

/** Every spot order and fill ever accepted, indexed the ways the endpoints look them up. */
export class SpotOrderStore {
  private readonly byId = new Map<string, SpotOrder>();
  private readonly byClientId = new Map<string, Map<string, SpotOrder>>();
  private readonly byAccount = new Map<string, SpotOrder[]>();
  private readonly tradesByAccount = new Map<string, SpotTradeRecord[]>();

  add(order: SpotOrder): void {
    this.byId.set(order.orderId, order);
    let clientIds = this.byClientId.get(order.accountId);
    if (clientIds === undefined) {
      clientIds = new Map();
      this.byClientId.set(order.accountId, clientIds);
    }
    clientIds.set(order.clientOrderId, order);
    const list = this.byAccount.get(order.accountId) ?? [];
    list.push(order);
    this.byAccount.set(order.accountId, list);
  }

  hasClientOrderId(accountId: string, clientOrderId: string): boolean {
    return this.byClientId.get(accountId)?.has(clientOrderId) ?? false;
  }

  get(orderId: string): SpotOrder | undefined {
    return this.byId.get(orderId);
  }

  /** By order id or client order id, within the user's accounts only. */
  find(accountIds: readonly string[], orderId?: string, clientOrderId?: string): SpotOrder {
    if ((orderId === undefined || orderId === '') && (clientOrderId === undefined || clientOrderId === '')) {
      throw new VenueEngineError('requiredField', { field: 'orderId' });
    }
    let order: SpotOrder | undefined;
    if (orderId !== undefined && orderId !== '') {
      const candidate = this.byId.get(orderId);
      if (candidate !== undefined && accountIds.includes(candidate.accountId)) order = candidate;
    } else if (clientOrderId !== undefined) {
      for (const accountId of accountIds) {
        order ??= this.byClientId.get(accountId)?.get(clientOrderId);
      }
    }
    if (order === undefined) throw new VenueEngineError('spotOrderNotFound');
    return order;
  }

  ordersOf(accountId: string): readonly SpotOrder[] {
    return this.byAccount.get(accountId) ?? [];
  }

  addTrade(trade: SpotTradeRecord): void {
    const list = this.tradesByAccount.get(trade.accountId) ?? [];
    list.push(trade);
    this.tradesByAccount.set(trade.accountId, list);
  }

  tradesOf(accountId: string): readonly SpotTradeRecord[] {
    return this.tradesByAccount.get(accountId) ?? [];
  }
}
