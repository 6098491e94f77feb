import type { KlineRecord } from '../engine';

/**
 * One row of GET /quote/v1/klines as the live exchange sends it: open time and trade
 * count as numbers, prices and volumes as strings, and a literal 0 in the slot where
 * other exchanges put the close time (the live capture carries 0 there).
 */
export type KlineRow = readonly [
  openTime: number,
  open: string,
  high: string,
  low: string,
  close: string,
  volume: string,
  unused: 0,
  quoteVolume: string,
  tradeCount: number,
  takerBuyVolume: string,
  takerBuyQuoteVolume: string,
];

export function toKlineRow(candle: KlineRecord): KlineRow {
  return [
    candle.openTime,
    candle.open,
    candle.high,
    candle.low,
    candle.close,
    candle.volume,
    0,
    candle.quoteVolume,
    candle.tradeCount,
    candle.takerBuyVolume,
    candle.takerBuyQuoteVolume,
  ];
}
