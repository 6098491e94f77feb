import type { EngineContext } from '../engine-context';
import type { Instrument } from '../instruments/instrument-registry';
import { EngineDecimal, dec, formatDecimal } from '../support/engine-decimal';
import type { ExecutionDetail } from '../types/engine-event.types';
import type { SpotOrder } from './spot-order';
import type { SpotOrderStore } from './spot-order-store';

export interface SpotFill {
  readonly quantity: EngineDecimal;
  readonly price: EngineDecimal;
  readonly isMaker: boolean;
  /** Shared by both sides of the match. */
  readonly ticketId: string;
  readonly matchOrderId: string;
  readonly time: number;
}

/**
 * Books one side of a match for a desk order: the reserved asset leaves, the bought
 * asset arrives net of the fee (fees are charged in the asset received: base on a
 * BUY, quote on a SELL), the order's figures move, and the order update and
 * `ticketInfo` events go out.
 */
export function settleSpotFill(
  context: EngineContext,
  store: SpotOrderStore,
  order: SpotOrder,
  instrument: Instrument,
  fill: SpotFill,
): void {
  const { baseAsset, quoteAsset } = instrument.record;
  const quote = fill.quantity.mul(fill.price);
  const rate = dec(fill.isMaker ? context.spotFees.makerRate : context.spotFees.takerRate);
  const { ledger } = context;
  let fee: EngineDecimal;
  let feeAsset: string;
  if (order.side === 'BUY') {
    // A limit buy reserved its own price; the price improvement goes back to free.
    const reservedForFill = order.price.gt(0) ? fill.quantity.mul(order.price) : quote;
    ledger.spendLocked(order.accountId, quoteAsset, quote);
    ledger.unlock(order.accountId, quoteAsset, reservedForFill.minus(quote));
    order.lockedRemaining = order.lockedRemaining.minus(reservedForFill);
    fee = fill.quantity.mul(rate);
    feeAsset = baseAsset;
    ledger.credit(order.accountId, baseAsset, fill.quantity.minus(fee));
  } else {
    ledger.spendLocked(order.accountId, baseAsset, fill.quantity);
    order.lockedRemaining = order.lockedRemaining.minus(fill.quantity);
    fee = quote.mul(rate);
    feeAsset = quoteAsset;
    ledger.credit(order.accountId, quoteAsset, quote.minus(fee));
  }

  order.executedQty = order.executedQty.plus(fill.quantity);
  order.cumulativeQuote = order.cumulativeQuote.plus(quote);
  order.feeCoin = feeAsset;
  order.lastFee = fee;
  order.sumFee = order.sumFee.plus(fee);
  order.status = order.statusAfterFill();
  order.updateTime = fill.time;

  const execution: ExecutionDetail = {
    executionId: context.ids.nextId(),
    ticketId: fill.ticketId,
    tradeId: context.ids.nextId(),
    lastQty: formatDecimal(fill.quantity),
    lastPrice: formatDecimal(fill.price),
    commission: formatDecimal(fee),
    commissionAsset: feeAsset,
    isMaker: fill.isMaker,
  };
  store.addTrade({
    id: execution.tradeId,
    ticketId: fill.ticketId,
    executionId: execution.executionId,
    accountId: order.accountId,
    clientOrderId: order.clientOrderId,
    symbol: order.symbol,
    symbolName: order.symbol,
    orderId: order.orderId,
    matchOrderId: fill.matchOrderId,
    price: execution.lastPrice,
    qty: execution.lastQty,
    quoteQty: formatDecimal(quote),
    commission: execution.commission,
    commissionAsset: feeAsset,
    time: fill.time,
    isBuyer: order.side === 'BUY',
    isMaker: fill.isMaker,
    makerRebate: '0',
  });
  const base = { userId: order.userId, accountId: order.accountId, eventTime: fill.time };
  context.events.emit({ ...base, kind: 'spotOrderUpdate', order: order.toRecord(), execution });
  context.events.emit({
    ...base,
    kind: 'trade',
    market: 'SPOT',
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
    side: order.side,
  });
}
