import { VenueRestClient } from '../http/venue-rest-client';
import { checkLimit, REQUEST_LIMITS, requireText } from '../validation/request-limits';
import {
  BestOrder,
  bestOrderSchema,
  CommissionRate,
  commissionRateSchema,
  FundingRate,
  fundingRateListSchema,
  HistoryFundingRate,
  historyFundingRateListSchema,
  RiskLimit,
  riskLimitListSchema,
} from '../wire/futures-account.wire';
import { ENDPOINTS } from './endpoints';

/** Futures reference data of the seeds: funding, risk limits, fees and the best order. */
export class FuturesReferenceApi {
  constructor(private readonly rest: VenueRestClient) {}

  async getFundingRates(symbol?: string): Promise<FundingRate[]> {
    return await this.rest.read(ENDPOINTS.futuresFundingRate, { symbol }, fundingRateListSchema);
  }

  async getHistoryFundingRates(query: {
    symbol: string;
    fromId?: string;
    endId?: string;
    limit?: number;
  }): Promise<HistoryFundingRate[]> {
    requireText('symbol', query.symbol);
    checkLimit('limit', query.limit, REQUEST_LIMITS.historyFundingRateMaxLimit);
    return await this.rest.read(
      ENDPOINTS.futuresHistoryFundingRate,
      { ...query },
      historyFundingRateListSchema,
    );
  }

  async getRiskLimits(symbol: string): Promise<RiskLimit[]> {
    requireText('symbol', symbol);
    return await this.rest.read(ENDPOINTS.futuresRiskLimit, { symbol }, riskLimitListSchema);
  }

  async getCommissionRate(symbol: string): Promise<CommissionRate> {
    requireText('symbol', symbol);
    return await this.rest.read(ENDPOINTS.futuresCommissionRate, { symbol }, commissionRateSchema);
  }

  async getBestOrder(symbol: string): Promise<BestOrder> {
    requireText('symbol', symbol);
    return await this.rest.read(ENDPOINTS.futuresBestOrder, { symbol }, bestOrderSchema);
  }
}
