import type { EngineDecimal } from '../support/engine-decimal';
import { formatDecimal } from '../support/engine-decimal';
import type { StpMode } from '../types/spot.types';
import type {
  FuturesPriceType,
  FuturesSide,
  FuturesStopOrderRecord,
  FuturesStopOrderStatus,
  FuturesTimeInForce,
} from '../types/futures.types';

/** A trigger order resting outside the book until the mark price reaches its stop price. */
export class FuturesStopOrder {
  status: FuturesStopOrderStatus = 'ORDER_NEW';
  updateTime: number;
  triggeredOrderId = '';

  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly symbol: string,
    readonly orderId: string,
    readonly clientOrderId: string,
    readonly side: FuturesSide,
    /** Zero when the triggered order is a market order. */
    readonly price: EngineDecimal,
    readonly priceType: FuturesPriceType,
    readonly timeInForce: FuturesTimeInForce,
    readonly origQty: EngineDecimal,
    readonly stopPrice: EngineDecimal,
    readonly stpMode: StpMode,
    /** Fixed at acceptance from where the mark stood: a stop above the mark waits for a rise. */
    readonly triggerWhenMarkAtOrAbove: boolean,
    readonly time: number,
  ) {
    this.updateTime = time;
  }

  get isOpen(): boolean {
    return this.status === 'ORDER_NEW';
  }

  isTriggeredBy(mark: EngineDecimal): boolean {
    return this.triggerWhenMarkAtOrAbove ? mark.gte(this.stopPrice) : mark.lte(this.stopPrice);
  }

  toRecord(): FuturesStopOrderRecord {
    return {
      recordType: 'STOP',
      time: this.time,
      updateTime: this.updateTime,
      orderId: this.orderId,
      accountId: this.accountId,
      clientOrderId: this.clientOrderId,
      symbol: this.symbol,
      price: formatDecimal(this.price),
      // The exchange reports 0 here; the leverage applies when the order triggers.
      leverage: '0',
      origQty: formatDecimal(this.origQty),
      type: 'STOP',
      side: this.side,
      status: this.status,
      stopPrice: formatDecimal(this.stopPrice),
      stpMode: this.stpMode,
      priceType: this.priceType,
      triggerWhenMarkAtOrAbove: this.triggerWhenMarkAtOrAbove,
      triggeredOrderId: this.triggeredOrderId,
    };
  }
}
