import { z } from 'zod';
import { decimalString, epochMillisString, idString, optionalDecimalString } from './wire-primitives';

/**
 * Symbol filters of GET /api/v1/exchangeInfo, keyed by `filterType`. Filters this
 * client does not know are kept as `OTHER` so a new filter never breaks parsing.
 */
export const priceFilterSchema = z.object({
  filterType: z.literal('PRICE_FILTER'),
  minPrice: decimalString,
  maxPrice: decimalString,
  tickSize: decimalString,
});
export const lotSizeFilterSchema = z.object({
  filterType: z.literal('LOT_SIZE'),
  minQty: decimalString,
  maxQty: decimalString,
  stepSize: decimalString,
  marketOrderMinQty: optionalDecimalString.optional(),
  marketOrderMaxQty: optionalDecimalString.optional(),
});
export const minNotionalFilterSchema = z.object({
  filterType: z.literal('MIN_NOTIONAL'),
  minNotional: decimalString,
});
export const tradeAmountFilterSchema = z.object({
  filterType: z.literal('TRADE_AMOUNT'),
  minAmount: decimalString,
  maxAmount: decimalString,
  minBuyPrice: optionalDecimalString.optional(),
  marketOrderMinAmount: optionalDecimalString.optional(),
  marketOrderMaxAmount: optionalDecimalString.optional(),
});
export const limitTradingFilterSchema = z.object({
  filterType: z.literal('LIMIT_TRADING'),
  maxSellPrice: optionalDecimalString.optional(),
  buyPriceUpRate: optionalDecimalString.optional(),
  sellPriceDownRate: optionalDecimalString.optional(),
  maxEntrustNum: z.number().int().optional(),
  maxConditionNum: z.number().int().optional(),
});
export const marketTradingFilterSchema = z.object({
  filterType: z.literal('MARKET_TRADING'),
  buyPriceUpRate: optionalDecimalString.optional(),
  sellPriceDownRate: optionalDecimalString.optional(),
});
export const openQuoteFilterSchema = z.object({
  filterType: z.literal('OPEN_QUOTE'),
  noAllowMarketStartTime: epochMillisString.optional(),
  noAllowMarketEndTime: epochMillisString.optional(),
  limitOrderStartTime: epochMillisString.optional(),
  limitOrderEndTime: epochMillisString.optional(),
  limitMinPrice: optionalDecimalString.optional(),
  limitMaxPrice: optionalDecimalString.optional(),
});
const knownFilterTypes = new Set([
  'PRICE_FILTER',
  'LOT_SIZE',
  'MIN_NOTIONAL',
  'TRADE_AMOUNT',
  'LIMIT_TRADING',
  'MARKET_TRADING',
  'OPEN_QUOTE',
]);
export const otherFilterSchema = z
  .object({ filterType: z.string().refine((type) => !knownFilterTypes.has(type)) })
  .passthrough()
  .transform((filter) => ({ filterType: 'OTHER' as const, venueFilterType: filter.filterType }));

// Known filters are picked by their `filterType` (a discriminated union is an order
// of magnitude cheaper than trying each schema in turn); any other type falls through.
export const symbolFilterSchema = z.union([
  z.discriminatedUnion('filterType', [
    priceFilterSchema,
    lotSizeFilterSchema,
    minNotionalFilterSchema,
    tradeAmountFilterSchema,
    limitTradingFilterSchema,
    marketTradingFilterSchema,
    openQuoteFilterSchema,
  ]),
  otherFilterSchema,
]);
export type SymbolFilter = z.output<typeof symbolFilterSchema>;
export type PriceFilter = z.output<typeof priceFilterSchema>;
export type LotSizeFilter = z.output<typeof lotSizeFilterSchema>;
export type MinNotionalFilter = z.output<typeof minNotionalFilterSchema>;
export type TradeAmountFilter = z.output<typeof tradeAmountFilterSchema>;

