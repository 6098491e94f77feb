import Decimal from 'decimal.js';
import { FuturesOrderRequest, FuturesStopOrderRequest, SpotOrderRequest } from '@oms/domain';
import {
  futuresHoldingOfIntent,
  futuresInFlightMargin,
  HoldingOrderRow,
  spotHeld,
  SpotHolding,
  spotHoldingOfIntent,
  SymbolAssets,
} from './order-exposure';

/** What the spot checks price orders with, read before their intents' transaction. */
export interface SpotPricing {
  /** A recent price of the symbol, when a market order needs one. */
  readonly referencePrice: string | null;
}

/** What the futures checks price orders with, read before their intents' transaction. */
export interface FuturesPricing {
  readonly referencePrice: string | null;
  /** The symbol's leverage as the venue answered it ('1' when no order opens a position). */
  readonly leverage: string;
  /** When the venue was asked for it (epoch ms; 0 when it was not). */
  readonly leverageAsOf: number;
}

/**
 * What the spot checks of one account's orders read once: the wallet totals of the
 * assets they spend, what holding orders hold, and a reference price of their symbol.
 * Each order let through is counted with `hold`, so that the next order's check sees
 * it as held before any intent is written (a batch reads its funds once).
 */
export class SpotFunds {
  private readonly holdings: SpotHolding[];

  constructor(
    readonly referencePrice: string | null,
    private readonly totals: Readonly<Record<string, string>>,
    holdings: readonly SpotHolding[],
  ) {
    this.holdings = [...holdings];
  }

  /**
   * Funds not read yet: every check but the funds rule runs against them (that rule is
   * left out while no balance is known), before the intents' transaction reads them.
   */
  static unread(pricing: SpotPricing): SpotFunds {
    return new SpotFunds(pricing.referencePrice, {}, []);
  }

  /** The wallet total of `asset`; null while the read models hold no balance for it. */
  available(asset: string): Decimal | null {
    const total = this.totals[asset];
    return total === undefined ? null : new Decimal(total);
  }

  held(asset: string, assetsOf: (symbol: string) => SymbolAssets | undefined): Decimal {
    return spotHeld(this.holdings, asset, assetsOf, () => this.referencePrice);
  }

  hold(request: SpotOrderRequest): void {
    this.holdings.push(spotHoldingOfIntent(request));
  }
}

/**
 * What the margin checks of one account's futures orders read once: the free margin,
 * the in-flight orders, the symbol's leverage and a reference price. Each order let
 * through is counted with `hold`, as with SpotFunds.
 */
export class FuturesMargin {
  private readonly inFlight: HoldingOrderRow[];

  constructor(
    readonly referencePrice: string | null,
    readonly leverage: string,
    private readonly free: string | null,
    inFlight: readonly HoldingOrderRow[],
  ) {
    this.inFlight = [...inFlight];
  }

  /** Margin not read yet (or not needed: orders that only close), as `SpotFunds.unread`. */
  static unread(pricing: FuturesPricing): FuturesMargin {
    return new FuturesMargin(pricing.referencePrice, pricing.leverage, null, []);
  }

  /** The free margin; null while the read models hold no balance for it. */
  available(): Decimal | null {
    return this.free === null ? null : new Decimal(this.free);
  }

  held(multiplierOf: (symbol: string) => string | undefined): Decimal {
    return futuresInFlightMargin(
      this.inFlight,
      multiplierOf,
      () => this.referencePrice,
      () => this.leverage,
    );
  }

  hold(request: FuturesOrderRequest | FuturesStopOrderRequest): void {
    this.inFlight.push(futuresHoldingOfIntent(request));
  }
}
