import type { EngineDecimal } from '../support/engine-decimal';
import { ZERO } from '../support/engine-decimal';
import type { MarginType, PositionSide, TriggerPriceType } from '../types/futures.types';

/** One hedge-mode position: an account holds a LONG and a SHORT per symbol independently. */
export class FuturesPosition {
  quantity: EngineDecimal = ZERO;
  avgPrice: EngineDecimal = ZERO;
  margin: EngineDecimal = ZERO;
  realizedPnl: EngineDecimal = ZERO;
  /** Contracts promised to resting close orders. */
  reservedForClose: EngineDecimal = ZERO;
  updateTime: number;
  stopProfit: EngineDecimal | undefined;
  stopProfitTrigger: TriggerPriceType = 'CONTRACT_PRICE';
  stopLoss: EngineDecimal | undefined;
  stopLossTrigger: TriggerPriceType = 'CONTRACT_PRICE';

  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly symbol: string,
    readonly side: PositionSide,
    createdAt: number,
  ) {
    this.updateTime = createdAt;
  }

  get available(): EngineDecimal {
    return this.quantity.minus(this.reservedForClose);
  }

  /** PnL of closing `quantity` contracts at `price` against the average entry. */
  pnlAt(price: EngineDecimal, quantity: EngineDecimal, multiplier: EngineDecimal): EngineDecimal {
    const perUnit = this.side === 'LONG' ? price.minus(this.avgPrice) : this.avgPrice.minus(price);
    return perUnit.mul(quantity).mul(multiplier);
  }

  clearTradingStop(): void {
    this.stopProfit = undefined;
    this.stopLoss = undefined;
  }
}

export interface LeverageSetting {
  leverage: number;
  marginType: MarginType;
}

/** Wallet of a futures account in its margin asset; margins in use are derived from orders and positions. */
export class FuturesWallet {
  balance: EngineDecimal = ZERO;
  orderMargin: EngineDecimal = ZERO;

  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly asset: string,
  ) {}
}
