import { isSorted, jsonString, KeyOrders, memberName } from './json-text';

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

/** Keys sorted as Array#sort sorts them (the order states have always been hashed in). */
const keyOrders = new KeyOrders((keys) => [...keys].sort());

function sortedKeys(record: Record<string, unknown>): readonly string[] {
  const keys = Object.keys(record);
  return isSorted(keys) ? keys : keyOrders.of(keys);
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
