import { VenueRestClient } from '../http/venue-rest-client';
import { WriteOutcome } from '../outcome/write-outcome';
import {
  checkClientOrderId,
  checkLimit,
  checkPositiveDecimal,
  REQUEST_LIMITS,
  requireText,
} from '../validation/request-limits';
import {
  AccountEntry,
  accountEntryListSchema,
  AccountInfo,
  accountInfoSchema,
  AccountTrade,
  accountTradeListSchema,
  AssetTransferResponse,
  BalanceFlow,
  balanceFlowListSchema,
  DepositOrder,
  depositOrderListSchema,
  WithdrawOrder,
  withdrawOrderListSchema,
  assetTransferResponseSchema,
  CheckApiKeyResponse,
  checkApiKeySchema,
  FiatHistoryResponse,
  fiatHistorySchema,
  VipInfo,
  vipInfoSchema,
} from '../wire/account.wire';
import { checkBeforeSending } from './check-before-sending';
import { generateClientOrderId } from './client-order-id';
import { ENDPOINTS } from './endpoints';

export interface AccountTradesQuery {
  readonly symbol?: string;
  readonly startTime?: number;
  readonly endTime?: number;
  readonly clientOrderId?: string;
  readonly fromId?: string;
  readonly toId?: string;
  readonly limit?: number;
  readonly accountId?: string;
}

/** Filters of the deposit and withdrawal histories. */
export interface HistoryQuery {
  readonly coin?: string;
  readonly chainType?: string;
  readonly startTime?: number;
  readonly endTime?: number;
  readonly fromId?: string;
  readonly limit?: number;
}

export interface AssetTransferRequest {
  readonly fromAccountId: string;
  readonly toAccountId: string;
  readonly coin: string;
  readonly quantity: string;
  readonly remark?: string;
  /** Up to 64 characters; generated (32 hex characters) when absent. */
  readonly clientOrderId?: string;
}

/** Account endpoints: balances, fills, accounts, fees, internal transfers. */
export class AccountApi {
  constructor(private readonly rest: VenueRestClient) {}

  /** GET /api/v1/account (a master key may name a sub trading account). */
  async getAccount(accountId?: string): Promise<AccountInfo> {
    return await this.rest.read(ENDPOINTS.account, { accountId }, accountInfoSchema);
  }

  /** GET /api/v1/account/trades: spot fills of the last 30 days. */
  async getTrades(query: AccountTradesQuery = {}): Promise<AccountTrade[]> {
    checkLimit('limit', query.limit, REQUEST_LIMITS.tradesMaxLimit);
    return await this.rest.read(ENDPOINTS.accountTrades, { ...query }, accountTradeListSchema);
  }

  /** GET /api/v1/account/type. */
  async getAccountTypes(): Promise<AccountEntry[]> {
    return await this.rest.read(ENDPOINTS.accountType, {}, accountEntryListSchema);
  }

  /** GET /api/v1/account/vipInfo, optionally for some symbols. */
  async getVipInfo(symbols: readonly string[] = []): Promise<VipInfo> {
    return await this.rest.read(
      ENDPOINTS.vipInfo,
      { symbols: symbols.length > 0 ? symbols.join(',') : undefined },
      vipInfoSchema,
    );
  }

  /** GET /api/v1/account/checkApiKey: master or sub account key. */
  async checkApiKey(): Promise<CheckApiKeyResponse> {
    return await this.rest.read(ENDPOINTS.checkApiKey, {}, checkApiKeySchema);
  }

  /** GET /api/v1/account/fiat/history. The seeds do not show its record layout. */
  async getFiatHistory(query: {
    type: 'deposit' | 'withdraw';
    startTime: number;
    endTime: number;
    status?: 'under_review' | 'processing' | 'successful' | 'failed';
    channel?: 'auto' | 'manual';
    remark?: string;
    limit?: number;
    clientOrderId?: string;
  }): Promise<FiatHistoryResponse> {
    return await this.rest.read(ENDPOINTS.fiatHistory, { ...query }, fiatHistorySchema);
  }

  /** GET /api/v1/account/balanceFlow: the ledger (trades, fees, transfers, deposits, withdrawals). */
  async getBalanceFlow(
    query: {
      accountId?: string;
      coin?: string;
      flowType?: number;
      fromId?: string;
      endId?: string;
      startTime?: number;
      endTime?: number;
      limit?: number;
    } = {},
  ): Promise<BalanceFlow[]> {
    checkLimit('limit', query.limit, REQUEST_LIMITS.tradesMaxLimit);
    return await this.rest.read(ENDPOINTS.balanceFlow, { ...query }, balanceFlowListSchema);
  }

  /** GET /api/v1/account/depositOrders. */
  async getDepositOrders(query: HistoryQuery = {}): Promise<DepositOrder[]> {
    checkLimit('limit', query.limit, REQUEST_LIMITS.tradesMaxLimit);
    return await this.rest.read(ENDPOINTS.depositOrders, { ...query }, depositOrderListSchema);
  }

  /** GET /api/v1/account/withdrawOrders. */
  async getWithdrawOrders(query: HistoryQuery = {}): Promise<WithdrawOrder[]> {
    checkLimit('limit', query.limit, REQUEST_LIMITS.tradesMaxLimit);
    return await this.rest.read(ENDPOINTS.withdrawOrders, { ...query }, withdrawOrderListSchema);
  }

  /** POST /api/v1/account/assetTransfer: at most one per second per key (held back locally). */
  async transfer(request: AssetTransferRequest): Promise<WriteOutcome<AssetTransferResponse>> {
    const checked = checkBeforeSending(() => {
      requireText('fromAccountId', request.fromAccountId);
      requireText('toAccountId', request.toAccountId);
      requireText('coin', request.coin);
      checkPositiveDecimal('quantity', requireText('quantity', request.quantity));
      checkClientOrderId(
        'clientOrderId',
        request.clientOrderId,
        REQUEST_LIMITS.transferClientOrderIdMaxLength,
      );
    });
    if (!checked.ok) return checked.rejection;
    // Named here when the caller did not, so that an uncertain transfer can be looked up.
    const clientOrderId = request.clientOrderId ?? generateClientOrderId();
    const { fromAccountId, toAccountId, coin, quantity, remark } = request;
    return this.rest.write(
      ENDPOINTS.assetTransfer,
      {
        params: { fromAccountId, toAccountId, coin, quantity, remark, clientOrderId },
        clientOrderIds: [clientOrderId],
      },
      assetTransferResponseSchema,
    );
  }
}
