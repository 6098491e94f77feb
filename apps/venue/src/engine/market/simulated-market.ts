import type { EngineContext } from '../engine-context';
import { bookOf } from '../engine-context';
import type { Instrument } from '../instruments/instrument-registry';
import { EngineDecimal, ONE, ceilToStep, dec, floorToStep } from '../support/engine-decimal';
import type { SeededRandom } from '../support/seeded-random';
import type { SimulatedMarketOptions } from '../types/market.types';

export interface ParticipantOrderSink {
  placeParticipantOrder(
    accountId: string,
    instrument: Instrument,
    side: 'BUY' | 'SELL',
    price: EngineDecimal,
    quantity: EngineDecimal,
  ): void;
}

interface ResolvedOptions {
  readonly levels: number;
  readonly levelSpacing: EngineDecimal;
  readonly halfSpread: EngineDecimal;
  readonly sizeMultiples: { readonly min: number; readonly max: number } | undefined;
  readonly minLevelNotional: EngineDecimal;
  readonly maxLevelNotional: EngineDecimal;
  readonly maxStepMove: EngineDecimal;
}

function resolve(options: SimulatedMarketOptions): ResolvedOptions {
  return {
    levels: options.levels ?? 10,
    levelSpacing: dec(options.levelSpacing ?? '0.0005'),
    halfSpread: dec(options.halfSpread ?? '0.0005'),
    sizeMultiples:
      options.minSizeMultiple === undefined && options.maxSizeMultiple === undefined
        ? undefined
        : { min: options.minSizeMultiple ?? 1, max: options.maxSizeMultiple ?? options.minSizeMultiple ?? 1 },
    minLevelNotional: dec(options.minLevelNotional ?? '20000'),
    maxLevelNotional: dec(options.maxLevelNotional ?? '200000'),
    maxStepMove: dec(options.maxStepMove ?? '0.001'),
  };
}

/**
 * Other participants of the market: a ladder of resting orders on both sides of each
 * mark, replaced whenever the mark moves. Sizes and mark moves come from the seeded
 * generator, so a seed and a sequence of calls always give the same book.
 */
export class SimulatedMarket {
  private readonly options: ResolvedOptions;

  constructor(
    private readonly context: EngineContext,
    private readonly random: SeededRandom,
    private readonly participantAccount: (instrument: Instrument) => string,
    private readonly sinkFor: (instrument: Instrument) => ParticipantOrderSink,
    options: SimulatedMarketOptions,
  ) {
    this.options = resolve(options);
  }

  /** Replaces the participants' ladder of one symbol around its current mark. */
  requote(instrument: Instrument): void {
    const accountId = this.participantAccount(instrument);
    bookOf(this.context, instrument.symbol).removeWhere((order) => order.isParticipant);
    const mark = this.context.marks.price(instrument.symbol);
    const sink = this.sinkFor(instrument);
    const { levels, levelSpacing, halfSpread } = this.options;
    for (let level = 0; level < levels; level += 1) {
      const offset = halfSpread.plus(levelSpacing.mul(level));
      const bid = floorToStep(mark.mul(ONE.minus(offset)), instrument.tickSize);
      const ask = ceilToStep(mark.mul(ONE.plus(offset)), instrument.tickSize);
      const bidSize = this.size(instrument, bid);
      const askSize = this.size(instrument, ask);
      if (bid.gte(instrument.minPrice) && bidSize.gt(0))
        sink.placeParticipantOrder(accountId, instrument, 'BUY', bid, bidSize);
      if (askSize.gt(0)) sink.placeParticipantOrder(accountId, instrument, 'SELL', ask, askSize);
    }
  }

  /**
   * One random-walk step of an underlying's mark: the same relative move for the pair
   * and its perpetual, so the two stay together.
   */
  nextMove(): EngineDecimal {
    const draw = dec(this.random.next().toFixed(8));
    return draw.mul(2).minus(1).mul(this.options.maxStepMove);
  }

  /**
   * Prints one trade between participants at the mark, so public trades, tickers and
   * last-price triggers move with the market even when no desk trades.
   */
  printTrade(instrument: Instrument, buyerIsMaker: boolean): void {
    const price = this.context.marks.price(instrument.symbol);
    const quantity = this.size(instrument, price);
    this.context.tape.record(instrument.symbol, {
      ticketId: this.context.ids.nextId(),
      time: this.context.clock.now(),
      price,
      quantity,
      isBuyerMaker: buyerIsMaker,
    });
  }

  private size(instrument: Instrument, price: EngineDecimal): EngineDecimal {
    const multiples = this.options.sizeMultiples;
    if (multiples !== undefined) {
      return floorToStep(
        instrument.minQty.mul(this.random.nextInt(multiples.min, multiples.max)),
        instrument.stepSize,
      );
    }
    const { minLevelNotional, maxLevelNotional } = this.options;
    const draw = dec(this.random.next().toFixed(8));
    const notional = minLevelNotional.plus(maxLevelNotional.minus(minLevelNotional).mul(draw));
    const quantity = floorToStep(notional.div(price.mul(instrument.multiplier)), instrument.stepSize);
    return quantity.lt(instrument.minQty) ? instrument.minQty : quantity;
  }
}
