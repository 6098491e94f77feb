/**
 * Serialises plain data with object keys sorted at every level, so that two equal
 * states give the same text whatever order their fields or map entries were added in.
 * Only JSON data is allowed: a function, a symbol, a bigint or a non-finite number is
 * a programming error in a state and is reported as such.
 *
 * Deciders compare fills and snapshots by this text on every report, so the text is
 * written without tracking where in the value the writer is; only a value that is not
 * JSON data is written again, by `checkedCanonicalJson`, to say where the fault is.
 */
export function canonicalJson(value: unknown): string {
  try {
    return write(value);
  } catch (error) {
    if (error === NOT_JSON_DATA) return checkedCanonicalJson(value);
    throw error;
  }
}

/** Thrown by `write` at a value that is not JSON data (one instance: no stack per throw). */
class NotJsonData extends Error {}
const NOT_JSON_DATA = new NotJsonData();

function write(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return jsonString(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw NOT_JSON_DATA;
      return String(value);
    case 'object': {
      if (value === null) return 'null';
      if (Array.isArray(value)) {
        let text = '[';
        for (let index = 0; index < value.length; index += 1) {
          if (index > 0) text += ',';
          text += write(value[index]);
        }
        return `${text}]`;
      }
      const record = value as Record<string, unknown>;
      const keys = sortedKeys(record);
      let text = '{';
      for (let index = 0; index < keys.length; index += 1) {
        const key = keys[index];
        const member = record[key];
        if (member === undefined) continue;
        text += (text.length === 1 ? '' : ',') + memberName(key) + write(member);
      }
      return `${text}}`;
    }
    case 'undefined':
    case 'function':
    case 'symbol':
    case 'bigint':
      throw NOT_JSON_DATA;
  }
}

function sortedKeys(record: Record<string, unknown>): readonly string[] {
  const keys = Object.keys(record);
  if (isSorted(keys)) return keys;
  return knownKeyOrder(keys) ?? rememberKeyOrder(keys, [...keys].sort());
}

/**
 * Key orders met before, by first key: fills and snapshots built by the same code list
 * the same keys in the same order, and comparing the list with one met before costs a
 * third of sorting it again (which also copies it into a work array). Bounded (at most
 * about a megabyte): records keyed by ids, which rarely repeat, take few places.
 */
interface KeyOrder {
  readonly keys: readonly string[];
  readonly ordered: readonly string[];
}
const keyOrders = new Map<string, KeyOrder[]>();
const MAX_FIRST_KEYS = 256;
const MAX_ORDERS_PER_FIRST_KEY = 8;
const MAX_REMEMBERED_KEYS = 32;

function knownKeyOrder(keys: readonly string[]): readonly string[] | undefined {
  const known = keyOrders.get(keys[0]);
  if (known === undefined) return undefined;
  for (const { keys: seen, ordered } of known) {
    if (seen.length === keys.length && sameKeys(seen, keys)) return ordered;
  }
  return undefined;
}

/** Whether two key lists with the same first key and length are the same list. */
function sameKeys(left: readonly string[], right: readonly string[]): boolean {
  for (let index = 1; index < left.length; index += 1) {
    if (left[index] !== right[index]) return false;
  }
  return true;
}

function rememberKeyOrder(keys: readonly string[], ordered: readonly string[]): readonly string[] {
  if (keys.length > MAX_REMEMBERED_KEYS) return ordered;
  let known = keyOrders.get(keys[0]);
  if (known === undefined && keyOrders.size < MAX_FIRST_KEYS) {
    known = [];
    keyOrders.set(keys[0], known);
  }
  if (known !== undefined && known.length < MAX_ORDERS_PER_FIRST_KEY) known.push({ keys, ordered });
  return ordered;
}

function isSorted(keys: readonly string[]): boolean {
  for (let index = 1; index < keys.length; index += 1) {
    if (keys[index - 1] > keys[index]) return false;
  }
  return true;
}

/** Quote, backslash, control characters and surrogates: what JSON.stringify may escape. */
// eslint-disable-next-line no-control-regex -- control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function jsonString(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

/** Quoted member names with their colon: states use the same few names over and over. */
const memberNames = new Map<string, string>();
const MAX_MEMBER_NAMES = 10_000;

function memberName(key: string): string {
  let name = memberNames.get(key);
  if (name === undefined) {
    name = `${jsonString(key)}:`;
    if (memberNames.size < MAX_MEMBER_NAMES) memberNames.set(key, name);
  }
  return name;
}

/** The same text, tracking the path of each value so that a fault names where it is. */
export function checkedCanonicalJson(value: unknown): string {
  return writeChecked(value, '$');
}

function writeChecked(value: unknown, path: string): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${path} is not a finite number`);
      return JSON.stringify(value);
    case 'object': {
      if (Array.isArray(value)) {
        return `[${value.map((item, index) => writeChecked(item, `${path}[${index}]`)).join(',')}]`;
      }
      const record = value as Record<string, unknown>;
      const entries = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${writeChecked(record[key], `${path}.${key}`)}`);
      return `{${entries.join(',')}}`;
    }
    case 'undefined':
    case 'function':
    case 'symbol':
    case 'bigint':
      throw new TypeError(`${path} holds a ${typeof value}, which is not JSON data`);
  }
  throw new TypeError(`${path} holds a value that is not JSON data`);
}
