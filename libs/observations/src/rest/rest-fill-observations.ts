import {
  FuturesFillObserved,
  readFuturesFillObservation,
  readSpotFillObservation,
  SpotFillObserved,
} from '@oms/domain';
import type { AccountTrade, FuturesTrade } from '@oms/exchange';
import { emptyAsNull, epochMs } from '../observation-fields';

/** GET /api/v1/account/trades row -> SpotFillObserved (rest-poll), with the fee the stream lacks. */
export function spotTradeObservation(accountId: string, trade: AccountTrade): SpotFillObserved {
  const feeAsset = emptyAsNull(trade.commissionAsset ?? trade.fee?.feeCoinName ?? trade.feeCoinId);
  const data = readSpotFillObservation({
    accountId,
    symbol: trade.symbol,
    orderId: trade.orderId,
    clientOrderId: emptyAsNull(trade.clientOrderId),
    ticketId: trade.ticketId,
    side: trade.isBuyer ? 'BUY' : 'SELL',
    price: trade.price,
    qty: trade.qty,
    fee: feeAsset === null ? null : { asset: feeAsset, amount: trade.commission },
    isMaker: trade.isMaker,
    tradeTime: epochMs(trade.time),
    source: 'rest-poll',
  });
  return { type: 'SpotFillObserved', schemaVersion: 2, data };
}

/**
 * GET /api/v1/futures/userTrades row -> FuturesFillObserved (rest-poll). Rows without
 * `ticketId` (as live captures show) keep their `tradeId`, and with it the order id,
 * price, quantity and time that let the OMS match them to the stream's report.
 */
export function futuresTradeObservation(accountId: string, trade: FuturesTrade): FuturesFillObserved {
  const data = readFuturesFillObservation({
    accountId,
    symbol: trade.symbol,
    orderId: trade.orderId,
    clientOrderId: emptyAsNull(trade.clientOrderId),
    ticketId: emptyAsNull(trade.ticketId),
    tradeId: trade.tradeId,
    direction: trade.side.startsWith('BUY') ? 'BUY' : 'SELL',
    orderSide: trade.side,
    price: trade.price,
    quantity: trade.quantity,
    fee: { asset: trade.commissionAsset, amount: trade.commission },
    realizedPnl: trade.realizedPnl,
    isMaker: trade.isMaker,
    tradeTime: epochMs(trade.time),
    source: 'rest-poll',
  });
  return { type: 'FuturesFillObserved', schemaVersion: 1, data };
}
