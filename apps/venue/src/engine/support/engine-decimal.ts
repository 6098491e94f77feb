import DecimalBase from 'decimal.js';

import { VenueEngineError } from '../engine-error';

/**
 * The engine's own Decimal constructor: 40 significant digits so that average prices
 * and margins of large books never round, and plain notation in every string.
 */
export const EngineDecimal = DecimalBase.clone({
  precision: 40,
  rounding: DecimalBase.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 40,
});
export type EngineDecimal = InstanceType<typeof EngineDecimal>;

export const ZERO = new EngineDecimal(0);
export const ONE = new EngineDecimal(1);

const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

export function dec(value: string | number | EngineDecimal): EngineDecimal {
  return new EngineDecimal(value);
}

/** Parses a wire decimal; a malformed value is a `requiredField` error naming the field. */
export function parseDecimalField(value: string | undefined, field: string): EngineDecimal {
  // The transport may hand over whatever a JSON body held; only a decimal string passes.
  if (typeof value !== 'string' || !DECIMAL_PATTERN.test(value.trim())) {
    throw new VenueEngineError('requiredField', { field });
  }
  return new EngineDecimal(value.trim());
}

export function parseOptionalDecimalField(
  value: string | undefined,
  field: string,
): EngineDecimal | undefined {
  return value === undefined || value === '' ? undefined : parseDecimalField(value, field);
}

export function parsePositiveDecimalField(value: string | undefined, field: string): EngineDecimal {
  const parsed = parseDecimalField(value, field);
  if (parsed.lte(0)) throw new VenueEngineError('invalidParameter', { field, detail: 'must be positive' });
  return parsed;
}

/** Plain notation, no trailing zeros: "0.001", "3300", "-12.5". */
export function formatDecimal(value: EngineDecimal): string {
  const text = value.toFixed();
  return text === '-0' ? '0' : text;
}

/** Rounds to a number of decimal places, then formats. */
export function formatRounded(value: EngineDecimal, decimals: number): string {
  return formatDecimal(value.toDecimalPlaces(decimals, EngineDecimal.ROUND_HALF_UP));
}

export function floorToStep(value: EngineDecimal, step: EngineDecimal): EngineDecimal {
  return value.div(step).floor().mul(step);
}

export function ceilToStep(value: EngineDecimal, step: EngineDecimal): EngineDecimal {
  return value.div(step).ceil().mul(step);
}

export function isMultipleOf(value: EngineDecimal, step: EngineDecimal): boolean {
  return value.mod(step).isZero();
}

export function minDecimal(a: EngineDecimal, b: EngineDecimal): EngineDecimal {
  return a.lte(b) ? a : b;
}

export function maxDecimal(a: EngineDecimal, b: EngineDecimal): EngineDecimal {
  return a.gte(b) ? a : b;
}
