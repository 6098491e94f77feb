import { z } from 'zod';
import {
  futuresLimitOrderStatus,
  futuresLimitOrderType,
  futuresPriceType,
  futuresSide,
  futuresStopOrderStatus,
  futuresTimeInForce,
  stpMode,
} from './enums.wire';
import {
  decimalString,
  epochMillisString,
  idString,
  optionalDecimalString,
  optionalText,
  venueCode,
} from './wire-primitives';
import { batchOrderResponseSchema, batchResultEntrySchema } from './batch-result.wire';

// ---------------------------------------------------------------- requests

/** Parameters of POST /api/v1/futures/order. Quantities are whole contracts. */
export interface WireFuturesOrderRequest {
  readonly symbol: string;
  readonly side: 'BUY_OPEN' | 'SELL_CLOSE' | 'SELL_OPEN' | 'BUY_CLOSE';
  readonly type: 'LIMIT' | 'STOP';
  /** Number of contracts, an integer written as a string. */
  readonly quantity: string;
  readonly price?: string;
  readonly priceType?: 'INPUT' | 'MARKET';
  readonly stopPrice?: string;
  readonly timeInForce?: 'GTC' | 'FOK' | 'IOC' | 'LIMIT_MAKER';
  readonly clientOrderId: string;
  readonly stpMode?: 'EXPIRE_TAKER' | 'EXPIRE_MAKER';
}

/** One element of the JSON array body of POST /api/v1/futures/batchOrders. */
export const futuresBatchOrderItemSchema = z.object({
  symbol: z.string().min(1),
  side: futuresSide,
  type: z.literal('LIMIT'),
  quantity: decimalString,
  price: decimalString.optional(),
  priceType: futuresPriceType,
  timeInForce: futuresTimeInForce.optional(),
  clientOrderId: z.string().min(1),
  stpMode: stpMode.optional(),
});
export type FuturesBatchOrderItem = z.output<typeof futuresBatchOrderItemSchema>;

// ---------------------------------------------------------------- responses

/** Futures limit-type order record (create, batch, cancel, query, open and history). */
export const futuresLimitOrderSchema = z.object({
  time: epochMillisString,
  updateTime: epochMillisString,
  orderId: idString,
  clientOrderId: z.string(),
  symbol: z.string(),
  price: decimalString,
  leverage: decimalString,
  origQty: decimalString,
  executedQty: decimalString,
  avgPrice: decimalString,
  marginLocked: optionalDecimalString,
  type: futuresLimitOrderType,
  side: futuresSide,
  timeInForce: futuresTimeInForce,
  status: futuresLimitOrderStatus,
  priceType: futuresPriceType,
  /** Create response only. */
  contractMultiplier: decimalString.optional(),
  isLiquidationOrder: z.boolean().optional(),
  indexPrice: optionalDecimalString.optional(),
  liquidationType: optionalText,
  ordCxlReason: optionalText,
  stpMode: stpMode.optional(),
  locked: optionalDecimalString.optional(),
  accountId: idString.optional(),
});
export type FuturesLimitOrder = z.output<typeof futuresLimitOrderSchema>;
export type FuturesLimitOrderInput = z.input<typeof futuresLimitOrderSchema>;

/** Futures stop-type (trigger) order record. */
export const futuresStopOrderSchema = z.object({
  time: epochMillisString,
  updateTime: epochMillisString,
  orderId: idString,
  accountId: idString.optional(),
  clientOrderId: z.string(),
  symbol: z.string(),
  price: decimalString,
  leverage: decimalString,
  origQty: decimalString,
  type: z.literal('STOP'),
  side: futuresSide,
  status: futuresStopOrderStatus,
  stopPrice: decimalString,
  stpMode: stpMode.optional(),
});
export type FuturesStopOrder = z.output<typeof futuresStopOrderSchema>;
export type FuturesStopOrderInput = z.input<typeof futuresStopOrderSchema>;

/** Either record: which one depends on the `type` asked for (LIMIT or STOP). */
export const futuresOrderSchema = z.union([futuresStopOrderSchema, futuresLimitOrderSchema]);
export type FuturesOrder = FuturesLimitOrder | FuturesStopOrder;

export const futuresLimitOrderListSchema = z.array(futuresLimitOrderSchema);
export const futuresStopOrderListSchema = z.array(futuresStopOrderSchema);

export function isFuturesStopOrder(order: FuturesOrder): order is FuturesStopOrder {
  return order.type === 'STOP';
}

/** One entry of the futures batch result. */
export const futuresBatchResultEntrySchema = batchResultEntrySchema(futuresLimitOrderSchema);
export type FuturesBatchResultEntry = z.output<typeof futuresBatchResultEntrySchema>;

/** Response of POST /api/v1/futures/batchOrders (top-level `code` "0000"). */
export const futuresBatchOrderResponseSchema = batchOrderResponseSchema(futuresLimitOrderSchema);
export type FuturesBatchOrderResponse = z.output<typeof futuresBatchOrderResponseSchema>;
export type FuturesBatchOrderResponseInput = z.input<typeof futuresBatchOrderResponseSchema>;

/** Response of DELETE /api/v1/futures/batchOrders (cancel all of a symbol). */
export const futuresCancelAllResponseSchema = z.object({
  code: venueCode,
  message: optionalText,
  timestamp: epochMillisString.optional(),
});
export type FuturesCancelAllResponse = z.output<typeof futuresCancelAllResponseSchema>;

/** Response of DELETE /api/v1/futures/cancelOrderByIds: one entry per order that failed. */
export const futuresCancelByIdsResponseSchema = z.object({
  code: venueCode,
  result: z.array(z.object({ orderId: idString, msg: optionalText, code: venueCode.optional() })).default([]),
});
export type FuturesCancelByIdsResponse = z.output<typeof futuresCancelByIdsResponseSchema>;

/** Futures trade of GET /api/v1/futures/userTrades. The venue spells `isMaker` as `isMarker`. */
export const futuresTradeSchema = z
  .object({
    time: epochMillisString,
    tradeId: idString,
    orderId: idString,
    symbol: z.string(),
    price: decimalString,
    quantity: decimalString,
    commissionAsset: z.string(),
    commission: decimalString,
    makerRebate: optionalDecimalString.optional(),
    type: z.string(),
    side: futuresSide,
    realizedPnl: decimalString,
    isMaker: z.boolean().optional(),
    isMarker: z.boolean().optional(),
    ticketId: idString.optional(),
    clientOrderId: z.string().optional(),
  })
  .transform(({ isMarker, isMaker, ...rest }) => ({ ...rest, isMaker: isMaker ?? isMarker ?? false }));
export type FuturesTrade = z.output<typeof futuresTradeSchema>;
export type FuturesTradeInput = z.input<typeof futuresTradeSchema>;
export const futuresTradeListSchema = z.array(futuresTradeSchema);
