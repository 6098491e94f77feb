import type { BalanceRecord, FuturesBalanceRecord, UserRecord } from './account.types';
import type { EpochMillis } from './instrument.types';
import type { MarkPriceRecord } from './market.types';
import type { SpotOrderRecord, SpotTradeRecord } from './spot.types';
import type {
  FundingPaymentRecord,
  FuturesOrderRecord,
  FuturesPositionRecord,
  FuturesStopOrderRecord,
  FuturesTradeRecord,
  LeverageRecord,
  TradingStopRecord,
} from './futures.types';

export interface AccountBalancesSnapshot {
  readonly accountId: string;
  readonly balances: readonly BalanceRecord[];
}

export interface UserSnapshot {
  readonly user: UserRecord;
  /** Every account of the user with a non-empty balance (spot, custody, fiat). */
  readonly accountBalances: readonly AccountBalancesSnapshot[];
  readonly futuresBalances: readonly FuturesBalanceRecord[];
  readonly spotOrders: readonly SpotOrderRecord[];
  readonly spotTrades: readonly SpotTradeRecord[];
  readonly futuresOrders: readonly FuturesOrderRecord[];
  readonly futuresStopOrders: readonly FuturesStopOrderRecord[];
  readonly futuresTrades: readonly FuturesTradeRecord[];
  /** Open positions and closed ones that carry realized PnL. */
  readonly positions: readonly FuturesPositionRecord[];
  readonly leverages: readonly LeverageRecord[];
  readonly tradingStops: readonly TradingStopRecord[];
  /** Every funding payment of the futures account, oldest first (negative = paid). */
  readonly fundingPayments: readonly FundingPaymentRecord[];
}

/** Everything a reconciliation needs, for every desk user (simulated participants excluded). */
export interface EngineSnapshot {
  readonly time: EpochMillis;
  readonly matchingPaused: boolean;
  readonly marks: readonly MarkPriceRecord[];
  readonly users: readonly UserSnapshot[];
}
