import { MappedObservation } from '@oms/observations';

/**
 * What ingest has learnt of one account that its next requests depend on: the
 * perpetuals to poll, the trigger prices of STOP orders (the stream omits them), the
 * time of the newest trade seen per market (where the next poll starts), and the
 * holdings whose prices are published as marks.
 */
export class AccountView {
  readonly futuresSymbols = new Set<string>();
  readonly stopPrices = new Map<string, string>();
  private readonly newestTradeTime = new Map<string, number>();
  /** Perpetuals with an open position (either side). */
  private readonly openPositions = new Map<string, Set<string>>();
  /** Spot assets with a non-zero balance. */
  readonly heldAssets = new Set<string>();

  constructor(futuresSymbols: readonly string[]) {
    for (const symbol of futuresSymbols) this.futuresSymbols.add(symbol);
  }

  /** Where a trade poll of `market` starts: the newest trade seen, less an overlap for late rows. */
  tradesSince(market: string, fallback: number, overlapMs = 60_000): number {
    const newest = this.newestTradeTime.get(market);
    return newest === undefined ? fallback : Math.max(0, newest - overlapMs);
  }

  positionSymbols(): string[] {
    return [...this.openPositions.entries()].filter(([, sides]) => sides.size > 0).map(([symbol]) => symbol);
  }

  /** Learns from every observation published, whatever its source. */
  learn(observations: readonly MappedObservation[]): void {
    for (const { event } of observations) {
      switch (event.type) {
        case 'FuturesOrderObserved':
          this.futuresSymbols.add(event.data.symbol);
          break;
        case 'FuturesStopOrderObserved':
          this.futuresSymbols.add(event.data.symbol);
          this.stopPrices.set(event.data.orderId, event.data.stopPrice);
          break;
        case 'FuturesFillObserved':
          this.futuresSymbols.add(event.data.symbol);
          // Only polls move the trade cursor: a stream fill may be newer than one the stream dropped.
          if (event.data.source === 'rest-poll') this.noteTrade(event.data.symbol, event.data.tradeTime);
          break;
        case 'SpotFillObserved':
          if (event.data.source === 'rest-poll') this.noteTrade('spot', event.data.tradeTime);
          break;
        case 'FuturesPositionObserved': {
          this.futuresSymbols.add(event.data.symbol);
          const sides = this.openPositions.get(event.data.symbol) ?? new Set<string>();
          if (event.data.position === '0') sides.delete(event.data.side);
          else sides.add(event.data.side);
          this.openPositions.set(event.data.symbol, sides);
          break;
        }
        case 'SpotBalanceObserved':
          if (event.data.free === '0' && event.data.locked === '0') this.heldAssets.delete(event.data.asset);
          else this.heldAssets.add(event.data.asset);
          break;
        default:
          break;
      }
    }
  }

  private noteTrade(market: string, time: number): void {
    if (time > (this.newestTradeTime.get(market) ?? 0)) this.newestTradeTime.set(market, time);
  }
}
