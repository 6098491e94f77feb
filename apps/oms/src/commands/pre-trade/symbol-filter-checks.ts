import Decimal from 'decimal.js';
import { SymbolFilter, SymbolRules } from '@oms/exchange';
import { PreTradeRefusal, refusal } from './pre-trade-refusal';

/**
 * The exchange-info filters of one symbol, checked before anything is recorded or
 * sent. Each refusal names the filter (as a pre-trade rule) and the request field.
 * A bound of "0" means "no bound" on this venue.
 */
type FilterOf<T extends SymbolFilter['filterType']> = Extract<SymbolFilter, { filterType: T }>;

function filterOf<T extends SymbolFilter['filterType']>(
  rules: SymbolRules,
  type: T,
): FilterOf<T> | undefined {
  return rules.info.filters.find((filter): filter is FilterOf<T> => filter.filterType === type);
}

function bound(value: string | undefined): Decimal | null {
  if (value === undefined || value === '') return null;
  const decimal = new Decimal(value);
  return decimal.gt(0) ? decimal : null;
}

function outside(value: Decimal, min: Decimal | null, max: Decimal | null): string | null {
  if (min !== null && value.lt(min)) return `must be at least ${min.toFixed()}, got ${value.toFixed()}`;
  if (max !== null && value.gt(max)) return `must be at most ${max.toFixed()}, got ${value.toFixed()}`;
  return null;
}

function offStep(value: Decimal, step: Decimal | null): string | null {
  return step !== null && !value.mod(step).isZero()
    ? `must be a multiple of ${step.toFixed()}, got ${value.toFixed()}`
    : null;
}

export function checkSymbolTrades(
  rules: SymbolRules | undefined,
  market: 'spot' | 'futures',
  symbol: string,
): PreTradeRefusal | null {
  const isContract = rules !== undefined && 'contractMultiplier' in rules.info;
  if (rules === undefined || rules.info.symbol !== symbol || isContract !== (market === 'futures')) {
    return refusal('SYMBOL_UNKNOWN', 'symbol', `${symbol} is not a ${market} symbol of the venue`);
  }
  if (rules.info.status !== 'TRADING') {
    return refusal('SYMBOL_NOT_TRADING', 'symbol', `${symbol} is ${rules.info.status}, not TRADING`);
  }
  return null;
}

export function checkPrice(rules: SymbolRules, price: Decimal, field: string): PreTradeRefusal | null {
  const filter = filterOf(rules, 'PRICE_FILTER');
  if (filter === undefined) return null;
  const range = outside(price, bound(filter.minPrice), bound(filter.maxPrice));
  if (range !== null) return refusal('PRICE_RANGE', field, range);
  const step = offStep(price, bound(filter.tickSize));
  return step === null ? null : refusal('PRICE_TICK', field, step);
}

/**
 * How a quantity was sent when it is not in base units: futures contracts, each
 * `multiplier` base units. Refusals then speak of the contracts sent.
 */
export interface SentUnits {
  readonly sent: Decimal;
  readonly multiplier: Decimal;
}

/** A quantity in base units against the lot filter (the market bounds for market orders). */
export function checkBaseQuantity(
  rules: SymbolRules,
  base: Decimal,
  market: boolean,
  field: string,
  units?: SentUnits,
): PreTradeRefusal | null {
  const lot = filterOf(rules, 'LOT_SIZE');
  if (lot === undefined) return null;
  const [min, max] = market ? [lot.marketOrderMinQty, lot.marketOrderMaxQty] : [lot.minQty, lot.maxQty];
  const step = bound(lot.stepSize);
  if (units === undefined) {
    const range = outside(base, bound(min), bound(max));
    if (range !== null) return refusal('QUANTITY_RANGE', field, range);
    const off = offStep(base, step);
    return off === null ? null : refusal('QUANTITY_STEP', field, off);
  }
  // The filter's bounds are in base units; the same checks on the contracts sent.
  const inContracts = (value: Decimal | null) => (value === null ? null : value.div(units.multiplier));
  const range = outside(units.sent, inContracts(bound(min)), inContracts(bound(max)));
  if (range !== null) return refusal('QUANTITY_RANGE', field, `${range} contracts`);
  const off = offStep(units.sent, inContracts(step));
  return off === null ? null : refusal('QUANTITY_STEP', field, `${off} contracts`);
}

export function checkNotional(rules: SymbolRules, notional: Decimal, field: string): PreTradeRefusal | null {
  const minimum = bound(filterOf(rules, 'MIN_NOTIONAL')?.minNotional);
  if (minimum !== null && notional.lt(minimum)) {
    return refusal(
      'MIN_NOTIONAL',
      field,
      `gives a notional of ${notional.toFixed()}, below the minimum ${minimum.toFixed()}`,
    );
  }
  const amount = filterOf(rules, 'TRADE_AMOUNT');
  if (amount === undefined) return null;
  const range = outside(notional, bound(amount.minAmount), bound(amount.maxAmount));
  return range === null ? null : refusal('NOTIONAL_RANGE', field, `notional ${range}`);
}

/** The quote cash of a market order by amount. */
export function checkMarketAmount(
  rules: SymbolRules,
  amount: Decimal,
  field: string,
): PreTradeRefusal | null {
  const filter = filterOf(rules, 'TRADE_AMOUNT');
  if (filter === undefined) return null;
  const range = outside(amount, bound(filter.marketOrderMinAmount), bound(filter.marketOrderMaxAmount));
  return range === null ? null : refusal('MARKET_AMOUNT_RANGE', field, range);
}
