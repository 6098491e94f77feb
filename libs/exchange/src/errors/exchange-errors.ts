/**
 * Typed errors of the exchange client. Every error names the endpoint it came from;
 * venue rejections keep the venue's code (normalised to a string) and message.
 */
export type ExchangeErrorKind =
  | 'authentication'
  | 'timestamp'
  | 'not-found'
  | 'insufficient-funds'
  | 'duplicate-client-order-id'
  | 'rate-limited'
  | 'filter-violation'
  | 'permission'
  | 'parameter'
  | 'order-state'
  | 'busy'
  | 'venue-internal'
  | 'venue-rejected'
  | 'invalid-request'
  | 'unexpected-response'
  | 'unavailable';

export abstract class ExchangeError extends Error {
  abstract readonly kind: ExchangeErrorKind;
  override readonly name: string = this.constructor.name;
}

export interface VenueErrorDetails {
  readonly endpoint: string;
  readonly code: string;
  readonly venueMessage: string;
  readonly httpStatus: number;
}

/** The venue answered with a `{code, msg}` failure. */
export abstract class VenueRejectionError extends ExchangeError {
  readonly endpoint: string;
  readonly code: string;
  readonly venueMessage: string;
  readonly httpStatus: number;

  constructor(details: VenueErrorDetails) {
    super(`${details.endpoint} rejected with code ${details.code}: ${details.venueMessage}`);
    this.endpoint = details.endpoint;
    this.code = details.code;
    this.venueMessage = details.venueMessage;
    this.httpStatus = details.httpStatus;
  }
}

export class AuthenticationError extends VenueRejectionError {
  readonly kind = 'authentication' as const;
}
export class TimestampRejectedError extends VenueRejectionError {
  readonly kind = 'timestamp' as const;
}
export class OrderNotFoundError extends VenueRejectionError {
  readonly kind = 'not-found' as const;
}
export class InsufficientFundsError extends VenueRejectionError {
  readonly kind = 'insufficient-funds' as const;
}
export class DuplicateClientOrderIdError extends VenueRejectionError {
  readonly kind = 'duplicate-client-order-id' as const;
}
export class FilterViolationError extends VenueRejectionError {
  readonly kind = 'filter-violation' as const;
}
export class PermissionDeniedError extends VenueRejectionError {
  readonly kind = 'permission' as const;
}
export class InvalidParameterError extends VenueRejectionError {
  readonly kind = 'parameter' as const;
}
/** The order is already filled, cancelled or otherwise not in a state for the request. */
export class OrderStateError extends VenueRejectionError {
  readonly kind = 'order-state' as const;
}
export class ExchangeBusyError extends VenueRejectionError {
  readonly kind = 'busy' as const;
}
export class VenueInternalError extends VenueRejectionError {
  readonly kind = 'venue-internal' as const;
}
/** A venue code this client does not classify; `code` and `venueMessage` say what it was. */
export class VenueRejectedError extends VenueRejectionError {
  readonly kind = 'venue-rejected' as const;
}

export type RateLimitReason =
  'http-429' | 'http-418' | 'venue-rate-limit-code' | 'key-suspended' | 'ip-blocked' | 'local-budget';

/**
 * The request was refused for rate reasons. `sent` says whether it reached the venue
 * (a 429 answer) or was held back locally (suspended key, exhausted budget).
 */
export class RateLimitedError extends ExchangeError {
  readonly kind = 'rate-limited' as const;
  constructor(
    readonly endpoint: string,
    readonly reason: RateLimitReason,
    readonly retryAfterMs: number,
    readonly sent: boolean,
    readonly code?: string,
  ) {
    super(`${endpoint} not served (${reason}); retry in ${retryAfterMs} ms`);
  }
}

/** The caller's request breaks a rule checked before sending; `field` names the culprit. */
export class InvalidRequestError extends ExchangeError {
  readonly kind = 'invalid-request' as const;
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
  }
}

/** The venue answered with a body this client cannot read. */
export class UnexpectedResponseError extends ExchangeError {
  readonly kind = 'unexpected-response' as const;
  constructor(
    readonly endpoint: string,
    readonly field: string,
    readonly problem: string,
    readonly httpStatus: number,
  ) {
    super(`${endpoint} answered an unexpected shape at ${field || '(body)'}: ${problem}`);
  }
}

/** A read could not be served: 5XX, timeout or connection failure after every retry. */
export class ExchangeUnavailableError extends ExchangeError {
  readonly kind = 'unavailable' as const;
  constructor(
    readonly endpoint: string,
    readonly detail: string,
    readonly attempts: number,
  ) {
    super(`${endpoint} unavailable after ${attempts} attempt(s): ${detail}`);
  }
}
