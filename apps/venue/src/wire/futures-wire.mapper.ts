import type {
  FuturesAnyOrderRecord,
  FuturesOrderRecord,
  FuturesPositionRecord,
  FuturesStopOrderRecord,
  FuturesTradeRecord,
} from '../engine';
import type {
  FuturesLimitOrderInput,
  FuturesPositionInput,
  FuturesStopOrderInput,
  FuturesTradeInput,
} from '@oms/exchange';

/** Limit-type record of the create response (no liquidation fields, with contractMultiplier). */
export function toFuturesOrderCreated(order: FuturesAnyOrderRecord) {
  if (order.recordType === 'STOP') return toFuturesStopOrder(order);
  const {
    isLiquidationOrder: _l,
    indexPrice: _i,
    liquidationType: _t,
    ordCxlReason: _c,
    stpMode: _s,
    ...rest
  } = toFuturesLimitOrder(order);
  return { ...rest, contractMultiplier: order.contractMultiplier };
}

/** Limit-type record of batch, cancel, query, open and history responses. */
export function toFuturesLimitOrder(
  order: FuturesOrderRecord,
  status: FuturesOrderRecord['status'] = order.status,
): FuturesLimitOrderInput {
  return {
    time: String(order.time),
    updateTime: String(order.updateTime),
    orderId: order.orderId,
    clientOrderId: order.clientOrderId,
    symbol: order.symbol,
    price: order.price,
    leverage: order.leverage,
    origQty: order.origQty,
    executedQty: order.executedQty,
    avgPrice: order.avgPrice,
    marginLocked: order.marginLocked,
    type: order.type,
    side: order.side,
    timeInForce: order.timeInForce,
    status,
    priceType: order.priceType,
    isLiquidationOrder: order.isLiquidationOrder,
    indexPrice: order.indexPrice,
    liquidationType: order.liquidationType,
    ordCxlReason: order.ordCxlReason,
    stpMode: order.stpMode,
    locked: order.marginLocked,
  };
}

export function toFuturesStopOrder(
  order: FuturesStopOrderRecord,
  status: FuturesStopOrderRecord['status'] = order.status,
): FuturesStopOrderInput {
  return {
    time: String(order.time),
    updateTime: String(order.updateTime),
    orderId: order.orderId,
    accountId: order.accountId,
    clientOrderId: order.clientOrderId,
    symbol: order.symbol,
    price: order.price,
    leverage: order.leverage,
    origQty: order.origQty,
    type: order.type,
    side: order.side,
    status,
    stopPrice: order.stopPrice,
    stpMode: order.stpMode,
  };
}

/** A record of either type; `status` overrides the order's own (cancel acks report the status before the cancel). */
export function toFuturesOrder(
  order: FuturesAnyOrderRecord,
  status?: FuturesOrderRecord['status'] | FuturesStopOrderRecord['status'],
): FuturesLimitOrderInput | FuturesStopOrderInput {
  if (order.recordType === 'STOP') {
    return toFuturesStopOrder(order, status !== undefined && isStopStatus(status) ? status : order.status);
  }
  return toFuturesLimitOrder(order, status !== undefined && !isStopStatus(status) ? status : order.status);
}

function isStopStatus(
  status: FuturesOrderRecord['status'] | FuturesStopOrderRecord['status'],
): status is FuturesStopOrderRecord['status'] {
  return status.startsWith('ORDER_');
}

export function toFuturesTrade(trade: FuturesTradeRecord): FuturesTradeInput {
  return {
    time: String(trade.time),
    tradeId: trade.tradeId,
    orderId: trade.orderId,
    symbol: trade.symbol,
    price: trade.price,
    quantity: trade.quantity,
    commissionAsset: trade.commissionAsset,
    commission: trade.commission,
    makerRebate: trade.makerRebate,
    type: trade.type,
    side: trade.side,
    realizedPnl: trade.realizedPnl,
    // The seeds call it isMaker; the live exchange spells it isMarker. Both are sent.
    isMaker: trade.isMaker,
    isMarker: trade.isMaker,
    ticketId: trade.ticketId,
  };
}

export function toFuturesPosition(position: FuturesPositionRecord): FuturesPositionInput {
  return {
    symbol: position.symbol,
    side: position.side,
    avgPrice: position.avgPrice,
    position: position.position,
    available: position.available,
    leverage: position.leverage,
    lastPrice: position.lastPrice,
    positionValue: position.positionValue,
    liquidationPrice: position.liquidationPrice,
    margin: position.margin,
    marginRate: position.marginRate,
    unrealizedPnL: position.unrealizedPnL,
    profitRate: position.profitRate,
    realizedPnL: position.realizedPnL,
    marginType: position.marginType,
    minMargin: position.minMargin,
    reducibleQty: position.reducibleQty,
    updateTime: String(position.updateTime),
  };
}
