import { isSorted, jsonString, KeyOrders, memberName } from '@oms/domain/shared/json-text';

/**
 * JSON text with object keys sorted, so that a value hashes the same before it is
 * stored and after Postgres gave it back from `jsonb` (which keeps neither the key
 * order nor the number spelling of the text it was given). Follows JSON.stringify
 * otherwise: `toJSON` is honoured, undefined members are dropped, and a number is
 * spelled as JavaScript spells it, which survives the trip through `jsonb` because
 * Postgres keeps the decimal value exactly.
 *
 * Every event row's payload and metadata go through here, so plain data (the whole of
 * what the OMS stores) is written by hand, which costs about half of JSON.stringify
 * with a key-sorting replacer. Anything else (a `toJSON`, a class instance, a boxed
 * primitive, a bigint, very deep nesting) is written by `specifiedCanonicalJson`,
 * which defines the text: the two agree on every value (canonical-json.spec.ts).
 */
export function canonicalJson(value: unknown): string {
  try {
    return writePlain(value, 0) ?? 'null';
  } catch (error) {
    if (error === NOT_PLAIN) return specifiedCanonicalJson(value);
    throw error;
  }
}

/** The definition of the canonical text: JSON.stringify, each object's keys sorted first. */
export function specifiedCanonicalJson(value: unknown): string {
  return JSON.stringify(value, sortKeys) ?? 'null';
}

function sortKeys(this: unknown, _key: string, value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  if (isSorted(keys)) return value;
  // Without a prototype, an own `__proto__` key stays a member (on a plain object the
  // assignment would set the prototype and the member would be lost).
  const sorted: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const key of keys.sort()) sorted[key] = source[key];
  return sorted;
}

/**
 * Thrown by the plain-data writer for a value only the specified writer handles (one
 * instance: no stack is captured per throw).
 */
class NotPlainData extends Error {}
const NOT_PLAIN = new NotPlainData();

/** Deeper than this, the specified writer takes over (and reports a cycle as JSON.stringify does). */
const MAX_PLAIN_DEPTH = 200;

/** The text of a value, or undefined where JSON.stringify leaves a member out. */
function writePlain(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'undefined':
    case 'function':
    case 'symbol':
      return undefined;
    case 'object': {
      if (value === null) return 'null';
      if (depth > MAX_PLAIN_DEPTH || (value as { toJSON?: unknown }).toJSON !== undefined) throw NOT_PLAIN;
      if (Array.isArray(value)) {
        let text = '[';
        for (let index = 0; index < value.length; index += 1) {
          if (index > 0) text += ',';
          text += writePlain(value[index], depth + 1) ?? 'null';
        }
        return `${text}]`;
      }
      const prototype = Object.getPrototypeOf(value) as unknown;
      if (prototype !== Object.prototype && prototype !== null) throw NOT_PLAIN;
      const record = value as Record<string, unknown>;
      const keys = keysInCanonicalOrder(record);
      let text = '{';
      for (let index = 0; index < keys.length; index += 1) {
        const key = keys[index];
        const member = writePlain(record[key], depth + 1);
        if (member === undefined) continue;
        text += (text.length === 1 ? '' : ',') + memberName(key) + member;
      }
      return `${text}}`;
    }
    case 'bigint':
      throw NOT_PLAIN;
  }
}

/**
 * The order the specified writer gives an object's keys: unchanged when Object.keys
 * lists them sorted, else sorted and put into a new object, which lists array-index
 * keys first in numeric order (they lead Object.keys already) and the rest in the
 * sorted order (without a prototype, so an own `__proto__` key stays a member).
 */
function keysInCanonicalOrder(record: Record<string, unknown>): readonly string[] {
  const keys = Object.keys(record);
  return isSorted(keys) ? keys : keyOrders.of(keys);
}

function sortedKeyOrder(keys: readonly string[]): string[] {
  let indexKeys = 0;
  while (indexKeys < keys.length && isArrayIndex(keys[indexKeys])) indexKeys += 1;
  if (indexKeys === 0) return [...keys].sort();
  return [...keys.slice(0, indexKeys), ...keys.slice(indexKeys).sort()];
}

/** Key orders met before (the specified writer's order, `sortedKeyOrder`). */
const keyOrders = new KeyOrders(sortedKeyOrder);

/** True for the canonical spelling of an integer from 0 to 2^32 - 2. */
function isArrayIndex(key: string): boolean {
  if (key.length === 0 || key.length > 10) return false;
  const first = key.charCodeAt(0);
  if (first < 48 || first > 57 || (first === 48 && key.length > 1)) return false;
  for (let index = 1; index < key.length; index += 1) {
    const code = key.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return key.length < 10 || Number(key) < 4_294_967_295;
}
