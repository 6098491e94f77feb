import type {
  AccountTradeInput,
  SpotCancelAck,
  SpotOrderAckInput,
  SpotOrderRecordInput,
} from '@oms/exchange';
import type { SpotOrderRecord, SpotTradeRecord } from '../engine';

/** Acknowledgement of POST /api/v1/spot/order, /api/v1.1/spot/order and batch entries. */
export function toSpotOrderAck(order: SpotOrderRecord): SpotOrderAckInput {
  return {
    accountId: order.accountId,
    symbol: order.symbol,
    symbolName: order.symbolName,
    clientOrderId: order.clientOrderId,
    orderId: order.orderId,
    transactTime: String(order.transactTime),
    price: order.price,
    origQty: order.origQty,
    executedQty: order.executedQty,
    status: order.status,
    timeInForce: order.timeInForce,
    type: order.type,
    side: order.side,
    reqAmount: order.reqAmount,
    concentration: '',
  };
}

/**
 * Acknowledgement of DELETE /api/v1/spot/order. Like the real exchange it reports the
 * status the order held before the cancel; the cancel shows in later observations.
 */
export function toSpotCancelAck(
  order: SpotOrderRecord,
  statusBeforeCancel: SpotOrderRecord['status'],
): SpotCancelAck {
  return {
    accountId: order.accountId,
    symbol: order.symbol,
    clientOrderId: order.clientOrderId,
    orderId: order.orderId,
    transactTime: String(order.updateTime),
    price: order.price,
    origQty: order.origQty,
    executedQty: order.executedQty,
    status: statusBeforeCancel,
    timeInForce: order.timeInForce,
    type: order.type,
    side: order.side,
  };
}

/** Order record of the open-orders and trade-orders lists. */
export function toSpotOrderRecord(order: SpotOrderRecord): SpotOrderRecordInput {
  return {
    accountId: order.accountId,
    exchangeId: order.exchangeId,
    symbol: order.symbol,
    symbolName: order.symbolName,
    clientOrderId: order.clientOrderId,
    orderId: order.orderId,
    price: order.price,
    origQty: order.origQty,
    executedQty: order.executedQty,
    // Both spellings are on the wire: the misspelled one is kept for older clients.
    cummulativeQuoteQty: order.cumulativeQuoteQty,
    cumulativeQuoteQty: order.cumulativeQuoteQty,
    avgPrice: order.avgPrice,
    status: order.status,
    timeInForce: order.timeInForce,
    type: order.type,
    side: order.side,
    stopPrice: '0.0',
    icebergQty: '0.0',
    time: String(order.time),
    updateTime: String(order.updateTime),
    isWorking: order.isWorking,
    reqAmount: order.reqAmount,
    feeSupplementaryAmount: '0',
    ordCxlReason: order.ordCxlReason,
    stpMode: order.stpMode,
  };
}

/** GET /api/v1/spot/order adds the fee fields of the professional family. */
export function toSpotOrderDetail(order: SpotOrderRecord): SpotOrderRecordInput {
  return {
    ...toSpotOrderRecord(order),
    feeCoin: order.feeCoin,
    feeAmount: order.feeAmount,
    sumFeeAmount: order.sumFeeAmount,
  };
}

/** A fill of GET /api/v1/account/trades. */
export function toSpotAccountTrade(trade: SpotTradeRecord): AccountTradeInput {
  return {
    id: trade.id,
    clientOrderId: trade.clientOrderId,
    ticketId: trade.ticketId,
    symbol: trade.symbol,
    symbolName: trade.symbolName,
    orderId: trade.orderId,
    matchOrderId: trade.matchOrderId,
    price: trade.price,
    qty: trade.qty,
    commission: trade.commission,
    commissionAsset: trade.commissionAsset,
    time: String(trade.time),
    isBuyer: trade.isBuyer,
    isMaker: trade.isMaker,
    fee: {
      feeCoinId: trade.commissionAsset,
      feeCoinName: trade.commissionAsset,
      fee: trade.commission,
      originCoinId: trade.commissionAsset,
      originCoinName: trade.commissionAsset,
      originFee: trade.commission,
    },
    feeCoinId: trade.commissionAsset,
    feeAmount: trade.commission,
    makerRebate: trade.makerRebate,
  };
}
