import { VenueEngineError } from '../engine-error';
import type { EngineDecimal } from '../support/engine-decimal';
import { formatDecimal } from '../support/engine-decimal';
import type { MarkPriceRecord } from '../types/market.types';

/** Current mark price per symbol, with the time it was set. */
export class MarkBoard {
  private readonly marks = new Map<string, { price: EngineDecimal; time: number }>();

  set(symbol: string, price: EngineDecimal, time: number): void {
    this.marks.set(symbol, { price, time });
  }

  price(symbol: string): EngineDecimal {
    const mark = this.marks.get(symbol);
    if (mark === undefined) throw new VenueEngineError('invalidSymbol', { detail: symbol });
    return mark.price;
  }

  record(symbol: string): MarkPriceRecord {
    const mark = this.marks.get(symbol);
    if (mark === undefined) throw new VenueEngineError('invalidSymbol', { detail: symbol });
    return { symbol, price: formatDecimal(mark.price), time: mark.time };
  }

  all(): MarkPriceRecord[] {
    return [...this.marks.keys()].map((symbol) => this.record(symbol));
  }
}
