import type { EngineContext } from '../engine-context';
import type { FuturesAccountBook } from '../futures/futures-account-book';
import type { FuturesOrderStore } from '../futures/futures-order-store';
import type { FundingSettlement } from '../futures/funding-settlement';
import { tradingStopRecord } from '../futures/position-controls';
import type { SpotOrderStore } from '../spot/spot-order-store';
import { formatDecimal } from '../support/engine-decimal';
import type { UserRecord } from '../types/account.types';
import type { EngineSnapshot, UserSnapshot } from '../types/snapshot.types';

/** The whole desk-visible state, for comparison with what the OMS believes. */
export function buildSnapshot(
  context: EngineContext,
  spotStore: SpotOrderStore,
  futuresStore: FuturesOrderStore,
  futuresAccounts: FuturesAccountBook,
  funding: FundingSettlement,
): EngineSnapshot {
  const users = context.users.all().filter((user) => !context.participantAccounts.has(user.spotAccountId));
  return {
    time: context.clock.now(),
    matchingPaused: context.matching.paused,
    marks: context.marks.all(),
    users: users.map((user) =>
      userSnapshot(context, spotStore, futuresStore, futuresAccounts, user, funding),
    ),
  };
}

function userSnapshot(
  context: EngineContext,
  spotStore: SpotOrderStore,
  futuresStore: FuturesOrderStore,
  futuresAccounts: FuturesAccountBook,
  user: UserRecord,
  funding: FundingSettlement,
): UserSnapshot {
  const accountBalances = user.accounts
    .filter((account) => account.accountType !== 3)
    .map((account) => ({
      accountId: account.accountId,
      balances: context.ledger.assets(account.accountId).map((entry) => ({
        asset: entry.asset,
        total: formatDecimal(entry.free.plus(entry.locked)),
        free: formatDecimal(entry.free),
        locked: formatDecimal(entry.locked),
      })),
    }))
    .filter((entry) => entry.balances.length > 0);
  const futuresAccountId = user.futuresAccountId;
  const positions = futuresAccounts
    .positionsOf(futuresAccountId)
    .filter((position) => position.quantity.gt(0) || !position.realizedPnl.isZero());
  return {
    user,
    accountBalances,
    futuresBalances: [futuresAccounts.balanceRecord(futuresAccountId)],
    spotOrders: spotStore.ordersOf(user.spotAccountId).map((order) => order.toRecord()),
    spotTrades: [...spotStore.tradesOf(user.spotAccountId)],
    futuresOrders: futuresStore.limitsOf(futuresAccountId).map((order) => order.toRecord()),
    futuresStopOrders: futuresStore.stopsOf(futuresAccountId).map((order) => order.toRecord()),
    futuresTrades: [...futuresStore.tradesOf(futuresAccountId)],
    positions: positions.map((position) => futuresAccounts.positionRecord(position)),
    leverages: futuresAccounts.leverageSettingsOf(futuresAccountId).map(({ symbol, setting }) => ({
      symbol,
      leverage: String(setting.leverage),
      marginType: setting.marginType,
    })),
    tradingStops: positions
      .filter((position) => position.stopProfit !== undefined || position.stopLoss !== undefined)
      .map((position) => tradingStopRecord(position.symbol, position)),
    fundingPayments: funding.paymentsOf(futuresAccountId),
  };
}
