import {
  FundingPaymentObserved,
  FuturesBalanceObserved,
  FuturesPositionObserved,
  readFundingPaymentObservation,
  readFuturesBalanceObservation,
  readFuturesPositionObservation,
  readSpotBalanceObservation,
  SpotBalanceObserved,
} from '@oms/domain';
import type { AccountBalance, BalanceFlow, FuturesBalance, FuturesPosition } from '@oms/exchange';
import { emptyAsNull, epochMs } from '../observation-fields';

/**
 * GET /api/v1/futures/positions entry -> FuturesPositionObserved (rest-poll). Rows
 * without `updateTime` take `polledAt`, the server-adjusted time of the poll.
 */
export function positionRecordObservation(
  accountId: string,
  position: FuturesPosition,
  polledAt: number,
): FuturesPositionObserved {
  const data = readFuturesPositionObservation({
    accountId,
    symbol: position.symbol,
    side: position.side,
    avgPrice: position.avgPrice,
    position: position.position,
    available: position.available,
    leverage: emptyAsNull(position.leverage),
    liquidationPrice: emptyAsNull(position.liquidationPrice),
    margin: emptyAsNull(position.margin),
    positionValue: emptyAsNull(position.positionValue),
    unrealizedPnl: emptyAsNull(position.unrealizedPnL),
    realizedPnl: emptyAsNull(position.realizedPnL),
    lastPrice: emptyAsNull(position.lastPrice),
    updateTime: position.updateTime === undefined ? polledAt : epochMs(position.updateTime),
    source: 'rest-poll',
  });
  return { type: 'FuturesPositionObserved', schemaVersion: 1, data };
}

/** GET /api/v1/account `balances[]` entry -> SpotBalanceObserved (rest-poll, time of the poll). */
export function spotBalanceRecordObservation(
  accountId: string,
  balance: AccountBalance,
  polledAt: number,
): SpotBalanceObserved {
  const data = readSpotBalanceObservation({
    accountId,
    asset: balance.asset,
    free: balance.free,
    locked: balance.locked,
    venueTime: polledAt,
    source: 'rest-poll',
  });
  return { type: 'SpotBalanceObserved', schemaVersion: 1, data };
}

/** GET /api/v1/futures/balance entry -> FuturesBalanceObserved (rest-poll, time of the poll). */
export function futuresBalanceRecordObservation(
  accountId: string,
  balance: FuturesBalance,
  polledAt: number,
): FuturesBalanceObserved {
  const data = readFuturesBalanceObservation({
    accountId,
    asset: balance.asset,
    walletBalance: balance.balance,
    available: balance.availableBalance,
    positionMargin: balance.positionMargin,
    orderMargin: balance.orderMargin,
    unrealizedPnl: emptyAsNull(balance.crossUnRealizedPnl),
    venueTime: polledAt,
    source: 'rest-poll',
  });
  return { type: 'FuturesBalanceObserved', schemaVersion: 1, data };
}

/**
 * Whether a ledger row is a funding settlement. The captures show transfers
 * (`USER_ACCOUNT_TRANSFER`, 51); funding rows are named by their flow type.
 */
export function isFundingFlow(row: BalanceFlow): boolean {
  return /FUNDING/i.test(row.flowType);
}

/** GET /api/v1/account/balanceFlow funding row -> FundingPaymentObserved (rest-poll); null for other rows. */
export function fundingPaymentObservation(
  accountId: string,
  row: BalanceFlow,
): FundingPaymentObserved | null {
  if (!isFundingFlow(row)) return null;
  const data = readFundingPaymentObservation({
    accountId,
    flowId: row.id,
    asset: row.coin,
    symbol: null,
    amount: row.change,
    balanceAfter: row.total,
    flowType: `${row.flowTypeValue}:${row.flowType}`,
    settledAt: epochMs(row.created),
    source: 'rest-poll',
  });
  return { type: 'FundingPaymentObserved', schemaVersion: 1, data };
}
