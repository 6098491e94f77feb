import type { EngineContext } from '../engine-context';
import type { Instrument } from '../instruments/instrument-registry';
import type { DeskFill } from '../events/fill-publication';
import { emitTradeEvent, newExecution } from '../events/fill-publication';
import { EngineDecimal, dec, formatDecimal } from '../support/engine-decimal';
import type { SpotOrder } from './spot-order';
import type { SpotOrderStore } from './spot-order-store';

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
  fill: DeskFill,
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

  const execution = newExecution(context, fill, fee, feeAsset);
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
  emitTradeEvent(context, order, 'SPOT', order.side, fill, execution);
}
