import { VenueEngineError } from '../engine-error';
import type { Instrument } from '../instruments/instrument-registry';
import type { EngineDecimal } from '../support/engine-decimal';
import { ZERO, formatDecimal, maxDecimal, minDecimal } from '../support/engine-decimal';
import type { KlineInterval, KlineRecord } from '../types/market.types';
import type { TapeEntry } from './trade-tape';

const MINUTE_MS = 60_000;

const INTERVAL_MS: Record<Exclude<KlineInterval, '1M'>, number> = {
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

/** The window of a candle: open time and the last millisecond it covers. */
interface CandleWindow {
  readonly openTime: number;
  readonly closeTime: number;
}

/**
 * Maps a trade time to its candle window. Fixed widths align to the epoch; `1M`
 * follows UTC calendar months, which have no fixed width.
 */
export function candleWindowOf(interval: string): (time: number) => CandleWindow {
  if (interval === '1M') {
    return (time) => {
      const date = new Date(time);
      const openTime = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
      const nextOpen = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
      return { openTime, closeTime: nextOpen - 1 };
    };
  }
  if (!Object.prototype.hasOwnProperty.call(INTERVAL_MS, interval)) {
    throw new VenueEngineError('invalidInterval', { field: 'interval' });
  }
  const width = INTERVAL_MS[interval as Exclude<KlineInterval, '1M'>];
  return (time) => {
    const openTime = Math.floor(time / width) * width;
    return { openTime, closeTime: openTime + width - 1 };
  };
}

interface Candle {
  openTime: number;
  closeTime: number;
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
 * Candles from trades in time order, aligned like the exchange's; the
 * newest `limit` candles, oldest first. A trade whose buyer was not the maker was an
 * aggressive buy.
 */
export function buildKlines(
  instrument: Instrument,
  trades: readonly TapeEntry[],
  interval: string,
  limit: number,
): KlineRecord[] {
  const windowOf = candleWindowOf(interval);
  const candles: Candle[] = [];
  for (const trade of trades) {
    const { openTime, closeTime } = windowOf(trade.time);
    const quote = trade.quantity.mul(trade.price).mul(instrument.multiplier);
    let candle = candles[candles.length - 1];
    if (candle === undefined || candle.openTime !== openTime) {
      candle = {
        openTime,
        closeTime,
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
    closeTime: candle.closeTime,
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
