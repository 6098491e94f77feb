import type { DecimalString, EpochMillis } from './instrument.types';

export type SpotSide = 'BUY' | 'SELL';
export type SpotOrderType = 'LIMIT' | 'MARKET' | 'LIMIT_MAKER';
export type SpotTimeInForce = 'GTC' | 'IOC' | 'FOK';
export type StpMode = 'EXPIRE_TAKER' | 'EXPIRE_MAKER';
export type SpotOrderStatus =
  'PENDING_NEW' | 'NEW' | 'PARTIALLY_FILLED' | 'PARTIALLY_CANCELED' | 'FILLED' | 'CANCELED' | 'REJECTED';

/** Why an order ended without a full fill; empty while it is live. */
export type CancelReason =
  | ''
  | 'USER_CANCELED'
  | 'IOC_EXPIRED'
  | 'FOK_NOT_FILLED'
  | 'MARKET_NO_LIQUIDITY'
  | 'STP_EXPIRE_TAKER'
  | 'STP_EXPIRE_MAKER'
  | 'LIMIT_MAKER_WOULD_TAKE';

/**
 * A spot order request, already decoded from the wire. Decimals stay strings; the
 * engine validates them and names the field in its error.
 *
 * The v1.0 endpoint overloads `quantity` as the quote amount of a MARKET BUY: the
 * transport passes it as `amount` for that case.
 */
export interface PlaceSpotOrderCommand {
  readonly userId: string;
  /** Spot trading account; the user's main one when absent. */
  readonly accountId?: string;
  readonly symbol: string;
  readonly side: SpotSide;
  readonly type: SpotOrderType;
  /** Base units. Required for LIMIT and LIMIT_MAKER; MARKET needs quantity or amount. */
  readonly quantity?: string;
  /** Quote cash amount, MARKET orders only. */
  readonly amount?: string;
  readonly price?: string;
  readonly timeInForce?: SpotTimeInForce;
  /** Generated when absent; at most 255 characters. */
  readonly clientOrderId?: string;
  readonly stpMode?: StpMode;
}

/** Field names follow the exchange's order record (GET /api/v1/spot/order). */
export interface SpotOrderRecord {
  readonly accountId: string;
  readonly exchangeId: string;
  readonly symbol: string;
  readonly symbolName: string;
  readonly clientOrderId: string;
  readonly orderId: string;
  readonly price: DecimalString;
  readonly origQty: DecimalString;
  readonly executedQty: DecimalString;
  readonly cumulativeQuoteQty: DecimalString;
  /** `0` until the first fill. */
  readonly avgPrice: DecimalString;
  readonly status: SpotOrderStatus;
  readonly timeInForce: SpotTimeInForce;
  readonly type: SpotOrderType;
  readonly side: SpotSide;
  readonly stpMode: StpMode;
  readonly reqAmount: DecimalString;
  readonly time: EpochMillis;
  readonly updateTime: EpochMillis;
  /** Same as `time`: the acknowledgement's timestamp. */
  readonly transactTime: EpochMillis;
  readonly ordCxlReason: CancelReason;
  /** Asset of the last fill's fee (base on BUY, quote on SELL); empty before any fill. */
  readonly feeCoin: string;
  readonly feeAmount: DecimalString;
  readonly sumFeeAmount: DecimalString;
  readonly isWorking: boolean;
}

export interface SpotCancelResult {
  /** The order after the cancel took effect. */
  readonly order: SpotOrderRecord;
  /** The exchange's cancel acknowledgement reports the status held before cancelling. */
  readonly statusBeforeCancel: SpotOrderStatus;
}

export interface SpotOrderLookup {
  readonly userId: string;
  readonly accountId?: string;
  readonly orderId?: string;
  readonly clientOrderId?: string;
}

export interface SpotOrderListQuery {
  readonly userId: string;
  readonly accountId?: string;
  readonly symbol?: string;
  readonly side?: SpotSide;
  /** Only orders whose id is smaller than this one (exchange paging). */
  readonly beforeOrderId?: string;
  readonly startTime?: EpochMillis;
  readonly endTime?: EpochMillis;
  /** Defaults to 500; capped at 1000. */
  readonly limit?: number;
}

export interface SpotCancelOpenOrdersCommand {
  readonly userId: string;
  readonly accountId?: string;
  readonly symbol?: string;
  readonly side?: SpotSide;
  readonly beforeOrderId?: string;
  /** Cap on cancelled orders; defaults to 1000. */
  readonly limit?: number;
}

export interface BulkCancelResult<TOrder> {
  readonly canceled: readonly TOrder[];
  /** Highest-id order cancelled, `0` if none. */
  readonly lastOrderId: string;
}

export interface CancelByIdsFailure {
  readonly orderId: string;
  readonly code: string | number;
  readonly msg: string;
}

export interface CancelByIdsResult<TOrder> {
  readonly canceled: readonly TOrder[];
  readonly failed: readonly CancelByIdsFailure[];
}

export type BatchEntryResult<TOrder> =
  | { readonly ok: true; readonly order: TOrder }
  | { readonly ok: false; readonly code: string | number; readonly msg: string };

/** A fill as seen by one side; field names follow GET /api/v1/account/trades. */
export interface SpotTradeRecord {
  /** Per-side trade id. */
  readonly id: string;
  /** Matching id shared by maker and taker; also `ticketInfo.T`. */
  readonly ticketId: string;
  /** Execution id of the executionReport (`d`); distinct from ticketId and id. */
  readonly executionId: string;
  readonly accountId: string;
  readonly clientOrderId: string;
  readonly symbol: string;
  readonly symbolName: string;
  readonly orderId: string;
  /** The counterparty order id. */
  readonly matchOrderId: string;
  readonly price: DecimalString;
  readonly qty: DecimalString;
  readonly quoteQty: DecimalString;
  readonly commission: DecimalString;
  readonly commissionAsset: string;
  readonly time: EpochMillis;
  readonly isBuyer: boolean;
  readonly isMaker: boolean;
  readonly makerRebate: DecimalString;
}

export interface SpotTradeQuery {
  readonly userId: string;
  readonly accountId?: string;
  readonly symbol?: string;
  readonly clientOrderId?: string;
  readonly orderId?: string;
  readonly fromId?: string;
  readonly toId?: string;
  readonly startTime?: EpochMillis;
  readonly endTime?: EpochMillis;
  readonly limit?: number;
}
