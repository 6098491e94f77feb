import { ExchangeApiError } from '../http/exchange-api-error';
import { ExchangeRoute, signedOrder, signedQuery } from '../http/exchange-route';
import { toSpotAccountTrade } from '../wire/spot-wire.mapper';
import { balanceFlowRoute } from './balance-flow.route';
import { RouteDependencies } from './route-dependencies';
import { readTradeWindow } from './trade-window.params';

/** The seeds allow one internal transfer per second. */
const TRANSFER_INTERVAL_MS = 1000;

export function accountRoutes({ engine }: RouteDependencies): ExchangeRoute[] {
  const lastTransferAt = new Map<string, number>();
  return [
    balanceFlowRoute(engine),
    signedQuery('GET', '/api/v1/account', 5, ({ params, key }) => {
      const account = engine.getSpotAccount(key.owner.userId, params.optionalString('accountId'));
      return {
        balances: account.balances.map((balance) => ({
          asset: balance.asset,
          assetId: balance.asset,
          assetName: balance.asset,
          total: balance.total,
          free: balance.free,
          locked: balance.locked,
        })),
        userId: account.userId,
      };
    }),
    signedQuery('GET', '/api/v1/account/trades', 5, ({ params, key }) =>
      engine
        .listSpotTrades({
          userId: key.owner.userId,
          accountId: params.optionalString('accountId'),
          symbol: params.optionalString('symbol'),
          clientOrderId: params.optionalString('clientOrderId'),
          ...readTradeWindow(params),
        })
        .map(toSpotAccountTrade),
    ),
    signedQuery('GET', '/api/v1/account/type', 5, ({ key }) =>
      engine.listAccounts(key.owner.userId).map((account) => ({
        accountId: account.accountId,
        accountLabel: account.accountLabel,
        accountType: account.accountType,
        accountIndex: account.accountIndex,
        userId: account.userId,
      })),
    ),
    signedOrder(
      'POST',
      '/api/v1/account/assetTransfer',
      1,
      ({ params, key, now }) => {
        const previous = lastTransferAt.get(key.owner.userId);
        if (previous !== undefined && now() - previous < TRANSFER_INTERVAL_MS) {
          throw ExchangeApiError.badRequest('-3145', 'Please DO NOT submit request too frequently');
        }
        const clientOrderId = params.optionalString('clientOrderId');
        if (clientOrderId !== undefined && clientOrderId.length > 64) {
          throw ExchangeApiError.invalidParameter('clientOrderId', 'at most 64 characters');
        }
        const record = engine.transferAsset({
          userId: key.owner.userId,
          fromAccountId: params.requiredString('fromAccountId'),
          toAccountId: params.requiredString('toAccountId'),
          coin: params.requiredString('coin'),
          quantity: params.requiredDecimal('quantity'),
          clientOrderId,
          remark: params.optionalString('remark'),
        });
        lastTransferAt.set(key.owner.userId, now());
        return {
          success: true,
          timestamp: String(record.timestamp),
          clientOrderId: record.clientOrderId,
          orderId: record.orderId,
        };
      },
      { permission: 'TRANSFER', matching: false },
    ),
    signedQuery('GET', '/api/v1/account/checkApiKey', 1, ({ key }) => ({
      accountType: key.owner.accountKind,
    })),
    signedQuery('GET', '/api/v1/account/vipInfo', 5, ({ params, key }) => {
      const symbols = params
        .optionalString('symbols')
        ?.split(',')
        .map((symbol) => symbol.trim())
        .filter((symbol) => symbol.length > 0);
      const info = engine.getVipInfo(key.owner.userId, symbols);
      return {
        code: 0,
        msg: 'success',
        vipLevel: info.vipLevel,
        tradeVol30Day: info.tradeVol30Day,
        totalAssetBal: info.totalAssetBal,
        data: info.data.map((entry) => ({ ...entry })),
        updateTimestamp: String(info.updateTimestamp),
      };
    }),
  ];
}
