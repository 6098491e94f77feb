import type { DecimalString, EpochMillis } from './instrument.types';
import type { SpotOrderRecord } from './spot.types';
import type { FuturesOrderRecord, FuturesPositionRecord, FuturesStopOrderRecord } from './futures.types';

/** The fill that caused an order update; absent on updates without a fill. */
export interface ExecutionDetail {
  /** `d` of the execution report: not the ticket id, not the trade id. */
  readonly executionId: string;
  readonly ticketId: string;
  readonly tradeId: string;
  readonly lastQty: DecimalString;
  readonly lastPrice: DecimalString;
  readonly commission: DecimalString;
  readonly commissionAsset: string;
  readonly isMaker: boolean;
}

interface EventBase {
  readonly userId: string;
  readonly accountId: string;
  /** `E` of the stream message. */
  readonly eventTime: EpochMillis;
  /** Engine-wide sequence, increasing in emission order. */
  readonly sequence: number;
}

/** Feeds `executionReport`. */
export interface SpotOrderUpdateEvent extends EventBase {
  readonly kind: 'spotOrderUpdate';
  readonly order: SpotOrderRecord;
  readonly execution?: ExecutionDetail;
}

/** Feeds `contractExecutionReport` for limit-type orders. */
export interface FuturesOrderUpdateEvent extends EventBase {
  readonly kind: 'futuresOrderUpdate';
  readonly order: FuturesOrderRecord;
  readonly execution?: ExecutionDetail;
}

/** Feeds `contractExecutionReport` with `o: "STOP"` for trigger orders. */
export interface FuturesStopOrderUpdateEvent extends EventBase {
  readonly kind: 'futuresStopOrderUpdate';
  readonly order: FuturesStopOrderRecord;
}

/** Feeds `ticketInfo`. */
export interface TradeEvent extends EventBase {
  readonly kind: 'trade';
  readonly market: 'SPOT' | 'PERPETUAL';
  readonly symbol: string;
  /** Base units for spot, contracts for perpetuals. */
  readonly qty: DecimalString;
  readonly price: DecimalString;
  readonly tradeTime: EpochMillis;
  readonly ticketId: string;
  readonly tradeId: string;
  readonly executionId: string;
  readonly orderId: string;
  readonly clientOrderId: string;
  readonly matchOrderId: string;
  readonly isMaker: boolean;
  /** Plain BUY/SELL, also for futures. */
  readonly side: 'BUY' | 'SELL';
}

export interface StreamBalanceEntry {
  readonly asset: string;
  readonly free: DecimalString;
  readonly locked: DecimalString;
}

/** Feeds `outboundAccountInfo`: only the assets that changed. */
export interface SpotBalanceEvent extends EventBase {
  readonly kind: 'spotBalance';
  readonly balances: readonly StreamBalanceEntry[];
}

/** Feeds `outboundContractAccountInfo`. `free` is availableBalance, `locked` position plus order margin. */
export interface FuturesBalanceEvent extends EventBase {
  readonly kind: 'futuresBalance';
  readonly balances: readonly StreamBalanceEntry[];
}

/** Feeds `outboundContractPositionInfo`; `position.position === "0"` means closed. */
export interface PositionEvent extends EventBase {
  readonly kind: 'position';
  readonly position: FuturesPositionRecord;
}

export type EngineEvent =
  | SpotOrderUpdateEvent
  | FuturesOrderUpdateEvent
  | FuturesStopOrderUpdateEvent
  | TradeEvent
  | SpotBalanceEvent
  | FuturesBalanceEvent
  | PositionEvent;

export type EngineEventListener = (event: EngineEvent) => void;

/** Call to stop receiving events. */
export type Unsubscribe = () => void;
