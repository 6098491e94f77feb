import {
  ExchangeError,
  InvalidRequestError,
  RateLimitedError,
  Rejected,
  VenueRejectionError,
} from '@oms/exchange';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';

/** The venue code recorded for a write the OMS never sent (rate budget, connection refused). */
export const NOT_SENT_CODE = 'NOT_SENT';

export function rejectionCode(rejection: Rejected): { venueCode: string; venueMessage: string } {
  const error = rejection.error;
  if (rejection.sent && error instanceof VenueRejectionError) {
    return { venueCode: error.code, venueMessage: error.venueMessage };
  }
  if (rejection.sent && error instanceof RateLimitedError) {
    return { venueCode: error.code ?? '429', venueMessage: error.message };
  }
  return { venueCode: NOT_SENT_CODE, venueMessage: error.message };
}

/** A rejected write as the desk error it answers (4XX with the venue's code, or 429/503 when unsent). */
export function deskErrorOfRejection(error: ExchangeError, sent: boolean, field?: string): DeskError {
  if (error instanceof VenueRejectionError) {
    return new DeskError(DeskErrorCode.VENUE_REJECTED, `the venue refused: ${error.venueMessage}`, {
      venueCode: error.code,
      venueMessage: error.venueMessage,
      ...(field !== undefined ? { field } : {}),
    });
  }
  if (error instanceof InvalidRequestError) {
    return new DeskError(DeskErrorCode.VALIDATION_FAILED, error.message, { field: field ?? error.field });
  }
  if (error instanceof RateLimitedError) {
    return new DeskError(
      DeskErrorCode.VENUE_RATE_LIMITED,
      'the venue key has no budget left; nothing was sent',
      {
        retryAfterSeconds: Math.ceil(error.retryAfterMs / 1000),
      },
    );
  }
  return new DeskError(
    DeskErrorCode.VENUE_UNAVAILABLE,
    sent ? 'the venue did not take the request' : 'the venue could not be reached; nothing was sent',
  );
}
