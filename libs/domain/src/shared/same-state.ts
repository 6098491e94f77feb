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
  // Members are counted and compared in place, without a filtered copy of either key list.
  const keys = Object.keys(left);
  if (definedMembers(left, keys) !== definedMembers(right, Object.keys(right))) return false;
  for (const key of keys) {
    const value = left[key];
    if (value === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(right, key) || !sameState(value, right[key])) return false;
  }
  return true;
}

/** How many of the keys hold a value other than undefined. */
function definedMembers(record: Record<string, unknown>, keys: readonly string[]): number {
  let count = 0;
  for (const key of keys) if (record[key] !== undefined) count += 1;
  return count;
}
