import { VenueRestClient } from '../http/venue-rest-client';
import { checkLimit, requireText } from '../validation/request-limits';
import { SymbolRulebook } from '../validation/symbol-rules';
import {
  ExchangeInfo,
  exchangeInfoSchema,
  SingleSymbolInfo,
  singleSymbolInfoSchema,
} from '../wire/exchange-info.wire';
import { MarketSite } from '../wire/enums.wire';
import {
  Depth,
  depthSchema,
  IndexPrice,
  indexPriceSchema,
  Kline,
  KlineInterval,
  klineListSchema,
  PublicTrade,
  publicTradeListSchema,
  MarkPrice,
  markPriceSchema,
  pingSchema,
  serverTimeSchema,
  Ticker24hr,
  ticker24hrListSchema,
  TickerPrice,
  tickerPriceListSchema,
} from '../wire/market-data.wire';
import { ENDPOINTS } from './endpoints';

const DEPTH_MAX_LIMIT = 200;
const TRADES_MAX_LIMIT = 100;
const KLINES_MAX_LIMIT = 1000;

/** Public endpoints: time, ping, exchange info and the market data needed for marks. */
export class MarketApi {
  constructor(
    private readonly rest: VenueRestClient,
    private readonly site: MarketSite | undefined,
  ) {}

  async ping(): Promise<void> {
    await this.rest.read(ENDPOINTS.ping, {}, pingSchema);
  }

  /** GET /api/v1/time, in ms. */
  async getServerTime(): Promise<number> {
    const { serverTime } = await this.rest.read(ENDPOINTS.time, {}, serverTimeSchema);
    return Number(serverTime);
  }

  /** GET /api/v1/exchangeInfo: every symbol, contract and coin. */
  async getExchangeInfo(): Promise<ExchangeInfo> {
    return await this.rest.read(ENDPOINTS.exchangeInfo, {}, exchangeInfoSchema);
  }

  /** GET /api/v1/exchangeInfo?symbol=: the bare symbol (or contract) object. */
  async getSymbolInfo(symbol: string): Promise<SingleSymbolInfo> {
    requireText('symbol', symbol);
    return await this.rest.read(ENDPOINTS.exchangeInfo, { symbol }, singleSymbolInfoSchema);
  }

  /** Loads exchange info into the filter rules used to check orders before sending. */
  async loadSymbolRules(): Promise<SymbolRulebook> {
    return SymbolRulebook.fromExchangeInfo(await this.getExchangeInfo());
  }

  /** GET /quote/v1/ticker/price: last prices (one entry per symbol). */
  async getTickerPrices(symbol?: string): Promise<TickerPrice[]> {
    return await this.rest.read(ENDPOINTS.tickerPrice, { symbol, site: this.site }, tickerPriceListSchema);
  }

  /** GET /quote/v1/ticker/24hr. */
  async getTicker24hr(symbol?: string): Promise<Ticker24hr[]> {
    return await this.rest.read(ENDPOINTS.ticker24hr, { symbol, site: this.site }, ticker24hrListSchema);
  }

  /** GET /quote/v1/markPrice of a perpetual. */
  async getMarkPrice(symbol: string): Promise<MarkPrice> {
    requireText('symbol', symbol);
    return await this.rest.read(ENDPOINTS.markPrice, { symbol, site: this.site }, markPriceSchema);
  }

  /** GET /quote/v1/index (index symbol: the perpetual's name without "-PERPETUAL"). */
  async getIndexPrice(symbol: string): Promise<IndexPrice> {
    requireText('symbol', symbol);
    return await this.rest.read(ENDPOINTS.indexPrice, { symbol, site: this.site }, indexPriceSchema);
  }

  /** GET /quote/v1/depth: a full snapshot of up to `limit` levels a side. */
  async getDepth(symbol: string, limit?: number): Promise<Depth> {
    requireText('symbol', symbol);
    checkLimit('limit', limit, DEPTH_MAX_LIMIT);
    return await this.rest.read(ENDPOINTS.depth, { symbol, limit, site: this.site }, depthSchema);
  }

  /** GET /quote/v1/trades: recent public trades (quantities in contracts for perpetuals). */
  async getTrades(symbol: string, limit?: number): Promise<PublicTrade[]> {
    requireText('symbol', symbol);
    checkLimit('limit', limit, TRADES_MAX_LIMIT);
    return await this.rest.read(
      ENDPOINTS.publicTrades,
      { symbol, limit, site: this.site },
      publicTradeListSchema,
    );
  }

  /** GET /quote/v1/klines. */
  async getKlines(query: {
    symbol: string;
    interval: KlineInterval;
    startTime?: number;
    endTime?: number;
    limit?: number;
  }): Promise<Kline[]> {
    requireText('symbol', query.symbol);
    checkLimit('limit', query.limit, KLINES_MAX_LIMIT);
    return await this.rest.read(ENDPOINTS.klines, { ...query, site: this.site }, klineListSchema);
  }
}
