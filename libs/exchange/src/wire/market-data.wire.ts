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
