import type { EngineDecimal } from '../support/engine-decimal';
import { ZERO } from '../support/engine-decimal';

export type BookSide = 'BUY' | 'SELL';

/** What the book knows of a resting order; the owner keeps the full order state. */
export interface RestingOrder {
  readonly orderId: string;
  readonly side: BookSide;
  readonly price: EngineDecimal;
  remaining: EngineDecimal;
  /** Owner account, compared for self-trade prevention. */
  readonly accountId: string;
  /** Liquidity of the simulated participants: never settled, never published. */
  readonly isParticipant: boolean;
  readonly restedAt: number;
}

interface PriceLevel {
  readonly price: EngineDecimal;
  readonly orders: RestingOrder[];
}

export interface AggregatedLevel {
  readonly price: EngineDecimal;
  readonly quantity: EngineDecimal;
}

/**
 * One symbol's book with price-time priority: levels sorted best first, each level
 * a FIFO queue of orders in arrival order.
 */
export class OrderBook {
  private readonly bids: PriceLevel[] = [];
  private readonly asks: PriceLevel[] = [];
  private readonly byId = new Map<string, RestingOrder>();

  constructor(readonly symbol: string) {}

  add(order: RestingOrder): void {
    const levels = this.levelsOf(order.side);
    const index = this.levelIndex(levels, order.side, order.price);
    const existing = levels[index];
    if (existing !== undefined && existing.price.eq(order.price)) existing.orders.push(order);
    else levels.splice(index, 0, { price: order.price, orders: [order] });
    this.byId.set(order.orderId, order);
  }

  get(orderId: string): RestingOrder | undefined {
    return this.byId.get(orderId);
  }

  remove(orderId: string): RestingOrder | undefined {
    const order = this.byId.get(orderId);
    if (order === undefined) return undefined;
    const levels = this.levelsOf(order.side);
    const index = this.levelIndex(levels, order.side, order.price);
    const level = levels[index];
    if (level !== undefined && level.price.eq(order.price)) {
      const position = level.orders.indexOf(order);
      if (position >= 0) level.orders.splice(position, 1);
      if (level.orders.length === 0) levels.splice(index, 1);
    }
    this.byId.delete(orderId);
    return order;
  }

  /** The order first in line on one side, if any. */
  best(side: BookSide): RestingOrder | undefined {
    return this.levelsOf(side)[0]?.orders[0];
  }

  /** Walks one side in priority order without changing it. */
  *walk(side: BookSide): Generator<RestingOrder> {
    for (const level of this.levelsOf(side)) {
      for (const order of level.orders) yield order;
    }
  }

  depth(side: BookSide, limit: number): AggregatedLevel[] {
    return this.levelsOf(side)
      .slice(0, limit)
      .map((level) => ({
        price: level.price,
        quantity: level.orders.reduce((sum, order) => sum.plus(order.remaining), ZERO),
      }));
  }

  /** Removes and returns every order matching the predicate. */
  removeWhere(predicate: (order: RestingOrder) => boolean): RestingOrder[] {
    const removed = [...this.byId.values()].filter(predicate);
    for (const order of removed) this.remove(order.orderId);
    return removed;
  }

  size(): number {
    return this.byId.size;
  }

  private levelsOf(side: BookSide): PriceLevel[] {
    return side === 'BUY' ? this.bids : this.asks;
  }

  /** Binary search: index of the level with this price, or where it would be inserted. */
  private levelIndex(levels: PriceLevel[], side: BookSide, price: EngineDecimal): number {
    let low = 0;
    let high = levels.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const candidate = levels[middle].price;
      const better = side === 'BUY' ? candidate.gt(price) : candidate.lt(price);
      if (better) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
