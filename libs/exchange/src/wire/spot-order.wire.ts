import { z } from 'zod';
import { spotOrderStatus, spotOrderType, spotSide, spotTimeInForce, stpMode } from './enums.wire';

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

/** Parameters of POST /api/v1.1/spot/order (and /api/v1/spot/order, without `amount`). */
export interface WireSpotOrderRequest {
  readonly symbol: string;
  readonly side: 'BUY' | 'SELL';
  readonly type: 'LIMIT' | 'MARKET' | 'LIMIT_MAKER';
  /** Base-asset quantity (legacy v1.0: the quote amount for a market buy). */
  readonly quantity?: string;
  /** Quote cash amount, market orders only (v1.1). */
  readonly amount?: string;
  readonly price?: string;
  readonly newClientOrderId?: string;
  readonly timeInForce?: 'GTC' | 'IOC' | 'FOK';
  readonly stpMode?: 'EXPIRE_TAKER' | 'EXPIRE_MAKER';
}

/** One element of the JSON array body of POST /api/v1.1/spot/batchOrders. */
export const spotBatchOrderItemSchema = z.object({
  symbol: z.string().min(1),
  side: spotSide,
  type: spotOrderType,
  quantity: decimalString.optional(),
  amount: decimalString.optional(),
  price: decimalString.optional(),
  newClientOrderId: z.string().optional(),
  timeInForce: spotTimeInForce.optional(),
  stpMode: stpMode.optional(),
});
export type SpotBatchOrderItem = z.output<typeof spotBatchOrderItemSchema>;

// ---------------------------------------------------------------- responses

/** Fields shared by the create acknowledgement and the cancel acknowledgement. */
const spotOrderAckCore = {
  accountId: idString,
  symbol: z.string(),
  clientOrderId: z.string(),
  orderId: idString,
  transactTime: epochMillisString,
  price: decimalString,
  origQty: decimalString,
  executedQty: decimalString,
  status: spotOrderStatus,
  timeInForce: spotTimeInForce,
  type: spotOrderType,
  side: spotSide,
};

/** Response of spot order creation (v1.0 and v1.1), and the `order` of a batch entry. */
export const spotOrderAckSchema = z.object({
  ...spotOrderAckCore,
  symbolName: z.string().optional(),
  reqAmount: optionalDecimalString.optional(),
  concentration: optionalText,
  alert: optionalText,
});
export type SpotOrderAck = z.output<typeof spotOrderAckSchema>;
export type SpotOrderAckInput = z.input<typeof spotOrderAckSchema>;

/**
 * Response of DELETE /api/v1/spot/order. Its `status` is the status before the
 * cancel took effect (real acks say "NEW"): the cancel is confirmed by a later report.
 */
export const spotCancelAckSchema = z.object(spotOrderAckCore);
export type SpotCancelAck = z.output<typeof spotCancelAckSchema>;

/** Spot order record of GET order, open orders and traded orders. */
export const spotOrderRecordSchema = z.object({
  accountId: idString,
  exchangeId: idString.optional(),
  symbol: z.string(),
  symbolName: z.string().optional(),
  clientOrderId: z.string(),
  orderId: idString,
  price: decimalString,
  origQty: decimalString,
  executedQty: decimalString,
  cummulativeQuoteQty: decimalString.optional(),
  cumulativeQuoteQty: decimalString.optional(),
  avgPrice: decimalString.optional(),
  status: spotOrderStatus,
  timeInForce: spotTimeInForce,
  type: spotOrderType,
  side: spotSide,
  stopPrice: optionalDecimalString.optional(),
  icebergQty: optionalDecimalString.optional(),
  time: epochMillisString,
  updateTime: epochMillisString,
  isWorking: z.boolean().optional(),
  reqAmount: optionalDecimalString.optional(),
  feeSupplementaryAmount: optionalDecimalString.optional(),
  ordCxlReason: optionalText,
  stpMode: stpMode.optional(),
  /** Null in the global site family. */
  feeCoin: z.string().nullable().optional(),
  feeAmount: optionalDecimalString.optional(),
  sumFeeAmount: optionalDecimalString.optional(),
  platformFeeCoin: z.string().nullable().optional(),
  sumPlatformFeeAmount: optionalDecimalString.optional(),
});
export type SpotOrderRecord = z.output<typeof spotOrderRecordSchema>;
export type SpotOrderRecordInput = z.input<typeof spotOrderRecordSchema>;

export const spotOrderRecordListSchema = z.array(spotOrderRecordSchema);

/** One entry of the batch create result: success with `order`, or failure with `code`/`msg`. */
export const spotBatchResultEntrySchema = batchResultEntrySchema(spotOrderAckSchema);
export type SpotBatchResultEntry = z.output<typeof spotBatchResultEntrySchema>;

/** Response of POST /api/v1.1/spot/batchOrders (top-level `code` is the integer 0 on success). */
export const spotBatchOrderResponseSchema = batchOrderResponseSchema(spotOrderAckSchema).extend({
  concentration: optionalText,
});
export type SpotBatchOrderResponse = z.output<typeof spotBatchOrderResponseSchema>;
export type SpotBatchOrderResponseInput = z.input<typeof spotBatchOrderResponseSchema>;

/** Response of DELETE /api/v1/spot/openOrders. */
export const successFlagSchema = z.object({ success: z.boolean() });
export type SuccessFlag = z.output<typeof successFlagSchema>;

/** Response of DELETE /api/v1/spot/cancelAllOpenOrders and /api/v1/futures/cancelAllOpenOrders. */
export const cancelAllAcceptedSchema = z.object({
  code: venueCode,
  message: optionalText,
  timestamp: epochMillisString.optional(),
  lastOrderId: idString.optional(),
});
export type CancelAllAccepted = z.output<typeof cancelAllAcceptedSchema>;

/** Response of DELETE /api/v1/spot/cancelOrderByIds: one entry per order that failed. */
export const spotCancelByIdsResponseSchema = z.object({
  code: venueCode,
  result: z.array(z.object({ orderId: idString, code: venueCode, msg: optionalText })).default([]),
});
export type SpotCancelByIdsResponse = z.output<typeof spotCancelByIdsResponseSchema>;

/** Response of POST /api/v1/spot/orderTest: an empty object. */
export const emptyObjectSchema = z.object({}).passthrough();
