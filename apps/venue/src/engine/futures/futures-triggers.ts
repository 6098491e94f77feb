import type { EngineContext } from '../engine-context';
import type { EngineErrorReason } from '../engine-error';
import { VenueEngineError } from '../engine-error';
import type { EngineDecimal } from '../support/engine-decimal';
import type { FuturesStopOrderStatus, PositionSide, TriggerPriceType } from '../types/futures.types';
import type { FuturesAccountBook } from './futures-account-book';
import type { FuturesExchange } from './futures-exchange';
import { isCloseSide, positionSideOf } from './futures-order';
import type { FuturesPosition } from './futures-position';
import type { FuturesStopOrder } from './futures-stop-order';

/** Refusals by the venue's risk checks: a stop whose order meets one becomes ORDER_REJECTED. */
const RISK_REFUSALS: ReadonlySet<EngineErrorReason> = new Set(['insufficientMargin']);

/** Trigger passes per evaluation: a triggered order can move the last price and fire another. */
const MAX_TRIGGER_PASSES = 10;

/**
 * Fires what waits on prices: STOP orders on the mark price, take-profit and
 * stop-loss on the mark or the last traded price, and liquidation of positions whose
 * loss has eaten their margin down to maintenance.
 */
export class FuturesTriggers {
  constructor(
    private readonly context: EngineContext,
    private readonly accounts: FuturesAccountBook,
    private readonly exchange: FuturesExchange,
  ) {}

  /**
   * After a mark move everything is checked. After a trade, STOP orders wait for the
   * mark, but trading stops follow the last traded price, and the positions the trade
   * touched are checked for liquidation since a fill moves their entry and margin: a
   * position opened far from the mark can start out beyond its liquidation price.
   */
  evaluate(symbol: string, cause: 'mark' | 'trade'): void {
    if (this.context.matching.paused) return;
    for (let pass = 0; pass < MAX_TRIGGER_PASSES; pass += 1) {
      const fired =
        (cause === 'mark' ? this.fireStops(symbol) : 0) +
        this.fireTradingStops(symbol) +
        this.fireLiquidations(
          cause === 'mark'
            ? this.accounts.positionsOfSymbol(symbol)
            : this.accounts.changedOpenPositionsOf(symbol),
        );
      if (fired === 0) return;
    }
  }

  private fireStops(symbol: string): number {
    const mark = this.context.marks.price(symbol);
    const due = this.exchange.store.openStops(symbol).filter((stop) => stop.isTriggeredBy(mark));
    for (const stop of due) this.fireStop(stop);
    return due.length;
  }

  private fireStop(stop: FuturesStopOrder): void {
    const instrument = this.context.instruments.require(stop.symbol, 'PERPETUAL');
    stop.updateTime = this.context.clock.now();
    if (isCloseSide(stop.side) && !this.canClose(stop)) {
      // Nothing (or not enough) left to close: the stop never takes effect and no order is created.
      stop.status = 'ORDER_NOT_EFFECTIVE';
    } else {
      try {
        const order = this.exchange.submit({
          account: this.context.users.requireAccount(stop.accountId),
          instrument,
          side: stop.side,
          priceType: stop.priceType,
          timeInForce: stop.timeInForce,
          stpMode: stop.stpMode,
          price: stop.price,
          quantity: stop.origQty,
          clientOrderId: stop.clientOrderId,
          triggeredBy: stop.orderId,
        });
        stop.status = 'ORDER_FILLED';
        stop.triggeredOrderId = order.orderId;
      } catch (error: unknown) {
        if (!(error instanceof VenueEngineError)) throw error;
        stop.status = stopStatusForRefusal(error);
      }
    }
    this.context.events.emit({
      kind: 'futuresStopOrderUpdate',
      userId: stop.userId,
      accountId: stop.accountId,
      eventTime: stop.updateTime,
      order: stop.toRecord(),
    });
  }

  /** Whether the position a CLOSE stop names has its whole quantity available to close. */
  private canClose(stop: FuturesStopOrder): boolean {
    const position = this.accounts.position(stop.accountId, stop.symbol, positionSideOf(stop.side));
    return position.available.gte(stop.origQty);
  }

  private fireTradingStops(symbol: string): number {
    let fired = 0;
    for (const position of this.accounts.positionsOfSymbol(symbol)) {
      const profitHit =
        position.stopProfit !== undefined &&
        this.reached(position, position.stopProfit, position.stopProfitTrigger, 'profit');
      const lossHit =
        position.stopLoss !== undefined &&
        this.reached(position, position.stopLoss, position.stopLossTrigger, 'loss');
      if (!profitHit && !lossHit) continue;
      position.clearTradingStop();
      this.closeWholePosition(position, undefined);
      fired += 1;
    }
    return fired;
  }

  private fireLiquidations(candidates: readonly FuturesPosition[]): number {
    let fired = 0;
    for (const position of candidates) {
      const mark = this.context.marks.price(position.symbol);
      const liquidationPrice = this.accounts.liquidationPrice(position);
      if (liquidationPrice === undefined) continue;
      const breached = position.side === 'LONG' ? mark.lte(liquidationPrice) : mark.gte(liquidationPrice);
      if (!breached) continue;
      this.closeWholePosition(position, mark);
      fired += 1;
    }
    return fired;
  }

  private reached(
    position: FuturesPosition,
    level: EngineDecimal,
    by: TriggerPriceType,
    kind: 'profit' | 'loss',
  ): boolean {
    const mark = this.context.marks.price(position.symbol);
    const price = by === 'MARK_PRICE' ? mark : (this.context.tape.lastPrice(position.symbol) ?? mark);
    const upward = (position.side === 'LONG') === (kind === 'profit');
    return upward ? price.gte(level) : price.lte(level);
  }

  /** Cancels the side's resting close orders, then closes every contract at market. */
  private closeWholePosition(position: FuturesPosition, liquidationMark: EngineDecimal | undefined): void {
    const closeSide = closeSideOf(position.side);
    for (const order of this.exchange.store.limitsOf(position.accountId)) {
      if (!order.isTerminal && order.symbol === position.symbol && order.side === closeSide)
        this.exchange.cancel(order, 'USER_CANCELED');
    }
    if (position.available.lte(0)) return;
    this.exchange.submit({
      account: this.context.users.requireAccount(position.accountId),
      instrument: this.context.instruments.require(position.symbol, 'PERPETUAL'),
      side: closeSide,
      priceType: 'MARKET',
      timeInForce: 'IOC',
      stpMode: 'EXPIRE_MAKER',
      price: position.avgPrice,
      quantity: position.available,
      clientOrderId: this.context.ids.nextId(),
      liquidation:
        liquidationMark === undefined
          ? undefined
          : { type: 'LIQUIDATION_TAKER', indexPrice: liquidationMark },
    });
  }
}

/**
 * The risk checks refusing the created order (margin it cannot lock) reject the stop;
 * any other refusal fails it.
 */
function stopStatusForRefusal(error: VenueEngineError): FuturesStopOrderStatus {
  return RISK_REFUSALS.has(error.reason) ? 'ORDER_REJECTED' : 'ORDER_FAILED';
}

function closeSideOf(side: PositionSide): 'SELL_CLOSE' | 'BUY_CLOSE' {
  return side === 'LONG' ? 'SELL_CLOSE' : 'BUY_CLOSE';
}
