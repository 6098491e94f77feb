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
  // Venue values and state figures mostly arrive canonical already: no parse for them.
  if (typeof value === 'string' && isCanonicalDecimalText(value)) return value;
  const text = new Dec(value).toFixed();
  return text === '-0' ? '0' : text;
}

/** Plain notation, no leading or trailing zeros, no "-0": what canonicalDecimal writes. */
const CANONICAL_DECIMAL_PATTERN = /^-?(0|[1-9]\d*)(\.\d*[1-9])?$/;

function isCanonicalDecimalText(value: string): boolean {
  return CANONICAL_DECIMAL_PATTERN.test(value) && value !== '-0';
}

/**
 * Compares two canonical decimal texts without parsing them: the longer integer part is
 * the larger magnitude, and digits of equal-length integer parts and of fractions
 * (which have no trailing zeros) compare as text.
 */
function compareCanonicalDecimals(left: string, right: string): number {
  const leftNegative = left.charCodeAt(0) === 45;
  const rightNegative = right.charCodeAt(0) === 45;
  if (leftNegative !== rightNegative) return leftNegative ? -1 : 1;
  const magnitude = compareMagnitudes(
    leftNegative ? left.slice(1) : left,
    rightNegative ? right.slice(1) : right,
  );
  return leftNegative && magnitude !== 0 ? -magnitude : magnitude;
}

function compareMagnitudes(left: string, right: string): number {
  const leftPoint = left.indexOf('.');
  const rightPoint = right.indexOf('.');
  const leftInteger = leftPoint === -1 ? left.length : leftPoint;
  const rightInteger = rightPoint === -1 ? right.length : rightPoint;
  if (leftInteger !== rightInteger) return leftInteger < rightInteger ? -1 : 1;
  return left < right ? -1 : left > right ? 1 : 0;
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
  if (isCanonicalDecimalText(left) && isCanonicalDecimalText(right))
    return compareCanonicalDecimals(left, right);
  return new Dec(left).comparedTo(right);
}

export function maxDecimal(left: string, right: string): string {
  return compareDecimals(left, right) >= 0 ? left : right;
}

export function isZero(value: string): boolean {
  if (isCanonicalDecimalText(value)) return value === '0';
  return new Dec(value).isZero();
}

export function isPositive(value: string): boolean {
  if (isCanonicalDecimalText(value)) return value !== '0' && value.charCodeAt(0) !== 45;
  return new Dec(value).greaterThan(0);
}

/** Report boundary rounding: half-to-even at `scale` decimal places. */
export function roundToScale(value: Decimal.Value, scale: number): string {
  return canonicalDecimal(new Dec(value).toDecimalPlaces(scale, Decimal.ROUND_HALF_EVEN));
}
