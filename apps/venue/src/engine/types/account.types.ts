import type { DecimalString, EpochMillis } from './instrument.types';

/** The exchange's account types: 1 main trading, 3 main futures, 5 custody, 6 fiat. */
export type AccountType = 1 | 3 | 5 | 6;

export interface AccountRecord {
  readonly accountId: string;
  readonly accountLabel: string;
  readonly accountType: AccountType;
  readonly accountIndex: number;
  readonly userId: string;
}

export interface UserRecord {
  readonly userId: string;
  readonly label: string;
  readonly spotAccountId: string;
  readonly futuresAccountId: string;
  readonly custodyAccountId: string;
  readonly fiatAccountId: string;
  readonly accounts: readonly AccountRecord[];
}

export interface BalanceRecord {
  readonly asset: string;
  readonly total: DecimalString;
  readonly free: DecimalString;
  readonly locked: DecimalString;
}

export interface SpotAccountRecord {
  readonly userId: string;
  readonly accountId: string;
  readonly balances: readonly BalanceRecord[];
}

/** One margin asset of a futures account; field names as GET /api/v1/futures/balance. */
export interface FuturesBalanceRecord {
  readonly asset: string;
  /** Wallet balance: deposits and transfers plus realized PnL minus fees. */
  readonly balance: DecimalString;
  /** balance - positionMargin - orderMargin + crossUnRealizedPnl. */
  readonly availableBalance: DecimalString;
  readonly positionMargin: DecimalString;
  readonly orderMargin: DecimalString;
  readonly crossUnRealizedPnl: DecimalString;
}

export interface CreateUserCommand {
  /** Free text shown in snapshots; defaults to the user id. */
  readonly label?: string;
}

export interface DepositCommand {
  /** Any account id of the user (spot, futures, custody, fiat). */
  readonly accountId: string;
  readonly asset: string;
  /** Positive decimal string. */
  readonly amount: string;
}

export interface AssetTransferCommand {
  readonly userId: string;
  readonly fromAccountId: string;
  readonly toAccountId: string;
  readonly coin: string;
  readonly quantity: string;
  readonly clientOrderId?: string;
  readonly remark?: string;
}

export interface AssetTransferRecord {
  readonly orderId: string;
  readonly clientOrderId: string;
  readonly timestamp: EpochMillis;
  readonly fromAccountId: string;
  readonly toAccountId: string;
  readonly coin: string;
  readonly quantity: DecimalString;
}

export interface VipFeeRecord {
  readonly symbol: string;
  readonly productType: 'Token-Token';
  readonly buyMakerFeeCurrency: string;
  readonly buyTakerFeeCurrency: string;
  readonly sellMakerFeeCurrency: string;
  readonly sellTakerFeeCurrency: string;
  readonly actualMakerRate: DecimalString;
  readonly actualTakerRate: DecimalString;
}

export interface VipInfoRecord {
  readonly vipLevel: string;
  /** USD traded over the last 30 days by the user, spot and futures. */
  readonly tradeVol30Day: DecimalString;
  readonly totalAssetBal: DecimalString;
  readonly data: readonly VipFeeRecord[];
  readonly updateTimestamp: EpochMillis;
}
