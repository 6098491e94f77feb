import { z } from 'zod';
import {
  futuresSide,
  futuresTimeInForce,
  marginType,
  positionSide,
  spotOrderStatus,
  spotOrderType,
  spotSide,
  spotTimeInForce,
  futuresLimitOrderStatus,
  futuresStopOrderStatus,
} from './enums.wire';
import {
  decimalString,
  epochMillisString,
  idString,
  looseBoolean,
  optionalDecimalString,
  stringOrNumberText,
} from './wire-primitives';

/**
 * Private stream events (`{stream_url}/api/v1/ws/{listenKey}`). The venue pushes a
 * JSON array of events (some revisions a single object); timestamps come as strings
 * or numbers. Field letters follow the venue; the comments name them.
 */

const optionalFlag = looseBoolean.optional();

/** Letters that spot and futures order updates share, with the same meaning. */
const orderUpdateFields = {
  /** event time */ E: epochMillisString,
  /** symbol */ s: z.string(),
  /** client order id */ c: z.string(),
  /** order quantity (contracts for futures) */ q: decimalString,
  /** requested cash amount */ reqAmt: optionalDecimalString.optional(),
  /** execution id ("" before a fill) */ d: stringOrNumberText.optional(),
  /** order id */ i: idString,
  /** last executed quantity */ l: optionalDecimalString,
  /** unfilled quantity */ r: optionalDecimalString.optional(),
  /** cumulative filled quantity */ z: decimalString,
  /** last executed price ("" before a fill) */ L: optionalDecimalString,
  /** average executed price */ V: optionalDecimalString.optional(),
  /** commission of this fill */ n: optionalDecimalString.optional(),
  /** commission asset */ N: z.string().nullable().optional(),
  /** normal trade flag */ u: optionalFlag,
  /** order is working */ w: optionalFlag,
  /** maker */ m: optionalFlag,
  /** order creation time */ O: epochMillisString,
  /** cumulative quote quantity */ Z: optionalDecimalString.optional(),
};

/** Spot order update. `d` is an execution id, not the ticket id of the fill. */
export const executionReportSchema = z.object({
  e: z.literal('executionReport'),
  ...orderUpdateFields,
  /** side */ S: spotSide,
  /** order type */ o: spotOrderType,
  /** time in force */ f: spotTimeInForce,
  /** order price */ p: decimalString,
  /** order status */ X: spotOrderStatus,
});
export type ExecutionReportEvent = z.output<typeof executionReportSchema>;
export type ExecutionReportEventInput = z.input<typeof executionReportSchema>;

/** Futures order update; quantities are contracts. `o` is STOP for trigger orders. */
export const contractExecutionReportSchema = z.object({
  e: z.literal('contractExecutionReport'),
  ...orderUpdateFields,
  /** side; some revisions send plain BUY/SELL */ S: z.union([futuresSide, spotSide]),
  /** type LIMIT or STOP */ o: z.string(),
  f: futuresTimeInForce,
  /** order price ("0" or "" for a market order) */ p: optionalDecimalString,
  X: z.union([futuresLimitOrderStatus, futuresStopOrderStatus]),
  /** is a closing (reduce) order */ C: optionalFlag,
  /** leverage */ v: optionalDecimalString.optional(),
  /** index price */ P: optionalDecimalString.optional(),
  /** liquidation order */ lo: optionalFlag,
  /** liquidation type */ lt: z.string().optional(),
});
export type ContractExecutionReportEvent = z.output<typeof contractExecutionReportSchema>;
export type ContractExecutionReportEventInput = z.input<typeof contractExecutionReportSchema>;

/** A fill, spot or futures. `T` is the ticket id that identifies the fill. */
export const ticketInfoSchema = z.object({
  e: z.literal('ticketInfo'),
  E: epochMillisString,
  s: z.string(),
  /** quantity (contracts for futures) */ q: decimalString,
  /** trade time */ t: epochMillisString,
  p: decimalString,
  /** ticket id */ T: idString,
  /** order id */ o: idString,
  c: z.string(),
  /** match order id */ O: idString.optional(),
  /** account id */ a: idString,
  A: z.unknown().optional(),
  /** maker */ m: looseBoolean,
  /** side, plain BUY/SELL for both markets */ S: spotSide,
});
export type TicketInfoEvent = z.output<typeof ticketInfoSchema>;
export type TicketInfoEventInput = z.input<typeof ticketInfoSchema>;

