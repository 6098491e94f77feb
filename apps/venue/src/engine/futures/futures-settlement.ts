import type { EngineContext } from '../engine-context';
import type { Instrument } from '../instruments/instrument-registry';
import { EngineDecimal, ZERO, dec, formatDecimal } from '../support/engine-decimal';
import type { DeskFill } from '../events/fill-publication';
import { emitTradeEvent, newExecution } from '../events/fill-publication';
import type { FuturesAccountBook } from './futures-account-book';
import type { FuturesOrder } from './futures-order';
import { bookSideOf, positionSideOf } from './futures-order';
import type { FuturesOrderStore } from './futures-order-store';

/**
 * Books one side of a futures match for a desk order.
 * Opening: the order's reserved margin for these contracts is released, the position
 * grows at a new average price and takes price x contracts x multiplier / leverage
 * as margin, the open fee leaves the wallet.
 * Closing: realized PnL against the average entry and the close fee go to the
 * wallet, the position's margin shrinks in proportion.
 */
export function settleFuturesFill(
  context: EngineContext,
  accounts: FuturesAccountBook,
  store: FuturesOrderStore,
  order: FuturesOrder,
  instrument: Instrument,
  fill: DeskFill,
): void {
  const fees = context.futuresFees;
  const notional = fill.price.mul(fill.quantity).mul(instrument.multiplier);
  const wallet = accounts.wallet(order.accountId);
  const position = accounts.position(order.accountId, order.symbol, positionSideOf(order.side));
  let realized = ZERO;
  let fee: EngineDecimal;
  if (!order.isClose) {
    const released = order.marginPerContract.mul(fill.quantity);
    order.marginLocked = order.marginLocked.minus(released);
    wallet.orderMargin = wallet.orderMargin.minus(released);
    fee = notional.mul(dec(fill.isMaker ? fees.openMakerRate : fees.openTakerRate));
    const newQuantity = position.quantity.plus(fill.quantity);
    position.avgPrice = position.avgPrice
      .mul(position.quantity)
      .plus(fill.price.mul(fill.quantity))
      .div(newQuantity);
    position.quantity = newQuantity;
    position.margin = position.margin.plus(notional.div(order.leverage));
  } else {
    fee = notional.mul(dec(fill.isMaker ? fees.closeMakerRate : fees.closeTakerRate));
    realized = position.pnlAt(fill.price, fill.quantity, instrument.multiplier);
    const releasedMargin = position.margin.mul(fill.quantity).div(position.quantity);
    position.margin = position.margin.minus(releasedMargin);
    position.quantity = position.quantity.minus(fill.quantity);
    position.reservedForClose = position.reservedForClose.minus(fill.quantity);
    position.realizedPnl = position.realizedPnl.plus(realized);
    if (position.quantity.isZero()) {
      position.avgPrice = ZERO;
      position.margin = ZERO;
      position.clearTradingStop();
    }
  }
  wallet.balance = wallet.balance.plus(realized).minus(fee);
  accounts.markPositionChanged(position);

  order.executedQty = order.executedQty.plus(fill.quantity);
  // The cumulative quote value (the stream's Z) counts price × contracts, as the
  // exchange's does: one ETHUSDT-PERPETUAL contract filled at 2463.36 reports Z 2463.36.
  // Fees and margin count the notional.
  order.cumulativeQuote = order.cumulativeQuote.plus(fill.price.mul(fill.quantity));
  order.sumFee = order.sumFee.plus(fee);
  order.status = order.remainingQty.isZero() ? 'FILLED' : 'PARTIALLY_FILLED';
  order.updateTime = fill.time;

  const execution = newExecution(context, fill, fee, wallet.asset);
  store.addTrade({
    accountId: order.accountId,
    time: fill.time,
    tradeId: execution.tradeId,
    ticketId: fill.ticketId,
    executionId: execution.executionId,
    orderId: order.orderId,
    clientOrderId: order.clientOrderId,
    matchOrderId: fill.matchOrderId,
    symbol: order.symbol,
    price: execution.lastPrice,
    quantity: execution.lastQty,
    commissionAsset: wallet.asset,
    commission: execution.commission,
    makerRebate: '0',
    type: order.priceType === 'MARKET' ? 'MARKET' : 'LIMIT',
    side: order.side,
    realizedPnl: formatDecimal(realized),
    isMaker: fill.isMaker,
  });
  const base = { userId: order.userId, accountId: order.accountId, eventTime: fill.time };
  context.events.emit({ ...base, kind: 'futuresOrderUpdate', order: order.toRecord(), execution });
  emitTradeEvent(context, order, 'PERPETUAL', bookSideOf(order.side), fill, execution);
}
