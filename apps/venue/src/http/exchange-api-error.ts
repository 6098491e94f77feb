/**
 * An error answered in the exchange's own body layout `{"code": ..., "msg": ...}`.
 * Most codes are strings on the real exchange; a few (-100010, -100012) are numbers,
 * so the wire type of `code` is kept as given.
 */
export class ExchangeApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: string | number,
    readonly msg: string,
  ) {
    super(msg);
    this.name = 'ExchangeApiError';
  }

  body(): { code: string | number; msg: string } {
    return { code: this.code, msg: this.msg };
  }

  static badRequest(code: string | number, msg: string): ExchangeApiError {
    return new ExchangeApiError(400, code, msg);
  }

  /** The exchange's wording for a missing or malformed parameter. */
  static requiredField(field: string): ExchangeApiError {
    return new ExchangeApiError(400, '0001', `Required field ${field} missing or invalid`);
  }

  static invalidParameter(field: string, reason: string): ExchangeApiError {
    return new ExchangeApiError(400, '-1102', `Illegal parameter ${field}: ${reason}`);
  }

  static unauthorized(): ExchangeApiError {
    return new ExchangeApiError(400, '-1002', 'Unauthorized operation');
  }
}