/** A spot symbol of exchange info; also the bare body of GET /api/v1/exchangeInfo?symbol=. */
export const spotSymbolInfoSchema = z.object({
  symbol: z.string(),
  symbolName: z.string().optional(),
  status: z.string(),
  baseAsset: z.string(),
  baseAssetName: z.string().optional(),
  baseAssetPrecision: decimalString.optional(),
  quoteAsset: z.string(),
  quoteAssetName: z.string().optional(),
  quotePrecision: decimalString.optional(),
  retailAllowed: z.boolean().optional(),
  piAllowed: z.boolean().optional(),
  corporateAllowed: z.boolean().optional(),
  omnibusAllowed: z.boolean().optional(),
  icebergAllowed: z.boolean().optional(),
  isAggregate: z.boolean().optional(),
  allowMargin: z.boolean().optional(),
  filters: z.array(symbolFilterSchema),
});
export type SpotSymbolInfo = z.output<typeof spotSymbolInfoSchema>;
export type SpotSymbolInfoInput = z.input<typeof spotSymbolInfoSchema>;

export const contractRiskLimitSchema = z.object({
  riskLimitId: idString,
  quantity: decimalString,
  initialMargin: decimalString,
  maintMargin: decimalString,
  isWhite: z.boolean().optional(),
});

/** A perpetual contract of exchange info (`BTCUSDT-PERPETUAL`). */
export const contractInfoSchema = z.object({
  symbol: z.string(),
  symbolName: z.string().optional(),
  status: z.string(),
  exchangeId: idString.optional(),
  baseAsset: z.string(),
  baseAssetPrecision: decimalString.optional(),
  quoteAsset: z.string(),
  quoteAssetPrecision: decimalString.optional(),
  icebergAllowed: z.boolean().optional(),
  inverse: z.boolean().optional(),
  index: z.string().optional(),
  marginToken: z.string().optional(),
  marginPrecision: decimalString.optional(),
  /** Base quantity of one contract: base = contracts x contractMultiplier. */
  contractMultiplier: decimalString,
  underlying: z.string().optional(),
  riskLimits: z.array(contractRiskLimitSchema).optional(),
  filters: z.array(symbolFilterSchema),
});
export type ContractInfo = z.output<typeof contractInfoSchema>;
export type ContractInfoInput = z.input<typeof contractInfoSchema>;

export const coinInfoSchema = z.object({
  orgId: idString.optional(),
  coinId: z.string(),
  coinName: z.string(),
  coinFullName: z.string().optional(),
  allowWithdraw: z.boolean().optional(),
  allowDeposit: z.boolean().optional(),
  tokenType: z.string().optional(),
  chainTypes: z
    .array(
      z.object({
        chainType: z.string(),
        withdrawFee: optionalDecimalString.optional(),
        minWithdrawQuantity: optionalDecimalString.optional(),
        maxWithdrawQuantity: optionalDecimalString.optional(),
        minDepositQuantity: optionalDecimalString.optional(),
        allowDeposit: z.boolean().optional(),
        allowWithdraw: z.boolean().optional(),
      }),
    )
    .optional(),
});
export type CoinInfo = z.output<typeof coinInfoSchema>;

/** GET /api/v1/exchangeInfo without `symbol`: the wrapper. */
export const exchangeInfoSchema = z.object({
  timezone: z.string().optional(),
  serverTime: epochMillisString.optional(),
  brokerFilters: z.array(z.unknown()).optional(),
  symbols: z.array(spotSymbolInfoSchema).default([]),
  options: z.array(z.unknown()).optional(),
  contracts: z.array(contractInfoSchema).default([]),
  coins: z.array(coinInfoSchema).default([]),
});
export type ExchangeInfo = z.output<typeof exchangeInfoSchema>;
export type ExchangeInfoInput = z.input<typeof exchangeInfoSchema>;

/** GET /api/v1/exchangeInfo?symbol=X answers with one bare symbol or contract object. */
export const singleSymbolInfoSchema = z.union([contractInfoSchema, spotSymbolInfoSchema]);
export type SingleSymbolInfo = SpotSymbolInfo | ContractInfo;
