import { z } from 'zod';

/**
 * Building blocks shared by every wire schema.
 *
 * The exchange sends identifiers, timestamps and decimals as strings, but a few
 * payloads (stream events from some revisions, `serverTime`, `exchangeId`) carry them
 * as JSON numbers. Every such field accepts both and always yields a string, so code
 * downstream handles one representation. Decimals are never turned into JS numbers.
 */

const DECIMAL_PATTERN = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER_PATTERN = /^-?\d+$/;

function numberToPlainString(value: number): string {
  // JSON numbers above 2^53 have already lost digits in JSON.parse; nothing can
  // recover them here, so only finite numbers are accepted and written out verbatim.
  return Number.isInteger(value) ? BigInt(value).toString() : String(value);
}

/** A decimal amount, price or quantity: a string such as "0.001" (numbers accepted). */
export const decimalString = z
  .union([z.string(), z.number().finite()])
  .transform((value) => (typeof value === 'number' ? numberToPlainString(value) : value))
  .refine((value) => DECIMAL_PATTERN.test(value), { message: 'expected a decimal number' });

/**
 * A decimal that the venue leaves empty when it does not apply (for example
 * `marginRate: ""` on a cross position or `L: ""` before a fill).
 */
export const optionalDecimalString = z
  .union([z.string(), z.number().finite(), z.null()])
  .transform((value) => (typeof value === 'number' ? numberToPlainString(value) : (value ?? '')))
  .refine((value) => value === '' || DECIMAL_PATTERN.test(value), {
    message: 'expected a decimal number or an empty string',
  });

/** An integer identifier (order id, account id, trade id) kept as a string. */
export const idString = z
  .union([z.string(), z.number().int()])
  .transform((value) => (typeof value === 'number' ? numberToPlainString(value) : value));

/** A millisecond epoch timestamp, kept as a string of digits. */
export const epochMillisString = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((value) => (typeof value === 'number' ? numberToPlainString(value) : value))
  .refine((value) => INTEGER_PATTERN.test(value), { message: 'expected a millisecond timestamp' });

/** A venue code that is sometimes a string ("0000", "-1141") and sometimes a number (0, -100010). */
export const venueCode = z
  .union([z.string(), z.number().int()])
  .transform((value) => (typeof value === 'number' ? String(value) : value));

/** Free text the venue may omit or null. */
export const optionalText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => value ?? undefined);

/** A boolean that some payloads encode as "true"/"false". */
export const looseBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

export type DecimalString = z.output<typeof decimalString>;
export type IdString = z.output<typeof idString>;
export type EpochMillisString = z.output<typeof epochMillisString>;
