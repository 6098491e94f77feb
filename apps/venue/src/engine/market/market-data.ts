import type { EngineContext } from '../engine-context';
import { bookOf } from '../engine-context';
import type { Instrument } from '../instruments/instrument-registry';
import type { BookSide } from '../book/order-book';
import type { FundingSchedule } from '../futures/funding-schedule';
import { ZERO, formatDecimal, maxDecimal, minDecimal } from '../support/engine-decimal';
import type { FundingRateRecord, RiskLimitTierRecord } from '../types/futures.types';
import type { BestOrderSideRecord, DepthRecord, Ticker24hRecord } from '../types/market.types';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The exchange's usual base rate: published, and charged by a settlement without an override. */
export const FUNDING_RATE = '0.0001';

/** Read-only views of books and the trade tape for the public endpoints. */
export class MarketData {
  constructor(
    private readonly context: EngineContext,
    private readonly fundingSchedule: FundingSchedule,
  ) {}

  depth(instrument: Instrument, limit: number): DepthRecord {
    const book = bookOf(this.context, instrument.symbol);
    const levels = (side: BookSide) =>
      book
        .depth(side, limit)
        .map((level) => [formatDecimal(level.price), formatDecimal(level.quantity)] as const);
    return {
      symbol: instrument.symbol,
      time: this.context.clock.now(),
      bids: levels('BUY'),
      asks: levels('SELL'),
    };
  }

  best(instrument: Instrument, side: BookSide): BestOrderSideRecord | undefined {
    const top = bookOf(this.context, instrument.symbol).depth(side, 1)[0];
    if (top === undefined) return undefined;
    return {
      time: this.context.clock.now(),
      price: formatDecimal(top.price),
      leftQty: formatDecimal(top.quantity),
      side,
    };
  }

  ticker(instrument: Instrument): Ticker24hRecord {
    const now = this.context.clock.now();
    const trades = this.context.tape.since(instrument.symbol, now - DAY_MS);
    const mark = this.context.marks.price(instrument.symbol);
    const first = trades[0]?.price ?? mark;
    const last = trades[trades.length - 1]?.price ?? mark;
    let high = first;
    let low = first;
    let volume = ZERO;
    let quoteVolume = ZERO;
    for (const trade of trades) {
      high = maxDecimal(high, trade.price);
      low = minDecimal(low, trade.price);
      volume = volume.plus(trade.quantity);
      quoteVolume = quoteVolume.plus(trade.quantity.mul(trade.price).mul(instrument.multiplier));
    }
    return {
      symbol: instrument.symbol,
      time: now,
      open: formatDecimal(first),
      high: formatDecimal(high),
      low: formatDecimal(low),
      close: formatDecimal(last),
      bestBid: this.best(instrument, 'BUY')?.price ?? '',
      bestAsk: this.best(instrument, 'SELL')?.price ?? '',
      volume: formatDecimal(volume),
      quoteVolume: formatDecimal(quoteVolume),
    };
  }

  fundingRates(contracts: readonly Instrument[]): FundingRateRecord[] {
    const nextSettleTime = this.fundingSchedule.nextSettleTime();
    return contracts.map((contract) => ({ symbol: contract.symbol, rate: FUNDING_RATE, nextSettleTime }));
  }

  riskLimits(contract: Instrument): RiskLimitTierRecord[] {
    return (['BUY_OPEN', 'SELL_OPEN'] as const).flatMap((side) =>
      contract.record.riskLimits.map((tier) => ({
        riskLimitAmount: tier.quantity,
        maintainMargin: tier.maintMargin,
        initialMargin: tier.initialMargin,
        side,
      })),
    );
  }
}
