import Decimal from 'decimal.js';
import { InvalidRequestError } from '../errors/exchange-errors';
import {
  ContractInfo,
  LotSizeFilter,
  MinNotionalFilter,
  PriceFilter,
  SpotSymbolInfo,
  SymbolFilter,
  TradeAmountFilter,
} from '../wire/exchange-info.wire';
import { WireFuturesOrderRequest } from '../wire/futures-order.wire';
import { WireSpotOrderRequest } from '../wire/spot-order.wire';

function findFilter<T extends SymbolFilter['filterType']>(
  filters: readonly SymbolFilter[],
  type: T,
): Extract<SymbolFilter, { filterType: T }> | undefined {
  return filters.find(
    (filter): filter is Extract<SymbolFilter, { filterType: T }> => filter.filterType === type,
  );
}

/** Zero in a bound means "no bound" on this venue (e.g. `maxSellPrice: "0"`). */
function positive(value: string | undefined): Decimal | undefined {
  if (value === undefined || value === '') return undefined;
  const decimal = new Decimal(value);
  return decimal.gt(0) ? decimal : undefined;
}

function checkRange(field: string, value: Decimal, min: Decimal | undefined, max: Decimal | undefined): void {
  if (min && value.lt(min))
    throw new InvalidRequestError(field, `must be at least ${min.toString()}, got ${value.toString()}`);
  if (max && value.gt(max))
    throw new InvalidRequestError(field, `must be at most ${max.toString()}, got ${value.toString()}`);
}

function checkStep(field: string, value: Decimal, step: Decimal | undefined): void {
  if (step && !value.mod(step).isZero()) {
    throw new InvalidRequestError(field, `must be a multiple of ${step.toString()}, got ${value.toString()}`);
  }
}

/**
 * Price and quantity filters of one symbol (exchange info), checked before an order
 * is sent so that a filter violation is reported with the field at fault instead of
 * spending rate budget on a certain rejection.
 */
export class SymbolRules {
  private readonly price?: PriceFilter;
  private readonly lot?: LotSizeFilter;
  private readonly minNotional?: MinNotionalFilter;
  private readonly tradeAmount?: TradeAmountFilter;
  readonly contractMultiplier?: Decimal;

  constructor(readonly info: SpotSymbolInfo | ContractInfo) {
    this.price = findFilter(info.filters, 'PRICE_FILTER');
    this.lot = findFilter(info.filters, 'LOT_SIZE');
    this.minNotional = findFilter(info.filters, 'MIN_NOTIONAL');
    this.tradeAmount = findFilter(info.filters, 'TRADE_AMOUNT');
    if ('contractMultiplier' in info) this.contractMultiplier = new Decimal(info.contractMultiplier);
  }

  checkPrice(field: string, price: Decimal): void {
    if (!this.price) return;
    checkRange(field, price, positive(this.price.minPrice), positive(this.price.maxPrice));
    checkStep(field, price, positive(this.price.tickSize));
  }

  /**
   * `version` matters for a market buy: on the legacy v1.0 endpoint its `quantity` is
   * the quote cash to spend, so it is held to the market amount bounds, not the lot.
   */
  checkSpotOrder(order: WireSpotOrderRequest, field = 'order', version: 'v1.0' | 'v1.1' = 'v1.1'): void {
    const price = order.price === undefined ? undefined : new Decimal(order.price);
    const quantity = order.quantity === undefined ? undefined : new Decimal(order.quantity);
    if (price) this.checkPrice(`${field}.price`, price);
    if (order.type === 'MARKET') {
      if (version === 'v1.0' && order.side === 'BUY') {
        if (quantity) this.checkMarketAmount(`${field}.quantity`, quantity);
        return;
      }
      if (quantity && this.lot) {
        checkRange(
          `${field}.quantity`,
          quantity,
          positive(this.lot.marketOrderMinQty),
          positive(this.lot.marketOrderMaxQty),
        );
        checkStep(`${field}.quantity`, quantity, positive(this.lot.stepSize));
      }
      if (order.amount !== undefined) this.checkMarketAmount(`${field}.amount`, new Decimal(order.amount));
      return;
    }
    if (quantity && this.lot) {
      checkRange(`${field}.quantity`, quantity, positive(this.lot.minQty), positive(this.lot.maxQty));
      checkStep(`${field}.quantity`, quantity, positive(this.lot.stepSize));
    }
    if (price && quantity) {
      const notional = price.mul(quantity);
      const minimum = positive(this.minNotional?.minNotional);
      if (minimum && notional.lt(minimum)) {
        throw new InvalidRequestError(
          `${field}.quantity`,
          `gives a notional of ${notional.toString()}, below the minimum ${minimum.toString()}`,
        );
      }
      if (this.tradeAmount) {
        checkRange(
          `${field}.notional`,
          notional,
          positive(this.tradeAmount.minAmount),
          positive(this.tradeAmount.maxAmount),
        );
      }
    }
  }

  private checkMarketAmount(field: string, amount: Decimal): void {
    if (!this.tradeAmount) return;
    checkRange(
      field,
      amount,
      positive(this.tradeAmount.marketOrderMinAmount),
      positive(this.tradeAmount.marketOrderMaxAmount),
    );
  }

  /**
   * Futures quantities are contracts while the lot and notional filters are in base
   * units, so the order is measured as contracts x contractMultiplier.
   */
  checkFuturesOrder(order: WireFuturesOrderRequest, field = 'order'): void {
    const price =
      order.price !== undefined && order.priceType !== 'MARKET' ? new Decimal(order.price) : undefined;
    if (price) this.checkPrice(`${field}.price`, price);
    if (order.stopPrice !== undefined) this.checkPrice(`${field}.stopPrice`, new Decimal(order.stopPrice));
    if (!this.contractMultiplier) return;
    const base = new Decimal(order.quantity).mul(this.contractMultiplier);
    if (this.lot) {
      checkRange(`${field}.quantity`, base, positive(this.lot.minQty), positive(this.lot.maxQty));
      checkStep(`${field}.quantity`, base, positive(this.lot.stepSize));
    }
    const minimum = positive(this.minNotional?.minNotional);
    if (price && minimum && base.mul(price).lt(minimum)) {
      throw new InvalidRequestError(
        `${field}.quantity`,
        `gives a notional of ${base.mul(price).toString()}, below the minimum ${minimum.toString()}`,
      );
    }
  }
}

/** Rules of every symbol and contract of an exchange info answer, by symbol. */
export class SymbolRulebook {
  private readonly rules = new Map<string, SymbolRules>();

  constructor(symbols: readonly (SpotSymbolInfo | ContractInfo)[] = []) {
    for (const info of symbols) this.rules.set(info.symbol, new SymbolRules(info));
  }

  static fromExchangeInfo(info: {
    symbols: readonly SpotSymbolInfo[];
    contracts: readonly ContractInfo[];
  }): SymbolRulebook {
    return new SymbolRulebook([...info.symbols, ...info.contracts]);
  }

  get(symbol: string): SymbolRules | undefined {
    return this.rules.get(symbol);
  }

  add(info: SpotSymbolInfo | ContractInfo): void {
    this.rules.set(info.symbol, new SymbolRules(info));
  }

  get size(): number {
    return this.rules.size;
  }
}