const spotBalanceChangeSchema = z.object({
  /** asset */ a: z.string(),
  /** free */ f: decimalString,
  /** locked */ l: decimalString,
  /** voucher amount, only when greater than zero */ v: optionalDecimalString.optional(),
});

/** Spot balances that changed. */
export const outboundAccountInfoSchema = z.object({
  e: z.literal('outboundAccountInfo'),
  E: epochMillisString,
  T: optionalFlag,
  W: optionalFlag,
  D: optionalFlag,
  B: z.array(spotBalanceChangeSchema),
});
export type OutboundAccountInfoEvent = z.output<typeof outboundAccountInfoSchema>;
export type OutboundAccountInfoEventInput = z.input<typeof outboundAccountInfoSchema>;

/** Futures balances that changed; `r` is the amount to be released ("" when none). */
export const outboundContractAccountInfoSchema = z.object({
  e: z.literal('outboundContractAccountInfo'),
  E: epochMillisString,
  T: optionalFlag,
  W: optionalFlag,
  D: optionalFlag,
  B: z.array(spotBalanceChangeSchema.extend({ r: optionalDecimalString.optional() })),
});
export type OutboundContractAccountInfoEvent = z.output<typeof outboundContractAccountInfoSchema>;
export type OutboundContractAccountInfoEventInput = z.input<typeof outboundContractAccountInfoSchema>;

/** A futures position that changed; `P` "0" means closed. */
export const outboundContractPositionInfoSchema = z.object({
  e: z.literal('outboundContractPositionInfo'),
  E: epochMillisString,
  /** account id */ A: idString,
  s: z.string(),
  S: positionSide,
  /** average entry price */ p: optionalDecimalString,
  /** position (contracts) */ P: decimalString,
  /** available to close */ a: optionalDecimalString,
  /** liquidation price */ f: optionalDecimalString.optional(),
  /** margin */ m: optionalDecimalString.optional(),
  /** realised PnL */ r: optionalDecimalString.optional(),
  /** unrealised PnL */ up: optionalDecimalString.optional(),
  /** profit rate */ pr: optionalDecimalString.optional(),
  /** position value */ pv: optionalDecimalString.optional(),
  /** leverage */ v: optionalDecimalString.optional(),
  mt: marginType.optional(),
  /** maintenance margin */ mm: optionalDecimalString.optional(),
});
export type OutboundContractPositionInfoEvent = z.output<typeof outboundContractPositionInfoSchema>;
export type OutboundContractPositionInfoEventInput = z.input<typeof outboundContractPositionInfoSchema>;

export const userStreamEventSchema = z.discriminatedUnion('e', [
  executionReportSchema,
  contractExecutionReportSchema,
  ticketInfoSchema,
  outboundAccountInfoSchema,
  outboundContractAccountInfoSchema,
  outboundContractPositionInfoSchema,
]);
export type UserStreamEvent = z.output<typeof userStreamEventSchema>;
export type UserStreamEventInput = z.input<typeof userStreamEventSchema>;
export type UserStreamEventType = UserStreamEvent['e'];
export const userStreamEventTypes: readonly UserStreamEventType[] = [
  'executionReport',
  'contractExecutionReport',
  'ticketInfo',
  'outboundAccountInfo',
  'outboundContractAccountInfo',
  'outboundContractPositionInfo',
];

/**
 * Heartbeats: the client sends `{ping}`, the server answers `{pong}`; the server also
 * pings (with `channelId`). The timestamp is echoed as received, number or string: an
 * unanswered server ping costs the connection.
 */
const heartbeatStamp = z.union([z.number(), z.string()]);
export const streamPingSchema = z.object({ ping: heartbeatStamp, channelId: z.string().optional() });
export const streamPongSchema = z.object({ pong: heartbeatStamp, channelId: z.string().optional() });
export type StreamPing = z.output<typeof streamPingSchema>;
export type StreamPong = z.output<typeof streamPongSchema>;
