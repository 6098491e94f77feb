import type { InstrumentRecord } from '../engine';
import { ExchangeApiError } from '../http/exchange-api-error';
import { ExchangeRoute, publicRoute, signedQuery } from '../http/exchange-route';
import { RequestParams } from '../http/request-params';
import { toContractInfo, toExchangeInfo, toSpotSymbolInfo } from '../wire/exchange-info.mapper';
import { toKlineRow } from '../wire/kline-row.mapper';
import { RouteDependencies } from './route-dependencies';

/** Market-data endpoints answer a missing symbol with this numeric-code body. */
function requiredSymbol(params: RequestParams): string {
  const symbol = params.optionalString('symbol');
  if (symbol === undefined) throw ExchangeApiError.badRequest(-100012, 'Parameter symbol [String] missing!');
  return symbol;
}

/** Kline intervals are named like the symbol: a numeric-code body when absent. */
function requiredInterval(params: RequestParams): string {
  const interval = params.optionalString('interval');
  if (interval === undefined)
    throw ExchangeApiError.badRequest(-100012, 'Parameter interval [String] missing!');
  return interval;
}

const INDEX_DECIMALS = '2';

export function publicRoutes({ engine }: RouteDependencies): ExchangeRoute[] {
  const instrument = (symbol: string): InstrumentRecord => engine.getInstrument(symbol);
  return [
    publicRoute('GET', '/api/v1/time', ({ now }) => ({ serverTime: now() })),
    publicRoute('GET', '/api/v1/ping', () => ({})),
    publicRoute('GET', '/api/v1/exchangeInfo', ({ params, now }) => {
      const symbol = params.optionalString('symbol');
      if (symbol === undefined) return toExchangeInfo(engine.listInstruments(), now());
      const record = instrument(symbol);
      return record.kind === 'SPOT' ? toSpotSymbolInfo(record) : toContractInfo(record);
    }),
    publicRoute('GET', '/quote/v1/depth', ({ params }) => {
      const limit = params.optionalInteger('limit', { min: 1, max: 200 });
      const depth = engine.getDepth(requiredSymbol(params), limit);
      return { t: depth.time, b: depth.bids, a: depth.asks };
    }),
    publicRoute('GET', '/quote/v1/trades', ({ params }) =>
      engine
        .getRecentTrades(requiredSymbol(params), params.optionalInteger('limit', { min: 1, max: 100 }))
        .map((trade) => ({ t: trade.time, p: trade.price, q: trade.qty, ibm: trade.isBuyerMaker })),
    ),
    publicRoute('GET', '/quote/v1/klines', ({ params }) => {
      const startTime = params.optionalInteger('startTime', { min: 0 });
      const endTime = params.optionalInteger('endTime', { min: 0 });
      if (startTime !== undefined && endTime !== undefined && startTime > endTime)
        throw ExchangeApiError.invalidParameter('startTime', 'must not be after endTime');
      return engine
        .getKlines({
          symbol: requiredSymbol(params),
          interval: requiredInterval(params),
          startTime,
          endTime,
          limit: params.optionalInteger('limit', { min: 1, max: 1000 }),
        })
        .map(toKlineRow);
    }),
    publicRoute('GET', '/quote/v1/ticker/24hr', ({ params }) =>
      engine.getTicker24h(params.optionalString('symbol')).map((ticker) => ({
        t: ticker.time,
        s: ticker.symbol,
        c: ticker.close,
        h: ticker.high,
        l: ticker.low,
        o: ticker.open,
        b: ticker.bestBid,
        a: ticker.bestAsk,
        v: ticker.volume,
        qv: ticker.quoteVolume,
      })),
    ),
    publicRoute('GET', '/quote/v1/ticker/price', ({ params }) =>
      engine
        .getTicker24h(params.optionalString('symbol'))
        .map((ticker) => ({ s: ticker.symbol, p: ticker.close })),
    ),
    publicRoute('GET', '/quote/v1/ticker/bookTicker', ({ params }) =>
      engine.getTicker24h(params.optionalString('symbol')).map((ticker) => {
        const best = engine.getBestOrder(ticker.symbol);
        return {
          s: ticker.symbol,
          b: best.bid?.price ?? '',
          bq: best.bid?.leftQty ?? '',
          a: best.ask?.price ?? '',
          aq: best.ask?.leftQty ?? '',
          t: ticker.time,
        };
      }),
    ),
    publicRoute('GET', '/quote/v1/markPrice', ({ params }) => {
      const mark = engine.getMarkPrice(requiredSymbol(params));
      return { exchangeId: 301, symbolId: mark.symbol, price: mark.price, time: String(mark.time) };
    }),
    publicRoute('GET', '/quote/v1/index', ({ params }) => {
      // The index of a contract is quoted under its spot-style symbol (BTCUSDT for BTCUSDT-PERPETUAL).
      const symbol = requiredSymbol(params);
      const contract = engine
        .listInstruments()
        .find(
          (record) =>
            record.kind === 'PERPETUAL' && (record.indexSymbol === symbol || record.symbol === symbol),
        );
      if (contract === undefined) throw ExchangeApiError.badRequest(-100010, 'Invalid Symbols!');
      const mark = engine.getMarkPrice(contract.symbol);
      return {
        index: { [contract.indexSymbol]: mark.price },
        edp: { [contract.indexSymbol]: INDEX_DECIMALS },
      };
    }),
    publicRoute('GET', '/api/v1/futures/fundingRate', ({ params }) =>
      engine.getFundingRates(params.optionalString('symbol')).map((rate) => ({
        symbol: rate.symbol,
        rate: rate.rate,
        nextSettleTime: String(rate.nextSettleTime),
      })),
    ),
    // Public like fundingRate; a signed request (as the seeds list it) is served the same.
    publicRoute('GET', '/api/v1/futures/historyFundingRate', ({ params }) =>
      engine
        .getFundingHistory({
          symbol: params.requiredString('symbol'),
          fromId: params.optionalId('fromId'),
          endId: params.optionalId('endId'),
          limit: params.optionalInteger('limit', { min: 1, max: 100 }),
        })
        .map((entry) => ({
          id: entry.id,
          symbol: entry.symbol,
          settleTime: String(entry.settleTime),
          settleRate: entry.settleRate,
        })),
    ),
    signedQuery('GET', '/api/v1/futures/riskLimit', 1, ({ params }) =>
      engine.getRiskLimits(params.requiredString('symbol')).map((tier) => ({ ...tier })),
    ),
    signedQuery('GET', '/api/v1/futures/getBestOrder', 1, ({ params }) => {
      const best = engine.getBestOrder(params.requiredString('symbol'));
      const side = (entry: typeof best.bid) =>
        entry === undefined
          ? null
          : { time: String(entry.time), price: entry.price, leftQty: entry.leftQty, side: entry.side };
      return { bid: side(best.bid), ask: side(best.ask) };
    }),
  ];
}
