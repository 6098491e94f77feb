import type { DecimalString, EpochMillis } from './instrument.types';

/** [price, quantity]; quantity in contracts for perpetuals. */
export type DepthLevel = readonly [DecimalString, DecimalString];

export interface DepthRecord {
  readonly symbol: string;
  readonly time: EpochMillis;
  /** Best first. */
  readonly bids: readonly DepthLevel[];
  readonly asks: readonly DepthLevel[];
}

export interface BestOrderSideRecord {
  readonly time: EpochMillis;
  readonly price: DecimalString;
  readonly leftQty: DecimalString;
  readonly side: 'BUY' | 'SELL';
}

export interface BestOrderRecord {
  readonly symbol: string;
  /** Absent when that side of the book is empty. */
  readonly bid?: BestOrderSideRecord;
  readonly ask?: BestOrderSideRecord;
}

export interface PublicTradeRecord {
  readonly symbol: string;
  readonly ticketId: string;
  readonly time: EpochMillis;
  readonly price: DecimalString;
  readonly qty: DecimalString;
  readonly isBuyerMaker: boolean;
}

export interface MarkPriceRecord {
  readonly symbol: string;
  readonly price: DecimalString;
  readonly time: EpochMillis;
}

export interface Ticker24hRecord {
  readonly symbol: string;
  readonly time: EpochMillis;
  /** First trade price of the window, mark price when there was none. */
  readonly open: DecimalString;
  readonly high: DecimalString;
  readonly low: DecimalString;
  /** Last trade price, mark price when there was none. */
  readonly close: DecimalString;
  /** Empty when that side of the book is empty. */
  readonly bestBid: DecimalString;
  readonly bestAsk: DecimalString;
  readonly volume: DecimalString;
  readonly quoteVolume: DecimalString;
}

export interface SetMarkPriceCommand {
  readonly symbol: string;
  readonly price: string;
}

/** Settings of the simulated participants that rest liquidity around the mark. */
export interface SimulatedMarketOptions {
  /** Price levels per side. Default 10. */
  readonly levels?: number;
  /** Distance between levels as a fraction of the mark (0.0005 = 5 bp). Default 0.0005. */
  readonly levelSpacing?: string;
  /** Half-spread of the first level as a fraction of the mark. Default 0.0005. */
  readonly halfSpread?: string;
  /**
   * Per-level size as a multiple of the symbol's minimum quantity, drawn in [min, max].
   * When absent, sizes are drawn by quote value instead (see minLevelNotional).
   */
  readonly minSizeMultiple?: number;
  readonly maxSizeMultiple?: number;
  /** Quote value of one level, drawn in [min, max] when no size multiple is given. Defaults 20000 and 200000. */
  readonly minLevelNotional?: string;
  readonly maxLevelNotional?: string;
  /** Largest mark move per `advanceMarket` step as a fraction (0.001 = 10 bp). Default 0.001. */
  readonly maxStepMove?: string;
}

export type KlineInterval =
  '1m' | '3m' | '5m' | '15m' | '30m' | '1h' | '2h' | '4h' | '6h' | '8h' | '12h' | '1d' | '1w' | '1M';

export interface KlineQuery {
  readonly symbol: string;
  readonly interval: string;
  readonly startTime?: EpochMillis;
  readonly endTime?: EpochMillis;
  /** Defaults to 500; capped at 1000. */
  readonly limit?: number;
}

/** One candle built from the public trades of the window; only windows with trades appear. */
export interface KlineRecord {
  readonly openTime: EpochMillis;
  readonly closeTime: EpochMillis;
  readonly open: DecimalString;
  readonly high: DecimalString;
  readonly low: DecimalString;
  readonly close: DecimalString;
  /** Base units for spot, contracts for perpetuals. */
  readonly volume: DecimalString;
  readonly quoteVolume: DecimalString;
  readonly tradeCount: number;
  readonly takerBuyVolume: DecimalString;
  readonly takerBuyQuoteVolume: DecimalString;
}
