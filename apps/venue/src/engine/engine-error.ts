/**
 * Typed errors of the engine. Each carries the exchange's own code and message so
 * the transport can answer `{"code": ..., "msg": ...}` without a translation table,
 * and a `reason` the transport can switch on exhaustively (e.g. to choose HTTP 400
 * versus 404-like handling, or a per-order code inside a batch result).
 *
 * The code keeps the real exchange's JSON type: most codes are strings ("-1141"),
 * the symbol-lookup ones are numbers (-100010).
 */
export const ENGINE_ERROR_CATALOG = {
  requiredField: { code: '0001', msg: 'Required field missing or invalid' },
  invalidParameter: { code: '-1130', msg: 'Invalid data sent for a parameter' },
  invalidSymbol: { code: -100010, msg: 'Invalid Symbols!' },
  duplicateOrder: { code: '-1141', msg: 'Duplicate order' },
  spotOrderNotFound: { code: '0211', msg: 'Order not found' },
  futuresOrderNotFound: { code: '-1143', msg: 'Order not found on order book' },
  orderAlreadyFilled: { code: '-1139', msg: 'Order has been filled' },
  orderAlreadyCanceled: { code: '-1142', msg: 'Order has been canceled' },
  insufficientBalance: { code: '0401', msg: 'Insufficient asset' },
  insufficientMargin: { code: '-2030', msg: 'Insufficient margin' },
  priceTooLow: { code: '-1133', msg: 'Order price lower than the minimum' },
  priceTooHigh: { code: '-1132', msg: 'Order price too high' },
  priceTickViolation: { code: '-1134', msg: 'Order price decimal too long' },
  quantityTooLarge: { code: '-1135', msg: 'Order quantity too large' },
  quantityTooSmall: { code: '-1136', msg: 'Order quantity lower than the minimum' },
  quantityStepViolation: { code: '-1137', msg: 'Order quantity decimal too long' },
  notionalTooSmall: { code: '-1140', msg: 'Transaction amount lower than the minimum' },
  unsupportedOrderCombination: { code: '-1014', msg: 'Unsupported order combination' },
  orderRejected: { code: '-2010', msg: 'New order rejected' },
  cancelRejected: { code: '-2011', msg: 'Order cancellation rejected' },
  noLiquidity: { code: '-1112', msg: 'No orders on book for symbol' },
  accountNotFound: { code: '-1130', msg: 'Invalid data sent for a parameter: accountId' },
  userNotFound: { code: '-1002', msg: 'Unauthorized operation' },
  positionNotFound: { code: '-1130', msg: 'No position for symbol and side' },
  operationNotSupported: { code: '-1020', msg: 'This operation is not supported' },
  invalidInterval: { code: '-1120', msg: 'Invalid interval' },
} as const satisfies Record<string, { code: string | number; msg: string }>;

export type EngineErrorReason = keyof typeof ENGINE_ERROR_CATALOG;

export interface EngineErrorContext {
  /** The request field at fault; named in the message. */
  readonly field?: string;
  /** Extra words appended to the exchange's message. */
  readonly detail?: string;
}

function composeMessage(reason: EngineErrorReason, context: EngineErrorContext): string {
  const base: string = ENGINE_ERROR_CATALOG[reason].msg;
  // The real exchange names the field inside this one message ("Required field symbol missing or invalid").
  const head =
    reason === 'requiredField' && context.field !== undefined
      ? `Required field ${context.field} missing or invalid`
      : context.field !== undefined
        ? `${base} (${context.field})`
        : base;
  return context.detail === undefined ? head : `${head}: ${context.detail}`;
}

export class VenueEngineError extends Error {
  readonly code: string | number;
  /** The exchange's message text, sent verbatim as `msg`. */
  readonly msg: string;
  readonly field: string | undefined;

  constructor(
    readonly reason: EngineErrorReason,
    context: EngineErrorContext = {},
  ) {
    const msg = composeMessage(reason, context);
    super(msg);
    this.name = 'VenueEngineError';
    this.code = ENGINE_ERROR_CATALOG[reason].code;
    this.msg = msg;
    this.field = context.field;
  }

  /** The exchange's error body. */
  toBody(): { code: string | number; msg: string } {
    return { code: this.code, msg: this.msg };
  }
}

export function isVenueEngineError(error: unknown): error is VenueEngineError {
  return error instanceof VenueEngineError;
}
