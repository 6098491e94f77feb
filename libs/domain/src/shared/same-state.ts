/**
 * Deep equality of two plain-JSON states, as canonicalJson(a) === canonicalJson(b) would
 * say, without serialising them: parts shared by reference (an evolve copies only what
 * it changes) are equal at once, so "did this report change anything?" costs little
 * even for an order with thousands of fills.
 */
export function sameState(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(right, key) || !sameState(left[key], right[key])) return false;
  }
  return true;
}
