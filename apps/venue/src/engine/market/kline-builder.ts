import { VenueEngineError } from '../engine-error';
import type { Instrument } from '../instruments/instrument-registry';
import type { EngineDecimal } from '../support/engine-decimal';
import { ZERO, formatDecimal, maxDecimal, minDecimal } from '../support/engine-decimal';
import type { KlineInterval, KlineRecord } from '../types/market.types';
import type { TapeEntry } from './trade-tape';

const MINUTE_MS = 60_000;

const INTERVAL_MS: Record<KlineInterval, number> = {
  '1m': MINUTE_MS,
  '3m': 3 * MINUTE_MS,
  '5m': 5 * MINUTE_MS,
  '15m': 15 * MINUTE_MS,
  '30m': 30 * MINUTE_MS,
  '1h': 60 * MINUTE_MS,
  '2h': 120 * MINUTE_MS,
  '4h': 240 * MINUTE_MS,
  '6h': 360 * MINUTE_MS,
  '8h': 480 * MINUTE_MS,
  '12h': 720 * MINUTE_MS,
  '1d': 1440 * MINUTE_MS,
  '1w': 10080 * MINUTE_MS,
};

export function intervalMillis(interval: string): number {
  if (!Object.prototype.hasOwnProperty.call(INTERVAL_MS, interval)) {
    throw new VenueEngineError('invalidInterval', { field: 'interval' });
  }
  return INTERVAL_MS[interval as KlineInterval];
}

interface Candle {
  openTime: number;
  open: EngineDecimal;
  high: EngineDecimal;
  low: EngineDecimal;
  close: EngineDecimal;
  volume: EngineDecimal;
  quoteVolume: EngineDecimal;
  count: number;
  takerBuyVolume: EngineDecimal;
  takerBuyQuoteVolume: EngineDecimal;
}

/**
 * Candles from trades in time order, aligned to the epoch like the exchange's; the
 * newest `limit` candles, oldest first. A trade whose buyer was not the maker was an
 * aggressive buy.
 */
export function buildKlines(
  instrument: Instrument,
  trades: readonly TapeEntry[],
  interval: string,
  limit: number,
): KlineRecord[] {
  const width = intervalMillis(interval);
  const candles: Candle[] = [];
  for (const trade of trades) {
    const openTime = Math.floor(trade.time / width) * width;
    const quote = trade.quantity.mul(trade.price).mul(instrument.multiplier);
    let candle = candles[candles.length - 1];
    if (candle === undefined || candle.openTime !== openTime) {
      candle = {
        openTime,
        open: trade.price,
        high: trade.price,
        low: trade.price,
        close: trade.price,
        volume: ZERO,
        quoteVolume: ZERO,
        count: 0,
        takerBuyVolume: ZERO,
        takerBuyQuoteVolume: ZERO,
      };
      candles.push(candle);
    }
    candle.high = maxDecimal(candle.high, trade.price);
    candle.low = minDecimal(candle.low, trade.price);
    candle.close = trade.price;
    candle.volume = candle.volume.plus(trade.quantity);
    candle.quoteVolume = candle.quoteVolume.plus(quote);
    candle.count += 1;
    if (!trade.isBuyerMaker) {
      candle.takerBuyVolume = candle.takerBuyVolume.plus(trade.quantity);
      candle.takerBuyQuoteVolume = candle.takerBuyQuoteVolume.plus(quote);
    }
  }
  return candles.slice(Math.max(0, candles.length - limit)).map((candle) => ({
    openTime: candle.openTime,
    closeTime: candle.openTime + width - 1,
    open: formatDecimal(candle.open),
    high: formatDecimal(candle.high),
    low: formatDecimal(candle.low),
    close: formatDecimal(candle.close),
    volume: formatDecimal(candle.volume),
    quoteVolume: formatDecimal(candle.quoteVolume),
    tradeCount: candle.count,
    takerBuyVolume: formatDecimal(candle.takerBuyVolume),
    takerBuyQuoteVolume: formatDecimal(candle.takerBuyQuoteVolume),
  }));
}
