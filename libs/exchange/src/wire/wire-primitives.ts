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

const isDecimalText = (text: string): boolean => DECIMAL_PATTERN.test(text);
const isIntegerText = (text: string): boolean => INTEGER_PATTERN.test(text);
const acceptsAnyText = (): boolean => true;

/** What a plain normaliser returns for a value its schema would refuse. */
export const NOT_ACCEPTED: unique symbol = Symbol('not accepted');

/**
 * The check and normalisation of a primitive wire schema as a plain function: the value
 * the schema yields, or NOT_ACCEPTED where the schema reports an issue. The stream path
 * runs these instead of zod (compiled-wire-schema.ts); the schemas below run the same
 * checks, so both accept and yield the same.
 */
export type PlainNormaliser = (value: unknown) => unknown;

/**
 * A string-or-number field checked and normalised in one step: zod unions of
 * primitives cost several times more, and these fields are on every hot path
 * (stream events, order lists).
 */
function normalisedString(expected: string, accepts: (text: string) => boolean) {
  const schema = z
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
  const normalise: PlainNormaliser = (value) => {
    if (!isStringOrFiniteNumber(value)) return NOT_ACCEPTED;
    const text = typeof value === 'number' ? numberToPlainString(value) : value;
    return accepts(text) ? text : NOT_ACCEPTED;
  };
  return { schema, normalise };
}

const decimal = normalisedString('a decimal number', isDecimalText);
/** A decimal amount, price or quantity: a string such as "0.001" (numbers accepted). */
export const decimalString = decimal.schema;

const normaliseOptionalDecimal: PlainNormaliser = (value) => {
  if (value !== null && !isStringOrFiniteNumber(value)) return NOT_ACCEPTED;
  const text = value === null ? '' : typeof value === 'number' ? numberToPlainString(value) : value;
  return text === '' || isDecimalText(text) ? text : NOT_ACCEPTED;
};

/**
 * A decimal that the venue leaves empty when it does not apply (for example
 * `marginRate: ""` on a cross position or `L: ""` before a fill); null reads as "".
 */
export const optionalDecimalString = z
  .custom<string | number | null>((value) => value === null || isStringOrFiniteNumber(value), {
    message: 'expected a decimal number or an empty string',
  })
  .transform((value, context) => {
    const text = normaliseOptionalDecimal(value);
    if (typeof text === 'string') return text;
    context.addIssue({
      code: z.ZodIssueCode.custom,
      message: `expected a decimal number or an empty string, got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  });

const identifier = normalisedString('an identifier', acceptsAnyText);
/** An identifier (order id, account id, trade id) kept as a string. */
export const idString = identifier.schema;

const epochMillis = normalisedString('a millisecond timestamp', isIntegerText);
/** A millisecond epoch timestamp, kept as a string of digits. */
export const epochMillisString = epochMillis.schema;

const code = normalisedString('a code', acceptsAnyText);
/** A venue code that is sometimes a string ("0000", "-1141") and sometimes a number (0, -100010). */
export const venueCode = code.schema;

/**
 * Text that some revisions send as a number (the stream's execution id `d`), written
 * with String(): unlike `idString`, any number is taken as it is.
 */
export const stringOrNumberText = z.union([z.string(), z.number()]).transform(String);
const normaliseStringOrNumberText: PlainNormaliser = (value) =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' && !Number.isNaN(value)
      ? String(value)
      : NOT_ACCEPTED;

/** Free text the venue may omit or null. */
export const optionalText = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => value ?? undefined);

/** A boolean that some payloads encode as "true"/"false". */
export const looseBoolean = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');
const normaliseLooseBoolean: PlainNormaliser = (value) =>
  value === true || value === 'true' ? true : value === false || value === 'false' ? false : NOT_ACCEPTED;

/** The plain function of each primitive schema above that has one. */
export const plainNormalisers: ReadonlyMap<z.ZodTypeAny, PlainNormaliser> = new Map<
  z.ZodTypeAny,
  PlainNormaliser
>([
  [decimalString, decimal.normalise],
  [optionalDecimalString, normaliseOptionalDecimal],
  [idString, identifier.normalise],
  [epochMillisString, epochMillis.normalise],
  [venueCode, code.normalise],
  [stringOrNumberText, normaliseStringOrNumberText],
  [looseBoolean, normaliseLooseBoolean],
]);

export type DecimalString = z.output<typeof decimalString>;
export type IdString = z.output<typeof idString>;
export type EpochMillisString = z.output<typeof epochMillisString>;
