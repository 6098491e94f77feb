import type { EngineContext } from '../engine-context';
import type { FuturesService } from '../futures/futures-service';
import type { Instrument } from '../instruments/instrument-registry';
import type { SpotService } from '../spot/spot-service';
import type { EngineDecimal } from '../support/engine-decimal';
import { ONE, floorToStep, maxDecimal } from '../support/engine-decimal';
import type { MarkPriceRecord } from '../types/market.types';
import type { SimulatedMarket } from './simulated-market';

/** Longest random walk one call may ask for, so a control-plane typo cannot stall the venue. */
const MAX_STEPS_PER_CALL = 10_000;

/**
 * Everything that moves prices or stops the market: mark moves, the random walk,
 * and pausing matching. After a move the participants requote (which may fill desk
 * orders) and futures triggers fire.
 */
export class MarketControl {
  constructor(
    private readonly context: EngineContext,
    private readonly market: SimulatedMarket,
    private readonly quoting: boolean,
    private readonly spot: SpotService,
    private readonly futures: FuturesService,
  ) {}

  setMark(instrument: Instrument, price: EngineDecimal): MarkPriceRecord {
    this.context.marks.set(instrument.symbol, price, this.context.clock.now());
    this.afterMarkMove(instrument);
    return this.context.marks.record(instrument.symbol);
  }

  advance(steps: number): MarkPriceRecord[] {
    const count = Math.max(1, Math.min(Math.trunc(steps), MAX_STEPS_PER_CALL));
    const groups = new Map<string, Instrument[]>();
    for (const instrument of this.context.instruments.all()) {
      const group = groups.get(instrument.record.indexSymbol) ?? [];
      group.push(instrument);
      groups.set(instrument.record.indexSymbol, group);
    }
    for (let step = 0; step < count; step += 1) {
      for (const group of groups.values()) {
        const move = this.market.nextMove();
        const factor = ONE.plus(move);
        for (const instrument of group) {
          const moved = floorToStep(
            this.context.marks.price(instrument.symbol).mul(factor),
            instrument.tickSize,
          );
          this.context.marks.set(
            instrument.symbol,
            maxDecimal(moved, instrument.tickSize),
            this.context.clock.now(),
          );
          if (this.quoting && !this.context.matching.paused) this.market.printTrade(instrument, move.lt(0));
          this.afterMarkMove(instrument);
        }
      }
    }
    return this.context.marks.all();
  }

  setPaused(paused: boolean): void {
    if (this.context.matching.paused === paused) return;
    this.context.matching.paused = paused;
    if (paused) return;
    // Fresh liquidity first, then the waiting desk orders in arrival order, then what prices trigger.
    for (const instrument of this.context.instruments.all()) this.requote(instrument);
    this.spot.resumePending();
    this.futures.exchange.resumePending();
    for (const instrument of this.context.instruments.all()) {
      if (instrument.kind === 'PERPETUAL') this.futures.settle(instrument.symbol, 'mark');
    }
  }

  requote(instrument: Instrument): void {
    if (!this.quoting || this.context.matching.paused) return;
    this.market.requote(instrument);
    if (instrument.kind === 'PERPETUAL') this.futures.accounts.publishChanges();
  }

  private afterMarkMove(instrument: Instrument): void {
    if (this.context.matching.paused) return;
    this.requote(instrument);
    if (instrument.kind === 'PERPETUAL') this.futures.settle(instrument.symbol, 'mark');
  }
}
