import type { EngineContext } from '../engine-context';
import type { EngineDecimal } from '../support/engine-decimal';
import { formatDecimal } from '../support/engine-decimal';
import type { ExecutionDetail, TradeEvent } from '../types/engine-event.types';

/** One side of a match for a desk order, spot or futures. */
export interface DeskFill {
  readonly quantity: EngineDecimal;
  readonly price: EngineDecimal;
  readonly isMaker: boolean;
  /** Shared by both sides of the match. */
  readonly ticketId: string;
  readonly matchOrderId: string;
  readonly time: number;
}

/** The order a fill belongs to, as far as its stream events name it. */
export interface FilledOrder {
  readonly userId: string;
  readonly accountId: string;
  readonly symbol: string;
  readonly orderId: string;
  readonly clientOrderId: string;
}

/** Each side of a fill gets its own execution id and trade id; the ticket id is the match's. */
export function newExecution(
  context: EngineContext,
  fill: DeskFill,
  fee: EngineDecimal,
  feeAsset: string,
): ExecutionDetail {
  return {
    executionId: context.ids.nextId(),
    ticketId: fill.ticketId,
    tradeId: context.ids.nextId(),
    lastQty: formatDecimal(fill.quantity),
    lastPrice: formatDecimal(fill.price),
    commission: formatDecimal(fee),
    commissionAsset: feeAsset,
    isMaker: fill.isMaker,
  };
}

/** The `trade` event (the stream's `ticketInfo`) of one side of a fill. */
export function emitTradeEvent(
  context: EngineContext,
  order: FilledOrder,
  market: TradeEvent['market'],
  side: TradeEvent['side'],
  fill: DeskFill,
  execution: ExecutionDetail,
): void {
  context.events.emit({
    userId: order.userId,
    accountId: order.accountId,
    eventTime: fill.time,
    kind: 'trade',
    market,
    symbol: order.symbol,
    qty: execution.lastQty,
    price: execution.lastPrice,
    tradeTime: fill.time,
    ticketId: fill.ticketId,
    tradeId: execution.tradeId,
    executionId: execution.executionId,
    orderId: order.orderId,
    clientOrderId: order.clientOrderId,
    matchOrderId: fill.matchOrderId,
    isMaker: fill.isMaker,
    side,
  });
}
