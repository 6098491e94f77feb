import { DeskErrorCode } from './desk-error';

/** The HTTP status of each desk error code: the REST transport's one mapping. */
export function httpStatusOf(code: DeskErrorCode): number {
  switch (code) {
    case DeskErrorCode.VALIDATION_FAILED:
    case DeskErrorCode.MALFORMED_JSON:
    case DeskErrorCode.MALFORMED_REQUEST:
    case DeskErrorCode.INVALID_CURSOR:
    case DeskErrorCode.PRE_TRADE_REFUSED:
    case DeskErrorCode.VENUE_REJECTED:
      return 400;
    case DeskErrorCode.UNAUTHORIZED:
      return 401;
    case DeskErrorCode.FORBIDDEN:
      return 403;
    case DeskErrorCode.NOT_FOUND:
    case DeskErrorCode.ACCOUNT_NOT_FOUND:
    case DeskErrorCode.ORDER_NOT_FOUND:
    case DeskErrorCode.BREAK_NOT_FOUND:
    case DeskErrorCode.TOKEN_NOT_FOUND:
      return 404;
    case DeskErrorCode.METHOD_NOT_ALLOWED:
      return 405;
    case DeskErrorCode.REQUEST_TIMEOUT:
      return 408;
    case DeskErrorCode.ORDER_NOT_OPEN:
    case DeskErrorCode.BREAK_ALREADY_RESOLVED:
    case DeskErrorCode.TOKEN_NAME_IN_USE:
    case DeskErrorCode.IDEMPOTENCY_KEY_REUSED:
    case DeskErrorCode.CONFLICT:
      return 409;
    case DeskErrorCode.PAYLOAD_TOO_LARGE:
      return 413;
    case DeskErrorCode.REPORT_UNAVAILABLE:
      return 422;
    case DeskErrorCode.HEADERS_TOO_LARGE:
      return 431;
    case DeskErrorCode.RATE_LIMITED:
    case DeskErrorCode.VENUE_RATE_LIMITED:
      return 429;
    case DeskErrorCode.INTERNAL_ERROR:
      return 500;
    case DeskErrorCode.VENUE_UNAVAILABLE:
    case DeskErrorCode.SERVICE_UNAVAILABLE:
      return 503;
    default: {
      const unhandled: never = code;
      return unhandled;
    }
  }
}

/** The GraphQL `extensions.code` of each desk error code (desk-api.md, "GraphQL"). */
export function graphqlCodeOf(code: DeskErrorCode): string {
  switch (code) {
    case DeskErrorCode.FORBIDDEN:
    case DeskErrorCode.UNAUTHORIZED:
    case DeskErrorCode.VALIDATION_FAILED:
    case DeskErrorCode.MALFORMED_JSON:
    case DeskErrorCode.PAYLOAD_TOO_LARGE:
    case DeskErrorCode.HEADERS_TOO_LARGE:
    case DeskErrorCode.MALFORMED_REQUEST:
    case DeskErrorCode.REQUEST_TIMEOUT:
    case DeskErrorCode.INVALID_CURSOR:
    case DeskErrorCode.NOT_FOUND:
    case DeskErrorCode.RATE_LIMITED:
    case DeskErrorCode.ACCOUNT_NOT_FOUND:
    case DeskErrorCode.ORDER_NOT_FOUND:
    case DeskErrorCode.ORDER_NOT_OPEN:
    case DeskErrorCode.BREAK_NOT_FOUND:
    case DeskErrorCode.BREAK_ALREADY_RESOLVED:
    case DeskErrorCode.TOKEN_NOT_FOUND:
    case DeskErrorCode.TOKEN_NAME_IN_USE:
    case DeskErrorCode.IDEMPOTENCY_KEY_REUSED:
    case DeskErrorCode.PRE_TRADE_REFUSED:
    case DeskErrorCode.VENUE_REJECTED:
    case DeskErrorCode.VENUE_RATE_LIMITED:
    case DeskErrorCode.VENUE_UNAVAILABLE:
    case DeskErrorCode.CONFLICT:
    case DeskErrorCode.METHOD_NOT_ALLOWED:
    case DeskErrorCode.REPORT_UNAVAILABLE:
    case DeskErrorCode.SERVICE_UNAVAILABLE:
    case DeskErrorCode.INTERNAL_ERROR:
      return code;
    default: {
      const unhandled: never = code;
      return unhandled;
    }
  }
}
