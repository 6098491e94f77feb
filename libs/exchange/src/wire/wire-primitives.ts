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

const isStringOrFiniteNumber = (value: unknown): value is string | number =>
  typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));

/**
 * A string-or-number field checked and normalised in one step: zod unions of
 * primitives cost several times more, and these fields are on every hot path
 * (stream events, order lists).
 */
function normalisedString(expected: string, accepts: (text: string) => boolean) {
  return z
    .custom<string | number>(isStringOrFiniteNumber, { message: `expected ${expected}` })
    .transform((value, context) => {
      const text = typeof value === 'number' ? numberToPlainString(value) : value;
      if (accepts(text)) return text;
      context.addIssue({
        code: z.ZodIssueCode.custom,
        message: `expected ${expected}, got ${JSON.stringify(value)}`,
      });
      return z.NEVER;
    });
}

/** A decimal amount, price or quantity: a string such as "0.001" (numbers accepted). */
export const decimalString = normalisedString('a decimal number', (text) => DECIMAL_PATTERN.test(text));

/**
 * A decimal that the venue leaves empty when it does not apply (for example
 * `marginRate: ""` on a cross position or `L: ""` before a fill); null reads as "".
 */
export const optionalDecimalString = z
  .custom<string | number | null>((value) => value === null || isStringOrFiniteNumber(value), {
    message: 'expected a decimal number or an empty string',
  })
  .transform((value, context) => {
    const text = value === null ? '' : typeof value === 'number' ? numberToPlainString(value) : value;
    if (text === '' || DECIMAL_PATTERN.test(text)) return text;
    context.addIssue({
      code: z.ZodIssueCode.custom,
      message: `expected a decimal number or an empty string, got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  });

/** An identifier (order id, account id, trade id) kept as a string. */
export const idString = normalisedString('an identifier', () => true);

/** A millisecond epoch timestamp, kept as a string of digits. */
export const epochMillisString = normalisedString('a millisecond timestamp', (text) =>
  INTEGER_PATTERN.test(text),
);

/** A venue code that is sometimes a string ("0000", "-1141") and sometimes a number (0, -100010). */
export const venueCode = normalisedString('a code', () => true);

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
