import { z } from 'zod';
import { marginType, positionSide, triggerPriceType } from './enums.wire';
import {
  decimalString,
  epochMillisString,
  idString,
  optionalDecimalString,
  venueCode,
} from './wire-primitives';

/** GET /api/v1/futures/positions: one entry per symbol and side. Sizes are contracts. */
export const futuresPositionSchema = z.object({
  symbol: z.string(),
  side: positionSide,
  avgPrice: decimalString,
  position: decimalString,
  available: decimalString,
  leverage: decimalString,
  lastPrice: optionalDecimalString,
  positionValue: optionalDecimalString,
  liquidationPrice: optionalDecimalString,
  margin: optionalDecimalString,
  marginRate: optionalDecimalString,
  profitRate: optionalDecimalString,
  unrealizedPnL: optionalDecimalString,
  realizedPnL: optionalDecimalString,
  marginType: marginType.optional(),
  /** Deprecated by the venue in favour of `reducibleQty`. */
  minMargin: optionalDecimalString.optional(),
  reducibleQty: optionalDecimalString.optional(),
  updateTime: epochMillisString.optional(),
});
export type FuturesPosition = z.output<typeof futuresPositionSchema>;
export type FuturesPositionInput = z.input<typeof futuresPositionSchema>;
export const futuresPositionListSchema = z.array(futuresPositionSchema);

/** GET /api/v1/futures/balance entry. */
export const futuresBalanceSchema = z.object({
  asset: z.string(),
  balance: decimalString,
  availableBalance: decimalString,
  positionMargin: decimalString,
  orderMargin: decimalString,
  crossUnRealizedPnl: optionalDecimalString,
});
export type FuturesBalance = z.output<typeof futuresBalanceSchema>;
export type FuturesBalanceInput = z.input<typeof futuresBalanceSchema>;
export const futuresBalanceListSchema = z.array(futuresBalanceSchema);

/** POST /api/v1/futures/leverage. */
export const setLeverageResponseSchema = z.object({
  code: venueCode,
  symbolId: z.string(),
  leverage: decimalString,
});
export type SetLeverageResponse = z.output<typeof setLeverageResponseSchema>;

/** GET /api/v1/futures/leverage entry. */
export const leverageSettingSchema = z.object({
  symbolId: z.string(),
  leverage: decimalString,
  marginType: marginType,
});
export type LeverageSetting = z.output<typeof leverageSettingSchema>;
export const leverageSettingListSchema = z.array(leverageSettingSchema);

/** POST /api/v1/futures/position/trading-stop. */
export const tradingStopResponseSchema = z.object({
  symbolId: z.string(),
  side: positionSide,
  stopProfitPrice: optionalDecimalString.optional(),
  stopProfitTriggerConditionType: triggerPriceType.or(z.literal('')).optional(),
  stopLossPrice: optionalDecimalString.optional(),
  stopLossTriggerConditionType: triggerPriceType.or(z.literal('')).optional(),
});
export type TradingStopResponse = z.output<typeof tradingStopResponseSchema>;

/** POST /api/v1/futures/marginType. */
export const setMarginTypeResponseSchema = z.object({
  code: venueCode,
  symbolId: z.string(),
  marginType: marginType,
});
export type SetMarginTypeResponse = z.output<typeof setMarginTypeResponseSchema>;

/** POST /api/v1/futures/positionMargin. */
export const positionMarginResponseSchema = z.object({
  code: venueCode,
  symbol: z.string(),
  margin: decimalString,
  timestamp: epochMillisString,
});
export type PositionMarginResponse = z.output<typeof positionMarginResponseSchema>;

/** GET /api/v1/futures/liquidationAssignStatus entry. */
export const liquidationAssignStatusSchema = z.object({
  status: z.enum(['ACTIVE', 'INACTIVE']),
  minAccountBalance: optionalDecimalString,
  maintAccountBalance: optionalDecimalString,
  liqOrderLimitRatio: optionalDecimalString,
});
export type LiquidationAssignStatus = z.output<typeof liquidationAssignStatusSchema>;
export const liquidationAssignStatusListSchema = z.array(liquidationAssignStatusSchema);

// ---------------------------------------------------------------- futures reference data

export const fundingRateSchema = z.object({
  symbol: z.string(),
  rate: decimalString,
  nextSettleTime: epochMillisString,
});
export type FundingRate = z.output<typeof fundingRateSchema>;
export const fundingRateListSchema = z.array(fundingRateSchema);

export const historyFundingRateSchema = z.object({
  id: idString,
  symbol: z.string(),
  settleTime: epochMillisString,
  settleRate: decimalString,
});
export type HistoryFundingRate = z.output<typeof historyFundingRateSchema>;
export const historyFundingRateListSchema = z.array(historyFundingRateSchema);

export const riskLimitSchema = z.object({
  riskLimitAmount: decimalString,
  maintainMargin: decimalString,
  initialMargin: decimalString,
  side: z.enum(['BUY_OPEN', 'SELL_OPEN']),
});
export type RiskLimit = z.output<typeof riskLimitSchema>;
export const riskLimitListSchema = z.array(riskLimitSchema);

/** `symbol` is in the seeds but absent from the real capture, so it is optional. */
export const commissionRateSchema = z.object({
  symbol: z.string().optional(),
  openMakerFee: decimalString,
  openTakerFee: decimalString,
  closeMakerFee: decimalString,
  closeTakerFee: decimalString,
});
export type CommissionRate = z.output<typeof commissionRateSchema>;

const bestOrderSideSchema = z.object({
  time: epochMillisString,
  price: decimalString,
  leftQty: decimalString,
  side: z.string(),
});
export const bestOrderSchema = z.object({
  bid: bestOrderSideSchema.nullable().optional(),
  ask: bestOrderSideSchema.nullable().optional(),
});
export type BestOrder = z.output<typeof bestOrderSchema>;
