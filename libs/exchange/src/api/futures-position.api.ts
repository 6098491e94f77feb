import { VenueRestClient } from '../http/venue-rest-client';
import { WriteOutcome } from '../outcome/write-outcome';
import {
  checkIntegerInRange,
  checkOneOf,
  checkSignedDecimal,
  requireText,
} from '../validation/request-limits';
import {
  FuturesBalance,
  futuresBalanceListSchema,
  FuturesPosition,
  futuresPositionListSchema,
  LeverageSetting,
  leverageSettingListSchema,
  LiquidationAssignStatus,
  liquidationAssignStatusListSchema,
  PositionMarginResponse,
  positionMarginResponseSchema,
  SetLeverageResponse,
  setLeverageResponseSchema,
  SetMarginTypeResponse,
  setMarginTypeResponseSchema,
  TradingStopResponse,
  tradingStopResponseSchema,
} from '../wire/futures-account.wire';
import { checkBeforeSending } from './check-before-sending';
import { ENDPOINTS } from './endpoints';

/** Futures positions, leverage, margin and balances (part of `FuturesApi`). */
export class FuturesPositionApi {
  constructor(protected readonly rest: VenueRestClient) {}

  /** POST /api/v1/futures/leverage. */
  async setLeverage(symbol: string, leverage: number): Promise<WriteOutcome<SetLeverageResponse>> {
    const checked = checkBeforeSending(() => {
      requireText('symbol', symbol);
      checkIntegerInRange('leverage', leverage, 1, 1000);
    });
    if (!checked.ok) return checked.rejection;
    return this.rest.write(
      ENDPOINTS.futuresSetLeverage,
      { params: { symbol, leverage } },
      setLeverageResponseSchema,
    );
  }

  /** POST /api/v1/futures/position/trading-stop: take-profit and/or stop-loss of a position. */
  async setTradingStop(request: {
    symbol: string;
    side: 'LONG' | 'SHORT';
    stopProfit?: string;
    stopLoss?: string;
    tpTriggerBy?: 'MARK_PRICE' | 'CONTRACT_PRICE';
    slTriggerBy?: 'MARK_PRICE' | 'CONTRACT_PRICE';
  }): Promise<WriteOutcome<TradingStopResponse>> {
    const checked = checkBeforeSending(() => {
      requireText('symbol', request.symbol);
      checkOneOf({ stopProfit: request.stopProfit, stopLoss: request.stopLoss });
    });
    if (!checked.ok) return checked.rejection;
    return this.rest.write(
      ENDPOINTS.futuresTradingStop,
      { params: { ...request } },
      tradingStopResponseSchema,
    );
  }

  /** POST /api/v1/futures/marginType. */
  async setMarginType(
    symbol: string,
    marginType: 'CROSS' | 'ISOLATED',
  ): Promise<WriteOutcome<SetMarginTypeResponse>> {
    const checked = checkBeforeSending(() => requireText('symbol', symbol));
    if (!checked.ok) return checked.rejection;
    return this.rest.write(
      ENDPOINTS.futuresSetMarginType,
      { params: { symbol, marginType } },
      setMarginTypeResponseSchema,
    );
  }

  /** POST /api/v1/futures/positionMargin: a positive amount adds isolated margin, a negative one removes it. */
  async adjustPositionMargin(request: {
    symbol: string;
    side: 'LONG' | 'SHORT';
    amount: string;
  }): Promise<WriteOutcome<PositionMarginResponse>> {
    const checked = checkBeforeSending(() => {
      requireText('symbol', request.symbol);
      checkSignedDecimal('amount', request.amount);
    });
    if (!checked.ok) return checked.rejection;
    return this.rest.write(
      ENDPOINTS.futuresPositionMargin,
      { params: { ...request } },
      positionMarginResponseSchema,
    );
  }

  async getLeverage(symbol: string): Promise<LeverageSetting[]> {
    requireText('symbol', symbol);
    return await this.rest.read(ENDPOINTS.futuresLeverage, { symbol }, leverageSettingListSchema);
  }

  async getPositions(query: { symbol?: string; side?: 'LONG' | 'SHORT' } = {}): Promise<FuturesPosition[]> {
    return await this.rest.read(ENDPOINTS.futuresPositions, { ...query }, futuresPositionListSchema);
  }

  async getBalance(): Promise<FuturesBalance[]> {
    return await this.rest.read(ENDPOINTS.futuresBalance, {}, futuresBalanceListSchema);
  }

  async getLiquidationAssignStatus(subAccountId?: string): Promise<LiquidationAssignStatus[]> {
    return await this.rest.read(
      ENDPOINTS.futuresLiquidationAssignStatus,
      { subAccountId },
      liquidationAssignStatusListSchema,
    );
  }
}
