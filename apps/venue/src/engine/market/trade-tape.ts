import type { EngineDecimal } from '../support/engine-decimal';
import { formatDecimal } from '../support/engine-decimal';
import type { PublicTradeRecord } from '../types/market.types';

export interface TapeEntry {
  readonly ticketId: string;
  readonly time: number;
  readonly price: EngineDecimal;
  readonly quantity: EngineDecimal;
  readonly isBuyerMaker: boolean;
}

/** Bound on trades kept per symbol: enough for a 24h ticker of a simulated day and the public trades endpoint. */
const MAX_TRADES_PER_SYMBOL = 20_000;

/** Public trades per symbol (every match, desk or participant) and the last traded price. */
export class TradeTape {
  private readonly trades = new Map<string, TapeEntry[]>();

  record(symbol: string, entry: TapeEntry): void {
    let list = this.trades.get(symbol);
    if (list === undefined) {
      list = [];
      this.trades.set(symbol, list);
    }
    list.push(entry);
    if (list.length > MAX_TRADES_PER_SYMBOL) list.splice(0, list.length - MAX_TRADES_PER_SYMBOL);
  }

  lastPrice(symbol: string): EngineDecimal | undefined {
    const list = this.trades.get(symbol);
    return list?.[list.length - 1]?.price;
  }

  /** Newest last, as the exchange returns data in ascending time. */
  recent(symbol: string, limit: number): PublicTradeRecord[] {
    const list = this.trades.get(symbol) ?? [];
    return list.slice(Math.max(0, list.length - limit)).map((entry) => ({
      symbol,
      ticketId: entry.ticketId,
      time: entry.time,
      price: formatDecimal(entry.price),
      qty: formatDecimal(entry.quantity),
      isBuyerMaker: entry.isBuyerMaker,
    }));
  }

  since(symbol: string, fromTime: number): readonly TapeEntry[] {
    return (this.trades.get(symbol) ?? []).filter((entry) => entry.time >= fromTime);
  }

  between(symbol: string, fromTime: number, toTime: number): readonly TapeEntry[] {
    return (this.trades.get(symbol) ?? []).filter((entry) => entry.time >= fromTime && entry.time <= toTime);
  }
}
