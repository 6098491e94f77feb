/**
 * JSON text with object keys sorted, so that a value hashes the same before it is
 * stored and after Postgres gave it back from `jsonb` (which keeps neither the key
 * order nor the number spelling of the text it was given). Follows JSON.stringify
 * otherwise: `toJSON` is honoured, undefined members are dropped, and a number is
 * spelled as JavaScript spells it, which survives the trip through `jsonb` because
 * Postgres keeps the decimal value exactly.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, sortKeys) ?? 'null';
}

function sortKeys(this: unknown, _key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  if (isSorted(keys)) return value;
  const sorted: Record<string, unknown> = {};
  for (const key of keys.sort()) sorted[key] = source[key];
  return sorted;
}

function isSorted(keys: readonly string[]): boolean {
  for (let index = 1; index < keys.length; index += 1) {
    if (keys[index - 1] > keys[index]) return false;
  }
  return true;
}
