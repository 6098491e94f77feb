import { z, ZodTypeAny } from 'zod';
import { optionalText, venueCode } from './wire-primitives';

/**
 * Batch create answers of both markets: a top-level `code`, then one entry per order
 * with its own `code`, and `msg` on failure or the order's record on success.
 */
export function batchResultEntrySchema<T extends ZodTypeAny>(order: T) {
  return z.object({ code: venueCode, msg: optionalText, order: order.optional() });
}

export function batchOrderResponseSchema<T extends ZodTypeAny>(order: T) {
  return z.object({
    code: venueCode,
    msg: optionalText,
    result: z.array(batchResultEntrySchema(order)).default([]),
  });
}
