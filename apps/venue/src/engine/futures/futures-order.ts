import type { EngineDecimal } from '../support/engine-decimal';
import { ZERO, formatDecimal, formatRounded } from '../support/engine-decimal';
import type { CancelReason, StpMode } from '../types/spot.types';
import type {
  FuturesLimitOrderType,
  FuturesOrderRecord,
  FuturesOrderStatus,
  FuturesPriceType,
  FuturesSide,
  FuturesTimeInForce,
  LiquidationType,
  PositionSide,
} from '../types/futures.types';

const TERMINAL: ReadonlySet<FuturesOrderStatus> = new Set([
  'FILLED',
  'CANCELED',
  'PARTIALLY_CANCELED',
  'REJECTED',
]);

export function bookSideOf(side: FuturesSide): 'BUY' | 'SELL' {
  return side === 'BUY_OPEN' || side === 'BUY_CLOSE' ? 'BUY' : 'SELL';
}

export function isCloseSide(side: FuturesSide): boolean {
  return side === 'SELL_CLOSE' || side === 'BUY_CLOSE';
}

/** The position a side opens or closes: BUY_OPEN and SELL_CLOSE act on LONG. */
export function positionSideOf(side: FuturesSide): PositionSide {
  return side === 'BUY_OPEN' || side === 'SELL_CLOSE' ? 'LONG' : 'SHORT';
}

/** Mutable state of one limit-type futures order. */
export class FuturesOrder {
  executedQty: EngineDecimal = ZERO;
  /** Σ price × contracts of the fills (not the notional), so avgPrice is this ÷ executedQty. */
  cumulativeQuote: EngineDecimal = ZERO;
  /** Margin still reserved for the unfilled contracts. */
  marginLocked: EngineDecimal = ZERO;
  status: FuturesOrderStatus = 'NEW';
  cancelReason: CancelReason = '';
  updateTime: number;
  sumFee: EngineDecimal = ZERO;
  isLiquidation = false;
  liquidationType: LiquidationType = '';
  indexPrice: EngineDecimal = ZERO;
  triggeredBy = '';

  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly symbol: string,
    readonly orderId: string,
    readonly clientOrderId: string,
    readonly side: FuturesSide,
    readonly type: FuturesLimitOrderType,
    readonly priceType: FuturesPriceType,
    readonly timeInForce: FuturesTimeInForce,
    readonly stpMode: StpMode,
    /** For market orders, the protection price the order may trade up to. */
    readonly price: EngineDecimal,
    readonly origQty: EngineDecimal,
    readonly leverage: number,
    /** Margin reserved per contract at acceptance (open orders only). */
    readonly marginPerContract: EngineDecimal,
    readonly multiplier: EngineDecimal,
    readonly time: number,
    private readonly priceDecimals: number,
  ) {
    this.updateTime = time;
  }

  get isTerminal(): boolean {
    return TERMINAL.has(this.status);
  }

  get isClose(): boolean {
    return isCloseSide(this.side);
  }

  get remainingQty(): EngineDecimal {
    return this.origQty.minus(this.executedQty);
  }

  endedEarlyStatus(): FuturesOrderStatus {
    return this.executedQty.gt(0) ? 'PARTIALLY_CANCELED' : 'CANCELED';
  }

  toRecord(): FuturesOrderRecord {
    return {
      recordType: 'LIMIT',
      accountId: this.accountId,
      time: this.time,
      updateTime: this.updateTime,
      orderId: this.orderId,
      clientOrderId: this.clientOrderId,
      symbol: this.symbol,
      price: formatDecimal(this.price),
      leverage: String(this.leverage),
      origQty: formatDecimal(this.origQty),
      executedQty: formatDecimal(this.executedQty),
      avgPrice: this.executedQty.gt(0)
        ? formatRounded(this.cumulativeQuote.div(this.executedQty), this.priceDecimals)
        : '0',
      cumulativeQuoteQty: formatDecimal(this.cumulativeQuote),
      marginLocked: formatDecimal(this.marginLocked),
      type: this.type,
      side: this.side,
      timeInForce: this.timeInForce,
      status: this.status,
      priceType: this.priceType,
      contractMultiplier: formatDecimal(this.multiplier),
      isLiquidationOrder: this.isLiquidation,
      indexPrice: formatDecimal(this.indexPrice),
      liquidationType: this.liquidationType,
      ordCxlReason: this.cancelReason,
      stpMode: this.stpMode,
      isClose: this.isClose,
      sumFeeAmount: formatDecimal(this.sumFee),
      triggeredByOrderId: this.triggeredBy,
    };
  }
}
