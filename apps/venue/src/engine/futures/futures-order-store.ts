import { VenueEngineError } from '../engine-error';
import type { FuturesRequestType, FuturesTradeRecord } from '../types/futures.types';
import type { FuturesOrder } from './futures-order';
import type { FuturesStopOrder } from './futures-stop-order';

/** Every futures order, stop order and fill, indexed for lookups; limit and stop client ids are separate namespaces. */
export class FuturesOrderStore {
  private readonly limitById = new Map<string, FuturesOrder>();
  private readonly stopById = new Map<string, FuturesStopOrder>();
  private readonly limitByClientId = new Map<string, FuturesOrder>();
  private readonly stopByClientId = new Map<string, FuturesStopOrder>();
  private readonly limitByAccount = new Map<string, FuturesOrder[]>();
  private readonly stopByAccount = new Map<string, FuturesStopOrder[]>();
  private readonly tradesByAccount = new Map<string, FuturesTradeRecord[]>();

  addLimit(order: FuturesOrder): void {
    this.limitById.set(order.orderId, order);
    // A triggered order carries its stop's client id; only the first order per id is addressable by it.
    const key = `${order.accountId}|${order.clientOrderId}`;
    if (!this.limitByClientId.has(key)) this.limitByClientId.set(key, order);
    this.push(this.limitByAccount, order.accountId, order);
  }

  addStop(order: FuturesStopOrder): void {
    this.stopById.set(order.orderId, order);
    this.stopByClientId.set(`${order.accountId}|${order.clientOrderId}`, order);
    this.push(this.stopByAccount, order.accountId, order);
  }

  hasClientOrderId(accountId: string, clientOrderId: string, type: FuturesRequestType): boolean {
    const key = `${accountId}|${clientOrderId}`;
    return type === 'LIMIT' ? this.limitByClientId.has(key) : this.stopByClientId.has(key);
  }

  limit(orderId: string): FuturesOrder | undefined {
    return this.limitById.get(orderId);
  }

  stop(orderId: string): FuturesStopOrder | undefined {
    return this.stopById.get(orderId);
  }

  findLimit(accountId: string, orderId?: string, clientOrderId?: string): FuturesOrder {
    return this.find(this.limitById, this.limitByClientId, accountId, orderId, clientOrderId);
  }

  findStop(accountId: string, orderId?: string, clientOrderId?: string): FuturesStopOrder {
    return this.find(this.stopById, this.stopByClientId, accountId, orderId, clientOrderId);
  }

  limitsOf(accountId: string): readonly FuturesOrder[] {
    return this.limitByAccount.get(accountId) ?? [];
  }

  stopsOf(accountId: string): readonly FuturesStopOrder[] {
    return this.stopByAccount.get(accountId) ?? [];
  }

  /** Open stop orders of a symbol, oldest first: the order they trigger in. */
  openStops(symbol: string): FuturesStopOrder[] {
    return [...this.stopById.values()].filter((order) => order.isOpen && order.symbol === symbol);
  }

  addTrade(trade: FuturesTradeRecord): void {
    this.push(this.tradesByAccount, trade.accountId, trade);
  }

  tradesOf(accountId: string): readonly FuturesTradeRecord[] {
    return this.tradesByAccount.get(accountId) ?? [];
  }

  private find<T extends { accountId: string }>(
    byId: Map<string, T>,
    byClientId: Map<string, T>,
    accountId: string,
    orderId?: string,
    clientOrderId?: string,
  ): T {
    let order: T | undefined;
    if (orderId !== undefined && orderId !== '') order = byId.get(orderId);
    else if (clientOrderId !== undefined && clientOrderId !== '')
      order = byClientId.get(`${accountId}|${clientOrderId}`);
    else throw new VenueEngineError('requiredField', { field: 'orderId' });
    if (order === undefined || order.accountId !== accountId)
      throw new VenueEngineError('futuresOrderNotFound');
    return order;
  }

  private push<T>(registry: Map<string, T[]>, key: string, item: T): void {
    const list = registry.get(key) ?? [];
    list.push(item);
    registry.set(key, list);
  }
}
