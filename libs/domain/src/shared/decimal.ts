import Decimal from 'decimal.js';

/**
 * Decimal arithmetic for money, prices and quantities.
 *
 * Rounding rules (tested in decimal.spec.ts):
 * - Venue values are kept exactly as sent, only normalised (no exponent, no trailing
 *   zeros): "1.500" and "1.5" are the same quantity.
 * - Sums, differences and products are exact as long as they fit in 40 significant
 *   digits, which covers any venue quantity times any venue price.
 * - Quotients (average prices, inferred fill prices) keep 40 significant digits,
 *   rounded half-to-even, so repeated folding never drifts.
 * - Only reports round, once, at the boundary: `roundToScale` half-to-even to the
 *   scale the caller asks for (an asset's precision). Intermediate values never round.
 */
export const Dec = Decimal.clone({
  precision: 40,
  rounding: Decimal.ROUND_HALF_EVEN,
  toExpNeg: -60,
  toExpPos: 60,
});
export type Dec = Decimal;

const DECIMAL_PATTERN = /^-?\d+(\.\d+)?$/;

export function isDecimalString(value: unknown): value is string {
  return typeof value === 'string' && DECIMAL_PATTERN.test(value);
}

/** Canonical text of a decimal: plain notation, no trailing zeros, "0" for zero. */
export function canonicalDecimal(value: Decimal.Value): string {
  const text = new Dec(value).toFixed();
  return text === '-0' ? '0' : text;
}

export function dec(value: Decimal.Value): Dec {
  return new Dec(value);
}

export function addDecimals(...values: readonly string[]): string {
  return canonicalDecimal(values.reduce((sum, value) => sum.plus(value), new Dec(0)));
}

export function subtractDecimals(left: string, right: string): string {
  return canonicalDecimal(new Dec(left).minus(right));
}

export function compareDecimals(left: string, right: string): number {
  return new Dec(left).comparedTo(right);
}

export function maxDecimal(left: string, right: string): string {
  return compareDecimals(left, right) >= 0 ? left : right;
}

export function isZero(value: string): boolean {
  return new Dec(value).isZero();
}

export function isPositive(value: string): boolean {
  return new Dec(value).greaterThan(0);
}

/** Report boundary rounding: half-to-even at `scale` decimal places. */
export function roundToScale(value: Decimal.Value, scale: number): string {
  return canonicalDecimal(new Dec(value).toDecimalPlaces(scale, Decimal.ROUND_HALF_EVEN));
}
