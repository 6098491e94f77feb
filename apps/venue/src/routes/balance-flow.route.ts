import Decimal from 'decimal.js';
import type { VenueEngineApi } from '../engine';
import { ExchangeRoute, signedQuery } from '../http/exchange-route';
import { readTradeWindow } from './trade-window.params';

/**
 * The venue's flow type for a funding settlement. The captures show only transfers
 * (`51`, `USER_ACCOUNT_TRANSFER`); ccxt lists 1 trade, 3 fee, 51 transfer, 900 deposit,
 * 904 withdrawal and no funding value, so this one is the simulated venue's choice.
 */
export const FUNDING_FLOW_TYPE = { value: '600', name: 'FUNDING_FEE' } as const;

/**
 * GET /api/v1/account/balanceFlow in the live shape (`id, accountId, coin, coinId,
 * coinName, flowTypeValue, flowType, flowName, change, total, created`). The simulated
 * venue keeps no general ledger: the rows are the futures account's funding payments,
 * newest first; `total` is today's wallet less the funding paid or received since.
 */
export function balanceFlowRoute(engine: VenueEngineApi): ExchangeRoute {
  return signedQuery('GET', '/api/v1/account/balanceFlow', 5, ({ params, key }) => {
    const userId = key.owner.userId;
    const window = readTradeWindow(params);
    const flowType = params.optionalString('flowType');
    const coin = params.optionalString('coin');
    const user = engine.snapshot().users.find((candidate) => candidate.user.userId === userId);
    if (user === undefined || (flowType !== undefined && flowType !== FUNDING_FLOW_TYPE.value)) return [];
    const wallet = new Map(
      user.futuresBalances.map((balance) => [balance.asset, new Decimal(balance.balance)]),
    );
    const rows = [];
    for (const payment of [...user.fundingPayments].reverse()) {
      const total = wallet.get(payment.asset) ?? new Decimal(0);
      wallet.set(payment.asset, total.minus(payment.amount));
      rows.push({
        id: `${payment.fundingId}${payment.side === 'LONG' ? '1' : '2'}`,
        accountId: payment.accountId,
        coin: payment.asset,
        coinId: payment.asset,
        coinName: payment.asset,
        flowTypeValue: FUNDING_FLOW_TYPE.value,
        flowType: FUNDING_FLOW_TYPE.name,
        flowName: `${payment.symbol} funding`,
        change: payment.amount,
        total: total.toFixed(),
        created: String(payment.settleTime),
      });
    }
    return rows
      .filter((row) => coin === undefined || row.coin === coin)
      .filter((row) => window.startTime === undefined || Number(row.created) >= window.startTime)
      .filter((row) => window.endTime === undefined || Number(row.created) <= window.endTime)
      .slice(0, window.limit ?? 50);
  });
}
