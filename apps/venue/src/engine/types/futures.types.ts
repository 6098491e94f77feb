import type { DecimalString, EpochMillis } from './instrument.types';
import type { CancelReason, StpMode } from './spot.types';

export type FuturesSide = 'BUY_OPEN' | 'SELL_CLOSE' | 'SELL_OPEN' | 'BUY_CLOSE';
export type FuturesRequestType = 'LIMIT' | 'STOP';
/** Type reported on limit-type records: LIMIT_MAKER for post-only, MARKET_OF_BASE never produced here. */
export type FuturesLimitOrderType = 'LIMIT' | 'LIMIT_MAKER' | 'MARKET_OF_BASE';
export type FuturesPriceType = 'INPUT' | 'MARKET';
export type FuturesTimeInForce = 'GTC' | 'FOK' | 'IOC' | 'LIMIT_MAKER';
export type PositionSide = 'LONG' | 'SHORT';
export type MarginType = 'CROSS' | 'ISOLATED';
export type TriggerPriceType = 'MARK_PRICE' | 'CONTRACT_PRICE';
export type LiquidationType = '' | 'LIQUIDATION_MAKER_ADL' | 'LIQUIDATION_MAKER' | 'LIQUIDATION_TAKER';
export type FuturesOrderStatus =
  'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'PARTIALLY_CANCELED' | 'REJECTED';
/**
 * ORDER_NEW rests; ORDER_CANCELED was cancelled; at trigger time ORDER_FILLED created its
 * order, ORDER_NOT_EFFECTIVE (CLOSE) found too few contracts to close, ORDER_REJECTED
 * failed the margin check, ORDER_FAILED met any other refusal. See README.md.
 */
export type FuturesStopOrderStatus =
  'ORDER_NEW' | 'ORDER_FILLED' | 'ORDER_REJECTED' | 'ORDER_CANCELED' | 'ORDER_FAILED' | 'ORDER_NOT_EFFECTIVE';

export interface PlaceFuturesOrderCommand {
  readonly userId: string;
  readonly symbol: string;
  readonly side: FuturesSide;
  readonly type: FuturesRequestType;
  /** Whole number of contracts. */
  readonly quantity: string;
  /** Required for LIMIT with priceType INPUT; for STOP it is the limit price once triggered (market when absent). */
  readonly price?: string;
  /** Defaults to INPUT. */
  readonly priceType?: FuturesPriceType;
  /** Required for STOP. */
  readonly stopPrice?: string;
  readonly timeInForce?: FuturesTimeInForce;
  /** Required by the exchange for futures; at most 255 characters. */
  readonly clientOrderId: string;
  readonly stpMode?: StpMode;
}

/** Limit-type order record (type LIMIT on request), field names as the exchange's. */
export interface FuturesOrderRecord {
  readonly recordType: 'LIMIT';
  readonly accountId: string;
  readonly time: EpochMillis;
  readonly updateTime: EpochMillis;
  readonly orderId: string;
  readonly clientOrderId: string;
  readonly symbol: string;
  readonly price: DecimalString;
  readonly leverage: string;
  readonly origQty: DecimalString;
  readonly executedQty: DecimalString;
  /** `0` until the first fill. */
  readonly avgPrice: DecimalString;
  /** Quote value filled so far: sum of price x contracts x multiplier. */
  readonly cumulativeQuoteQty: DecimalString;
  /** Margin still reserved for the unfilled part, including open and close fees. */
  readonly marginLocked: DecimalString;
  readonly type: FuturesLimitOrderType;
  readonly side: FuturesSide;
  readonly timeInForce: FuturesTimeInForce;
  readonly status: FuturesOrderStatus;
  readonly priceType: FuturesPriceType;
  readonly contractMultiplier: DecimalString;
  readonly isLiquidationOrder: boolean;
  readonly indexPrice: DecimalString;
  readonly liquidationType: LiquidationType;
  readonly ordCxlReason: CancelReason;
  readonly stpMode: StpMode;
  /** Whether the order reduces a position (the `_CLOSE` sides). */
  readonly isClose: boolean;
  /** Fees paid so far, in the margin asset. */
  readonly sumFeeAmount: DecimalString;
  /** Id of the STOP order or trading stop that produced this order, if any. */
  readonly triggeredByOrderId: string;
}

