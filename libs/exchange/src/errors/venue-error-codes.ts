import {
  AuthenticationError,
  DuplicateClientOrderIdError,
  ExchangeBusyError,
  FilterViolationError,
  InsufficientFundsError,
  InvalidParameterError,
  OrderNotFoundError,
  OrderStateError,
  PermissionDeniedError,
  TimestampRejectedError,
  VenueErrorDetails,
  VenueInternalError,
  VenueRejectedError,
  VenueRejectionError,
} from './exchange-errors';

type RejectionClass = new (details: VenueErrorDetails) => VenueRejectionError;

/**
 * Venue codes by meaning. The seeds show only a few codes; the rest are the codes the
 * venue is known to return (its published error table, as used by public clients).
 */
const classByCode: ReadonlyMap<string, RejectionClass> = new Map<string, RejectionClass>([
  ['0002', AuthenticationError],
  ['0102', AuthenticationError],
  ['0103', AuthenticationError],
  ['-1002', AuthenticationError],
  ['-1022', AuthenticationError],
  ['0202', PermissionDeniedError],
  ['-6100', PermissionDeniedError],
  ['-5014', PermissionDeniedError],
  ['-1218', PermissionDeniedError],
  ['-1155', PermissionDeniedError],
  ['-1021', TimestampRejectedError],
  ['0211', OrderNotFoundError],
  ['-1143', OrderNotFoundError],
  ['-2013', OrderNotFoundError],
  ['0401', InsufficientFundsError],
  ['-2030', InsufficientFundsError],
  ['-2034', InsufficientFundsError],
  ['-2038', InsufficientFundsError],
  ['-4003', InsufficientFundsError],
  ['-1141', DuplicateClientOrderIdError],
  ['-1139', OrderStateError],
  ['-1142', OrderStateError],
  ['-1138', OrderStateError],
  ['-2040', ExchangeBusyError],
  ['-1000', VenueInternalError],
  ['-1001', VenueInternalError],
  ['-1181', VenueInternalError],
  ['-4011', VenueInternalError],
  ['0001', InvalidParameterError],
  ['-1004', InvalidParameterError],
  ['-1102', InvalidParameterError],
  ['-6101', InvalidParameterError],
  ['-5015', InvalidParameterError],
  ['-100010', InvalidParameterError],
  ['-100012', InvalidParameterError],
  ['0201', InvalidParameterError],
  ['-1151', InvalidParameterError],
  ['-2022', InvalidParameterError],
  ...['0207', '0209', '0210', '-1124', '-1126', '-1132', '-1133', '-1135', '-1136', '-1137', '-1140', '-1148']
    .concat(['-1200', '-1201', '-1202', '-1203', '-1206'])
    .map((code): [string, RejectionClass] => [code, FilterViolationError]),
]);

/**
 * Codes by which the venue says it does not know whether the write happened
 * ("execution status unknown", "timeout waiting for response", order creation,
 * cancellation or leverage timeout). A write that gets one of them is an uncertain outcome.
 */
export const UNCERTAIN_OUTCOME_CODES: ReadonlySet<string> = new Set([
  '-1006',
  '-1007',
  '-1146',
  '-1147',
  // "Adjust leverage timeout": the leverage may have changed or not.
  '-2005',
]);

/** Codes that mean "too many requests" when they arrive in a body rather than as HTTP 429. */
export const RATE_LIMIT_CODES: ReadonlySet<string> = new Set(['0003', '-3145', '-1015', '-1193']);

export function venueRejectionFor(details: VenueErrorDetails): VenueRejectionError {
  const rejectionClass = classByCode.get(details.code) ?? VenueRejectedError;
  return new rejectionClass(details);
}
