/**
 * Every refusal the desk API can give, by code (desk-api.md, "Errors"). Services throw
 * DeskError with one of these; each transport maps codes to its own form once, with an
 * exhaustive switch (the REST exception filter to an HTTP status, the GraphQL formatter
 * to `extensions.code`).
 */
export enum DeskErrorCode {
  VALIDATION_FAILED = 'VALIDATION_FAILED',
  MALFORMED_JSON = 'MALFORMED_JSON',
  PAYLOAD_TOO_LARGE = 'PAYLOAD_TOO_LARGE',
  /** The request line and headers are more than the HTTP server reads. */
  HEADERS_TOO_LARGE = 'HEADERS_TOO_LARGE',
  /** Not an HTTP request the server can read (a bad method, length or chunk). */
  MALFORMED_REQUEST = 'MALFORMED_REQUEST',
  /** The request did not arrive whole within the server's time for it. */
  REQUEST_TIMEOUT = 'REQUEST_TIMEOUT',
  INVALID_CURSOR = 'INVALID_CURSOR',
  NOT_FOUND = 'NOT_FOUND',
  UNAUTHORIZED = 'UNAUTHORIZED',
  FORBIDDEN = 'FORBIDDEN',
  RATE_LIMITED = 'RATE_LIMITED',
  ACCOUNT_NOT_FOUND = 'ACCOUNT_NOT_FOUND',
  ORDER_NOT_FOUND = 'ORDER_NOT_FOUND',
  ORDER_NOT_OPEN = 'ORDER_NOT_OPEN',
  BREAK_NOT_FOUND = 'BREAK_NOT_FOUND',
  BREAK_ALREADY_RESOLVED = 'BREAK_ALREADY_RESOLVED',
  TOKEN_NOT_FOUND = 'TOKEN_NOT_FOUND',
  TOKEN_NAME_IN_USE = 'TOKEN_NAME_IN_USE',
  IDEMPOTENCY_KEY_REUSED = 'IDEMPOTENCY_KEY_REUSED',
  /** A pre-trade check refused the order before anything was sent; `rule` names the check. */
  PRE_TRADE_REFUSED = 'PRE_TRADE_REFUSED',
  /** The venue refused the request with a 4XX; `venueCode` and `venueMessage` carry its answer. */
  VENUE_REJECTED = 'VENUE_REJECTED',
  /** The venue key is suspended after a 429 (the seeds' one-minute pause). */
  VENUE_RATE_LIMITED = 'VENUE_RATE_LIMITED',
  /** The venue could not be reached before anything was sent (nothing is uncertain). */
  VENUE_UNAVAILABLE = 'VENUE_UNAVAILABLE',
  /** Two writers raced on one aggregate more often than the retry budget allows. */
  CONFLICT = 'CONFLICT',
  /** A route exists but not for this method (an unknown route is NOT_FOUND). */
  METHOD_NOT_ALLOWED = 'METHOD_NOT_ALLOWED',
  /** A report cannot be computed from what the OMS holds (e.g. a fee asset without a price). */
  REPORT_UNAVAILABLE = 'REPORT_UNAVAILABLE',
  /** A part the OMS needs (Postgres, Kafka) does not answer: `GET /health`'s 503. */
  SERVICE_UNAVAILABLE = 'SERVICE_UNAVAILABLE',
  /** An unexpected fault of the OMS; the message never carries its detail. */
  INTERNAL_ERROR = 'INTERNAL_ERROR',
}

export interface DeskErrorDetails {
  /** The request field at fault, as the desk sent it (`orders[2].price`). */
  readonly field?: string;
  /** The pre-trade rule that refused an order (`MIN_NOTIONAL`, `AVAILABLE_BALANCE`, ...). */
  readonly rule?: string;
  readonly venueCode?: string;
  readonly venueMessage?: string;
  /** Seconds a rate-limited caller should wait. */
  readonly retryAfterSeconds?: number;
}

export class DeskError extends Error {
  constructor(
    readonly code: DeskErrorCode,
    message: string,
    readonly details: DeskErrorDetails = {},
  ) {
    super(message);
    this.name = 'DeskError';
  }
}