/** Stop-type order record (type STOP on request). */
export interface FuturesStopOrderRecord {
  readonly recordType: 'STOP';
  readonly time: EpochMillis;
  readonly updateTime: EpochMillis;
  readonly orderId: string;
  readonly accountId: string;
  readonly clientOrderId: string;
  readonly symbol: string;
  /** `0` when the triggered order is a market order. */
  readonly price: DecimalString;
  readonly leverage: string;
  readonly origQty: DecimalString;
  readonly type: 'STOP';
  readonly side: FuturesSide;
  readonly status: FuturesStopOrderStatus;
  readonly stopPrice: DecimalString;
  readonly stpMode: StpMode;
  readonly priceType: FuturesPriceType;
  /** The mark price moving up through stopPrice triggers when true, down when false. */
  readonly triggerWhenMarkAtOrAbove: boolean;
  /** Limit-type order created when it triggered; empty before. */
  readonly triggeredOrderId: string;
}

export type FuturesAnyOrderRecord = FuturesOrderRecord | FuturesStopOrderRecord;

export interface FuturesOrderLookup {
  readonly userId: string;
  readonly orderId?: string;
  readonly clientOrderId?: string;
  /** LIMIT when absent. */
  readonly type?: FuturesRequestType;
  readonly symbol?: string;
}

export interface FuturesOrderListQuery {
  readonly userId: string;
  readonly type: FuturesRequestType;
  readonly symbol?: string;
  readonly beforeOrderId?: string;
  readonly startTime?: EpochMillis;
  readonly endTime?: EpochMillis;
  /** Defaults to 500; capped at 500. */
  readonly limit?: number;
}

export interface FuturesCancelResult<TOrder extends FuturesAnyOrderRecord = FuturesAnyOrderRecord> {
  readonly order: TOrder;
  readonly statusBeforeCancel: TOrder['status'];
}

export interface FuturesCancelOpenOrdersCommand {
  readonly userId: string;
  readonly symbol?: string;
  /** BUY cancels BUY_OPEN and BUY_CLOSE, SELL the SELL_ sides. */
  readonly side?: 'BUY' | 'SELL';
  readonly beforeOrderId?: string;
  readonly limit?: number;
}

export interface FuturesTradeRecord {
  readonly accountId: string;
  readonly time: EpochMillis;
  /** Per-side trade id (`tradeId` on REST). */
  readonly tradeId: string;
  /** Matching id shared by maker and taker (`ticketInfo.T`). */
  readonly ticketId: string;
  /** Execution id of the contractExecutionReport (`d`). */
  readonly executionId: string;
  readonly orderId: string;
  readonly clientOrderId: string;
  readonly matchOrderId: string;
  readonly symbol: string;
  readonly price: DecimalString;
  /** Contracts. */
  readonly quantity: DecimalString;
  readonly commissionAsset: string;
  readonly commission: DecimalString;
  readonly makerRebate: DecimalString;
  /** LIMIT or MARKET, as the order was priced. */
  readonly type: 'LIMIT' | 'MARKET';
  readonly side: FuturesSide;
  readonly realizedPnl: DecimalString;
  readonly isMaker: boolean;
}

export interface FuturesTradeQuery {
  readonly userId: string;
  readonly symbol?: string;
  readonly fromId?: string;
  readonly toId?: string;
  readonly startTime?: EpochMillis;
  readonly endTime?: EpochMillis;
  /** Defaults to 20; capped at 1000. */
  readonly limit?: number;
}

