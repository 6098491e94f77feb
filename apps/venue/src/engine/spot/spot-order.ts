import type { EngineDecimal } from '../support/engine-decimal';
import { ZERO, formatDecimal, formatRounded } from '../support/engine-decimal';
import type {
  CancelReason,
  SpotOrderRecord,
  SpotOrderStatus,
  SpotOrderType,
  SpotSide,
  SpotTimeInForce,
  StpMode,
} from '../types/spot.types';

export const TERMINAL_SPOT_STATUSES: ReadonlySet<SpotOrderStatus> = new Set([
  'FILLED',
  'CANCELED',
  'PARTIALLY_CANCELED',
  'REJECTED',
]);

/** Mutable state of one spot order inside the engine. */
export class SpotOrder {
  executedQty: EngineDecimal = ZERO;
  cumulativeQuote: EngineDecimal = ZERO;
  status: SpotOrderStatus;
  cancelReason: CancelReason = '';
  updateTime: number;
  /** What is still reserved for this order, in `lockedAsset`. */
  lockedRemaining: EngineDecimal = ZERO;
  lockedAsset = '';
  feeCoin = '';
  lastFee: EngineDecimal = ZERO;
  sumFee: EngineDecimal = ZERO;

  constructor(
    readonly userId: string,
    readonly accountId: string,
    readonly symbol: string,
    readonly orderId: string,
    readonly clientOrderId: string,
    readonly side: SpotSide,
    readonly type: SpotOrderType,
    readonly timeInForce: SpotTimeInForce,
    readonly stpMode: StpMode,
    /** Zero for market orders. */
    readonly price: EngineDecimal,
    /** Zero for market orders by cash amount. */
    readonly origQty: EngineDecimal,
    /** Zero unless a market order by cash amount. */
    readonly reqAmount: EngineDecimal,
    readonly time: number,
    initialStatus: SpotOrderStatus,
    private readonly priceDecimals: number,
  ) {
    this.status = initialStatus;
    this.updateTime = time;
  }

  get isTerminal(): boolean {
    return TERMINAL_SPOT_STATUSES.has(this.status);
  }

  get isByAmount(): boolean {
    return this.reqAmount.gt(0);
  }

  get remainingQty(): EngineDecimal {
    return this.isByAmount ? ZERO : this.origQty.minus(this.executedQty);
  }

  /** Status after a fill, before any expiry: orders by cash amount settle their status when matching ends. */
  statusAfterFill(): SpotOrderStatus {
    if (!this.isByAmount && this.executedQty.gte(this.origQty)) return 'FILLED';
    return 'PARTIALLY_FILLED';
  }

  /** Status of an order ended before a full fill. */
  endedEarlyStatus(): SpotOrderStatus {
    return this.executedQty.gt(0) ? 'PARTIALLY_CANCELED' : 'CANCELED';
  }

  toRecord(): SpotOrderRecord {
    const avgPrice = this.executedQty.gt(0)
      ? formatRounded(this.cumulativeQuote.div(this.executedQty), this.priceDecimals)
      : '0';
    return {
      accountId: this.accountId,
      exchangeId: '301',
      symbol: this.symbol,
      symbolName: this.symbol,
      clientOrderId: this.clientOrderId,
      orderId: this.orderId,
      price: formatDecimal(this.price),
      origQty: formatDecimal(this.origQty),
      executedQty: formatDecimal(this.executedQty),
      cumulativeQuoteQty: formatDecimal(this.cumulativeQuote),
      avgPrice,
      status: this.status,
      timeInForce: this.timeInForce,
      type: this.type,
      side: this.side,
      stpMode: this.stpMode,
      reqAmount: formatDecimal(this.reqAmount),
      time: this.time,
      updateTime: this.updateTime,
      transactTime: this.time,
      ordCxlReason: this.cancelReason,
      feeCoin: this.feeCoin,
      feeAmount: formatDecimal(this.lastFee),
      sumFeeAmount: formatDecimal(this.sumFee),
      isWorking: !this.isTerminal,
    };
  }
}
