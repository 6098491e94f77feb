import { z } from 'zod';
import { decimalString, epochMillisString, idString } from './wire-primitives';

/** GET /api/v1/time. */
export const serverTimeSchema = z.object({ serverTime: epochMillisString });
export type ServerTime = z.output<typeof serverTimeSchema>;

/** GET /api/v1/ping: an empty object. */
export const pingSchema = z.object({}).passthrough();

/** GET /quote/v1/ticker/price: always an array, also with `symbol`. */
export const tickerPriceSchema = z.object({ s: z.string(), p: decimalString });
export type TickerPrice = z.output<typeof tickerPriceSchema>;
export const tickerPriceListSchema = z.array(tickerPriceSchema);

/** GET /quote/v1/markPrice. */
export const markPriceSchema = z.object({
  exchangeId: idString.optional(),
  symbolId: z.string(),
  price: decimalString,
  time: epochMillisString,
});
export type MarkPrice = z.output<typeof markPriceSchema>;

const depthLevelSchema = z.tuple([decimalString, decimalString]);
export type DepthLevel = z.output<typeof depthLevelSchema>;

/** GET /quote/v1/depth: `b` bids and `a` asks as [price, quantity] pairs. */
export const depthSchema = z.object({
  t: epochMillisString,
  b: z.array(depthLevelSchema),
  a: z.array(depthLevelSchema),
});
export type Depth = z.output<typeof depthSchema>;
export type DepthInput = z.input<typeof depthSchema>;

/** GET /quote/v1/ticker/24hr: always an array. */
export const ticker24hrSchema = z.object({
  t: epochMillisString,
  s: z.string(),
  c: decimalString,
  h: decimalString,
  l: decimalString,
  o: decimalString,
  b: decimalString.optional(),
  a: decimalString.optional(),
  v: decimalString,
  qv: decimalString,
});
export type Ticker24hr = z.output<typeof ticker24hrSchema>;
export const ticker24hrListSchema = z.array(ticker24hrSchema);

/** GET /quote/v1/index: `index` and `edp` keyed by the index symbol. */
export const indexPriceSchema = z.object({
  index: z.record(decimalString),
  edp: z.record(z.union([z.string(), z.number()])).optional(),
});
export type IndexPrice = z.output<typeof indexPriceSchema>;

/** POST /api/v1/userDataStream. */
export const listenKeySchema = z.object({ listenKey: z.string().min(1) });
export type ListenKeyResponse = z.output<typeof listenKeySchema>;

/** PUT and DELETE /api/v1/userDataStream: empty (an empty object, or no body at all). */
export const listenKeyAckSchema = z.object({}).passthrough();

/** GET /quote/v1/trades: recent public trades; `ibm` is "is buyer maker"; `q` is contracts for perpetuals. */
export const publicTradeSchema = z.object({
  t: epochMillisString,
  p: decimalString,
  q: decimalString,
  ibm: z.boolean(),
});
export type PublicTrade = z.output<typeof publicTradeSchema>;
export const publicTradeListSchema = z.array(publicTradeSchema);

/**
 * GET /quote/v1/klines rows: `[openTime, open, high, low, close, volume, _, quoteVolume,
 * tradeCount, takerBuyBase, takerBuyQuote]`; only the first six are certain, the rest
 * follow the usual layout and are optional.
 */
export const klineSchema = z
  .tuple([epochMillisString, decimalString, decimalString, decimalString, decimalString, decimalString])
  .rest(z.union([z.string(), z.number()]))
  .transform((row) => ({
    openTime: row[0],
    open: row[1],
    high: row[2],
    low: row[3],
    close: row[4],
    volume: row[5],
    quoteVolume: row[7] === undefined ? undefined : String(row[7]),
    tradeCount: row[8] === undefined ? undefined : Number(row[8]),
    takerBuyBaseVolume: row[9] === undefined ? undefined : String(row[9]),
    takerBuyQuoteVolume: row[10] === undefined ? undefined : String(row[10]),
  }));
export type Kline = z.output<typeof klineSchema>;
export const klineListSchema = z.array(klineSchema);
export const klineIntervals = [
  '1m',
  '3m',
  '5m',
  '15m',
  '30m',
  '1h',
  '2h',
  '4h',
  '6h',
  '8h',
  '12h',
  '1d',
  '1w',
  '1M',
] as const;
export type KlineInterval = (typeof klineIntervals)[number];
