import { z } from 'zod';
import {
  decimalString,
  epochMillisString,
  idString,
  optionalDecimalString,
  optionalText,
  venueCode,
} from './wire-primitives';

/** Balance entry of GET /api/v1/account. */
export const accountBalanceSchema = z.object({
  asset: z.string(),
  assetId: z.string().optional(),
  assetName: z.string().optional(),
  total: decimalString,
  free: decimalString,
  locked: decimalString,
  /** Present only when greater than zero. */
  voucher: optionalDecimalString.optional(),
});
export type AccountBalance = z.output<typeof accountBalanceSchema>;

/** GET /api/v1/account. */
export const accountInfoSchema = z.object({
  balances: z.array(accountBalanceSchema),
  userId: idString.optional(),
});
export type AccountInfo = z.output<typeof accountInfoSchema>;
export type AccountInfoInput = z.input<typeof accountInfoSchema>;

/** Fee detail object of an account trade. */
const accountTradeFeeSchema = z.object({
  feeCoinId: z.string().optional(),
  feeCoinName: z.string().optional(),
  fee: optionalDecimalString.optional(),
  originCoinId: z.string().optional(),
  originCoinName: z.string().optional(),
  originFee: optionalDecimalString.optional(),
});

/** Spot fill of GET /api/v1/account/trades. `ticketId` identifies the match (shared by maker and taker). */
export const accountTradeSchema = z.object({
  id: idString,
  clientOrderId: z.string().optional(),
  ticketId: idString,
  symbol: z.string(),
  symbolName: z.string().optional(),
  orderId: idString,
  matchOrderId: idString.optional(),
  price: decimalString,
  qty: decimalString,
  commission: decimalString,
  commissionAsset: z.string().nullable().optional(),
  time: epochMillisString,
  isBuyer: z.boolean(),
  isMaker: z.boolean(),
  fee: accountTradeFeeSchema.nullable().optional(),
  feeCoinId: z.string().nullable().optional(),
  feeAmount: optionalDecimalString.optional(),
  makerRebate: optionalDecimalString.optional(),
  platformCoinDeduct: z.boolean().optional(),
  platformCoinDeductPrice: optionalDecimalString.optional(),
});
export type AccountTrade = z.output<typeof accountTradeSchema>;
export type AccountTradeInput = z.input<typeof accountTradeSchema>;
export const accountTradeListSchema = z.array(accountTradeSchema);

/** Entry of GET /api/v1/account/type; `accountType` 1 trading, 3 futures, 5 custody, 6 fiat. */
export const accountEntrySchema = z.object({
  accountId: idString,
  accountLabel: z.string(),
  accountType: z.union([z.string(), z.number().int()]).transform((value) => Number(value)),
  accountIndex: idString.optional(),
  userId: idString.optional(),
});
export type AccountEntry = z.output<typeof accountEntrySchema>;
export const accountEntryListSchema = z.array(accountEntrySchema);

/** GET /api/v1/account/vipInfo (top-level `code` is the integer 0). */
export const vipInfoSchema = z.object({
  code: venueCode,
  msg: optionalText,
  vipLevel: z.string(),
  tradeVol30Day: decimalString,
  totalAssetBal: decimalString,
  data: z.array(
    z.object({
      symbol: z.string(),
      productType: z.string(),
      buyMakerFeeCurrency: z.string(),
      buyTakerFeeCurrency: z.string(),
      sellMakerFeeCurrency: z.string(),
      sellTakerFeeCurrency: z.string(),
      actualMakerRate: decimalString,
      actualTakerRate: decimalString,
    }),
  ),
  updateTimestamp: epochMillisString,
});
export type VipInfo = z.output<typeof vipInfoSchema>;

/** POST /api/v1/account/assetTransfer. */
export const assetTransferResponseSchema = z.object({
  success: z.boolean(),
  timestamp: epochMillisString,
  clientOrderId: z.string().optional(),
  orderId: idString,
});
export type AssetTransferResponse = z.output<typeof assetTransferResponseSchema>;

/** GET /api/v1/account/checkApiKey. */
export const checkApiKeySchema = z.object({
  accountType: z.string(),
});
export type CheckApiKeyResponse = z.output<typeof checkApiKeySchema>;

/**
 * GET /api/v1/account/fiat/history: the seeds do not show the layout, so records are
 * kept as objects whose known fields are not guessed.
 */
export const fiatHistorySchema = z.union([z.array(z.record(z.unknown())), z.object({}).passthrough()]);
export type FiatHistoryResponse = z.output<typeof fiatHistorySchema>;

/**
 * GET /api/v1/account/balanceFlow: the account ledger. `flowTypeValue` 1 trade, 3 fee,
 * 51 transfer, 900 deposit, 904 withdrawal (the venue's values).
 */
export const balanceFlowSchema = z.object({
  id: idString,
  accountId: idString,
  coin: z.string(),
  coinId: z.string().optional(),
  coinName: z.string().optional(),
  flowTypeValue: idString,
  flowType: z.string(),
  flowName: z.string().optional(),
  change: decimalString,
  total: decimalString,
  created: epochMillisString,
  vaChainType: z.string().nullable().optional(),
});
export type BalanceFlow = z.output<typeof balanceFlowSchema>;
export const balanceFlowListSchema = z.array(balanceFlowSchema);

/** GET /api/v1/account/depositOrders entry. */
export const depositOrderSchema = z.object({
  time: epochMillisString,
  coin: z.string(),
  coinName: z.string().optional(),
  address: z.string().optional(),
  addressTag: z.string().optional(),
  quantity: decimalString,
  status: z.union([z.string(), z.number()]).transform(String),
  statusCode: z.union([z.string(), z.number()]).transform(String).optional(),
  txId: z.string().optional(),
  chainType: z.string().nullable().optional(),
});
export type DepositOrder = z.output<typeof depositOrderSchema>;
export const depositOrderListSchema = z.array(depositOrderSchema);

/** GET /api/v1/account/withdrawOrders entry. */
export const withdrawOrderSchema = z.object({
  time: epochMillisString,
  id: z.string(),
  coin: z.string(),
  coinId: z.string().optional(),
  coinName: z.string().optional(),
  address: z.string().optional(),
  quantity: decimalString,
  arriveQuantity: optionalDecimalString.optional(),
  txId: z.string().optional(),
  addressUrl: z.string().optional(),
  feeCoinId: z.string().optional(),
  feeCoinName: z.string().optional(),
  fee: optionalDecimalString.optional(),
  remark: z.string().optional(),
  platform: z.string().optional(),
  status: z.union([z.string(), z.number()]).transform(String).optional(),
  chainType: z.string().nullable().optional(),
});
export type WithdrawOrder = z.output<typeof withdrawOrderSchema>;
export const withdrawOrderListSchema = z.array(withdrawOrderSchema);
