import { venueRejectionFor } from '../errors/venue-error-codes';
import { VenueRejectionError } from '../errors/exchange-errors';
import { isSuccessCode } from '../wire/error.wire';

/** The fate of one order of a batch: each order keeps its own venue code. */
export type BatchEntryOutcome<T> =
  | { readonly kind: 'accepted'; readonly clientOrderId: string; readonly order: T }
  | { readonly kind: 'rejected'; readonly clientOrderId: string; readonly error: VenueRejectionError }
  /** The venue's answer has no entry for this order, so whether it was placed is unknown. */
  | { readonly kind: 'uncertain'; readonly clientOrderId: string };

export interface BatchResult<T> {
  readonly entries: readonly BatchEntryOutcome<T>[];
}

interface RawEntry<T> {
  readonly code: string;
  readonly msg?: string;
  readonly order?: T;
}

/**
 * Pairs the venue's result entries with the orders sent. The venue answers in request
 * order; an accepted entry is matched by its clientOrderId when it carries one.
 */
export function pairBatchEntries<T extends { clientOrderId: string }>(
  endpoint: string,
  sentClientOrderIds: readonly string[],
  entries: readonly RawEntry<T>[],
  httpStatus = 200,
): BatchResult<T> {
  const outcomes = sentClientOrderIds.map((clientOrderId, index): BatchEntryOutcome<T> => {
    const matched = entries.find((candidate) => candidate.order?.clientOrderId === clientOrderId);
    if (matched && isSuccessCode(matched.code) && matched.order) {
      return { kind: 'accepted', clientOrderId, order: matched.order };
    }
    // Failed entries carry no order, so they can only be paired by position.
    const positional = matched ?? entries[index];
    if (!positional || positional.order || isSuccessCode(positional.code))
      return { kind: 'uncertain', clientOrderId };
    return {
      kind: 'rejected',
      clientOrderId,
      error: venueRejectionFor({
        endpoint,
        code: positional.code,
        venueMessage: positional.msg ?? '',
        httpStatus,
      }),
    };
  });
  return { entries: outcomes };
}