export interface FuturesPositionRecord {
  readonly accountId: string;
  readonly symbol: string;
  readonly side: PositionSide;
  readonly avgPrice: DecimalString;
  /** Contracts held. */
  readonly position: DecimalString;
  /** Contracts not already reserved by resting close orders. */
  readonly available: DecimalString;
  readonly leverage: string;
  /** Mark price used for the unrealized figures. */
  readonly lastPrice: DecimalString;
  readonly positionValue: DecimalString;
  readonly liquidationPrice: DecimalString;
  readonly margin: DecimalString;
  readonly marginRate: DecimalString;
  readonly unrealizedPnL: DecimalString;
  readonly profitRate: DecimalString;
  /** Cumulative for the symbol and side, fees excluded. */
  readonly realizedPnL: DecimalString;
  readonly marginType: MarginType;
  /** Maintenance margin. */
  readonly minMargin: DecimalString;
  readonly reducibleQty: DecimalString;
  readonly updateTime: EpochMillis;
}

export interface LeverageRecord {
  readonly symbol: string;
  readonly leverage: string;
  readonly marginType: MarginType;
}

export interface PositionMarginAdjustCommand {
  readonly userId: string;
  readonly symbol: string;
  readonly side: PositionSide;
  /** Positive adds isolated margin, negative removes it. */
  readonly amount: string;
}

export interface TradingStopCommand {
  readonly userId: string;
  readonly symbol: string;
  readonly side: PositionSide;
  readonly stopProfit?: string;
  readonly stopLoss?: string;
  /** Defaults to CONTRACT_PRICE. */
  readonly tpTriggerBy?: TriggerPriceType;
  readonly slTriggerBy?: TriggerPriceType;
}

export interface TradingStopRecord {
  readonly symbol: string;
  readonly side: PositionSide;
  /** Empty when not set. */
  readonly stopProfitPrice: DecimalString;
  readonly stopProfitTriggerConditionType: TriggerPriceType;
  readonly stopLossPrice: DecimalString;
  readonly stopLossTriggerConditionType: TriggerPriceType;
}

export interface FundingRateRecord {
  readonly symbol: string;
  readonly rate: DecimalString;
  readonly nextSettleTime: EpochMillis;
}

/** A control-plane funding settlement: every symbol, or one, at its current rate or an override. */
export interface SettleFundingCommand {
  readonly symbol?: string;
  /** Positive: LONG positions pay SHORT ones. Defaults to the published rate. */
  readonly rate?: string;
}

/** One position's share of a settlement, signed from the account's side (negative = paid). */
export interface FundingPaymentRecord {
  readonly fundingId: string;
  readonly userId: string;
  readonly accountId: string;
  readonly symbol: string;
  readonly side: PositionSide;
  readonly marginType: MarginType;
  /** Contracts held at settlement. */
  readonly position: DecimalString;
  readonly markPrice: DecimalString;
  /** markPrice x contracts x multiplier. */
  readonly positionValue: DecimalString;
  readonly rate: DecimalString;
  readonly amount: DecimalString;
  readonly asset: string;
  readonly settleTime: EpochMillis;
}

/** A row of GET /api/v1/futures/historyFundingRate. */
export interface FundingHistoryRecord {
  readonly id: string;
  readonly symbol: string;
  readonly settleTime: EpochMillis;
  readonly settleRate: DecimalString;
}

export interface FundingSettlementRecord extends FundingHistoryRecord {
  readonly markPrice: DecimalString;
  readonly payments: readonly FundingPaymentRecord[];
}

export interface FundingHistoryQuery {
  readonly symbol: string;
  /** Settlements with an id at or above this one. */
  readonly fromId?: string;
  /** Settlements with an id at or below this one. */
  readonly endId?: string;
  /** Defaults to 20; capped at 100. */
  readonly limit?: number;
}

export interface RiskLimitTierRecord {
  readonly riskLimitAmount: DecimalString;
  readonly maintainMargin: DecimalString;
  readonly initialMargin: DecimalString;
  readonly side: 'BUY_OPEN' | 'SELL_OPEN';
}

export interface CommissionRateRecord {
  readonly symbol: string;
  readonly openMakerFee: DecimalString;
  readonly openTakerFee: DecimalString;
  readonly closeMakerFee: DecimalString;
  readonly closeTakerFee: DecimalString;
}
