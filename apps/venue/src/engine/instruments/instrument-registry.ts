import { VenueEngineError } from '../engine-error';
import { EngineDecimal, dec, isMultipleOf } from '../support/engine-decimal';
import type { InstrumentKind, InstrumentRecord } from '../types/instrument.types';

/** An instrument with its filters already parsed, so matching never re-parses strings. */
export interface Instrument {
  readonly record: InstrumentRecord;
  readonly symbol: string;
  readonly kind: InstrumentKind;
  readonly multiplier: EngineDecimal;
  readonly tickSize: EngineDecimal;
  readonly stepSize: EngineDecimal;
  readonly minPrice: EngineDecimal;
  readonly maxPrice: EngineDecimal;
  readonly minQty: EngineDecimal;
  readonly maxQty: EngineDecimal;
  readonly marketMinQty: EngineDecimal;
  readonly marketMaxQty: EngineDecimal;
  readonly minNotional: EngineDecimal;
  readonly marketMinAmount: EngineDecimal;
  readonly marketMaxAmount: EngineDecimal;
  readonly maintMarginRate: EngineDecimal;
  /** Decimal places of prices, for rounding averages. */
  readonly priceDecimals: number;
}

function toInstrument(record: InstrumentRecord): Instrument {
  const tickSize = dec(record.tickSize);
  return {
    record,
    symbol: record.symbol,
    kind: record.kind,
    multiplier: dec(record.contractMultiplier),
    tickSize,
    stepSize: dec(record.stepSize),
    minPrice: dec(record.minPrice),
    maxPrice: dec(record.maxPrice),
    minQty: dec(record.minQty),
    maxQty: dec(record.maxQty),
    marketMinQty: dec(record.marketOrderMinQty),
    marketMaxQty: dec(record.marketOrderMaxQty),
    minNotional: dec(record.minNotional),
    marketMinAmount: dec(record.marketOrderMinAmount),
    marketMaxAmount: dec(record.marketOrderMaxAmount),
    maintMarginRate: dec(record.riskLimits[0]?.maintMargin ?? '0'),
    priceDecimals: Math.max(tickSize.decimalPlaces(), 2),
  };
}

export class InstrumentRegistry {
  private readonly bySymbol = new Map<string, Instrument>();

  constructor(records: readonly InstrumentRecord[]) {
    for (const record of records) this.bySymbol.set(record.symbol, toInstrument(record));
  }

  all(): readonly Instrument[] {
    return [...this.bySymbol.values()];
  }

  /** Throws the exchange's invalid-symbol error when unknown or of the wrong kind. */
  require(symbol: string | undefined, kind?: InstrumentKind): Instrument {
    if (symbol === undefined || symbol === '')
      throw new VenueEngineError('requiredField', { field: 'symbol' });
    const instrument = this.bySymbol.get(symbol);
    if (instrument === undefined || (kind !== undefined && instrument.kind !== kind)) {
      throw new VenueEngineError('invalidSymbol', { detail: symbol });
    }
    return instrument;
  }

  find(symbol: string): Instrument | undefined {
    return this.bySymbol.get(symbol);
  }
}

/** The PRICE_FILTER rules. */
export function checkPrice(instrument: Instrument, price: EngineDecimal, field = 'price'): void {
  if (price.lt(instrument.minPrice)) throw new VenueEngineError('priceTooLow', { field });
  if (price.gt(instrument.maxPrice)) throw new VenueEngineError('priceTooHigh', { field });
  if (!isMultipleOf(price, instrument.tickSize)) throw new VenueEngineError('priceTickViolation', { field });
}

/** The LOT_SIZE rules; market orders use their own bounds. */
export function checkQuantity(instrument: Instrument, quantity: EngineDecimal, isMarket: boolean): void {
  const min = isMarket ? instrument.marketMinQty : instrument.minQty;
  const max = isMarket ? instrument.marketMaxQty : instrument.maxQty;
  if (quantity.lt(min)) throw new VenueEngineError('quantityTooSmall', { field: 'quantity' });
  if (quantity.gt(max)) throw new VenueEngineError('quantityTooLarge', { field: 'quantity' });
  if (!isMultipleOf(quantity, instrument.stepSize)) {
    throw new VenueEngineError('quantityStepViolation', { field: 'quantity' });
  }
}

/** MIN_NOTIONAL for priced orders (quote value of price x quantity x multiplier). */
export function checkNotional(instrument: Instrument, notional: EngineDecimal): void {
  if (notional.lt(instrument.minNotional))
    throw new VenueEngineError('notionalTooSmall', { field: 'quantity' });
}

/** TRADE_AMOUNT bounds of market orders by cash amount. */
export function checkMarketAmount(instrument: Instrument, amount: EngineDecimal): void {
  if (amount.lt(instrument.marketMinAmount))
    throw new VenueEngineError('notionalTooSmall', { field: 'amount' });
  if (amount.gt(instrument.marketMaxAmount))
    throw new VenueEngineError('quantityTooLarge', { field: 'amount' });
}
