import Decimal from 'decimal.js';
import { FuturesOrderRequest, FuturesStopOrderRequest, SpotOrderRequest } from '@oms/domain';
import { SymbolRules } from '@oms/exchange';
import { AccountOrderLimits } from '../config/order-limits';
import { PreTradeRefusal, refusal } from './pre-trade-refusal';
import {
  checkBaseQuantity,
  checkMarketAmount,
  checkNotional,
  checkPrice,
  checkSymbolTrades,
} from './symbol-filter-checks';

/** What the checks of one order need to know besides the order. */
export interface PreTradeContext {
  readonly rules: SymbolRules | undefined;
  readonly limits: AccountOrderLimits;
  /** A recent price of the symbol (mark), needed to size market orders by quantity. */
  readonly referencePrice: string | null;
  /**
   * Funds the order may use: spot, the wallet total of the asset it spends; futures, the
   * available margin. null while the read models hold no balance for it yet (ingest has
   * not polled): the funds rule is then left to the venue, which refuses with its own code.
   */
  readonly available: Decimal | null;
  /** What open and in-flight orders already hold of those funds. */
  readonly held: Decimal;
  /** Futures: the symbol's leverage (margin = notional / leverage). */
  readonly leverage?: string;
}

type Check = () => PreTradeRefusal | null;

function firstRefusal(checks: readonly Check[]): PreTradeRefusal | null {
  for (const check of checks) {
    const refused = check();
    if (refused !== null) return refused;
  }
  return null;
}

function checkLimits(
  limits: AccountOrderLimits,
  quantity: Decimal | null,
  notional: Decimal | null,
  notionalField: string,
): PreTradeRefusal | null {
  if (quantity !== null && limits.maxOrderQty !== null && quantity.gt(limits.maxOrderQty)) {
    return refusal('MAX_ORDER_QTY', 'quantity', `exceeds the account's limit of ${limits.maxOrderQty}`);
  }
  if (notional !== null && limits.maxOrderNotional !== null && notional.gt(limits.maxOrderNotional)) {
    return refusal(
      'MAX_ORDER_NOTIONAL',
      notionalField,
      `gives a notional of ${notional.toFixed()}, above the account's limit of ${limits.maxOrderNotional}`,
    );
  }
  return null;
}

function checkFunds(
  rule: 'AVAILABLE_BALANCE' | 'AVAILABLE_MARGIN',
  field: string,
  needed: Decimal,
  context: PreTradeContext,
  what: string,
): PreTradeRefusal | null {
  if (context.available === null) return null;
  const left = context.available.minus(context.held);
  if (needed.lte(left)) return null;
  return refusal(
    rule,
    field,
    `needs ${needed.toFixed()} ${what} but ${Decimal.max(left, 0).toFixed()} is available after open and in-flight orders`,
  );
}

function unpriced(field: string): PreTradeRefusal {
  return refusal('REFERENCE_PRICE', field, 'cannot be valued: no recent price of the symbol is known');
}

/** Spot: symbol, filters, desk limits and the balance of the asset the order spends. */
export function checkSpotOrder(
  request: SpotOrderRequest,
  context: PreTradeContext,
  spendAsset: string,
): PreTradeRefusal | null {
  const trades = checkSymbolTrades(context.rules, 'spot', request.symbol);
  if (trades !== null || context.rules === undefined) return trades;
  const rules = context.rules;
  const quantity = request.quantity === null ? null : new Decimal(request.quantity);
  const amount = request.amount === null ? null : new Decimal(request.amount);
  const price = request.price !== null ? new Decimal(request.price) : null;
  const sizingPrice = price ?? (context.referencePrice === null ? null : new Decimal(context.referencePrice));
  const notional = amount ?? (quantity !== null && sizingPrice !== null ? quantity.times(sizingPrice) : null);
  const notionalField = amount !== null ? 'amount' : 'quantity';
  const market = request.type === 'MARKET';
  return firstRefusal([
    () => (price === null ? null : checkPrice(rules, price, 'price')),
    () => (quantity === null ? null : checkBaseQuantity(rules, quantity, market, 'quantity')),
    () => (amount === null ? null : checkMarketAmount(rules, amount, 'amount')),
    () => (!market && notional !== null ? checkNotional(rules, notional, 'quantity') : null),
    () => checkLimits(context.limits, quantity, notional, notionalField),
    () => {
      if (request.side === 'SELL') {
        if (quantity !== null)
          return checkFunds('AVAILABLE_BALANCE', 'quantity', quantity, context, spendAsset);
        // A sell by cash amount gives up what raising that amount takes at the recent price.
        if (amount === null || sizingPrice === null) return unpriced('amount');
        return checkFunds('AVAILABLE_BALANCE', 'amount', amount.div(sizingPrice), context, spendAsset);
      }
      if (notional === null) {
        return unpriced('quantity');
      }
      return checkFunds('AVAILABLE_BALANCE', notionalField, notional, context, spendAsset);
    },
  ]);
}

/** Futures limit and stop orders: contracts measured in base units for the filters. */
export function checkFuturesOrder(
  request: FuturesOrderRequest | FuturesStopOrderRequest,
  context: PreTradeContext,
  marginAsset: string,
): PreTradeRefusal | null {
  const trades = checkSymbolTrades(context.rules, 'futures', request.symbol);
  if (trades !== null || context.rules === undefined) return trades;
  const rules = context.rules;
  const contracts = new Decimal(request.quantity);
  const base = contracts.times(rules.contractMultiplier ?? 1);
  const price = request.price === null ? null : new Decimal(request.price);
  const stopPrice = request.product === 'futures-stop' ? new Decimal(request.stopPrice) : null;
  const sizingPrice =
    price ?? stopPrice ?? (context.referencePrice === null ? null : new Decimal(context.referencePrice));
  const notional = sizingPrice === null ? null : base.times(sizingPrice);
  const market = request.product === 'futures' && request.priceType === 'MARKET';
  return firstRefusal([
    () => (price === null ? null : checkPrice(rules, price, 'price')),
    () => (stopPrice === null ? null : checkPrice(rules, stopPrice, 'stopPrice')),
    () =>
      checkBaseQuantity(rules, base, false, 'quantity', {
        sent: contracts,
        multiplier: new Decimal(rules.contractMultiplier ?? 1),
      }),
    () => (!market && notional !== null ? checkNotional(rules, notional, 'quantity') : null),
    () => checkLimits(context.limits, contracts, notional, 'quantity'),
    () => {
      if (!request.side.endsWith('_OPEN')) return null;
      if (notional === null) {
        return refusal(
          'REFERENCE_PRICE',
          'quantity',
          'cannot be valued: no recent price of the symbol is known',
        );
      }
      const margin = notional.div(context.leverage ?? '1');
      return checkFunds('AVAILABLE_MARGIN', 'quantity', margin, context, `${marginAsset} of margin`);
    },
  ]);
}
