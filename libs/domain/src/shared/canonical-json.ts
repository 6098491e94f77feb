/**
 * Serialises plain data with object keys sorted at every level, so that two equal
 * states give the same text whatever order their fields or map entries were added in.
 * Only JSON data is allowed: a function, a symbol, a bigint or a non-finite number is
 * a programming error in a state and is reported as such.
 */
export function canonicalJson(value: unknown): string {
  return write(value, '$');
}

function write(value: unknown, path: string): string {
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
        return `[${value.map((item, index) => write(item, `${path}[${index}]`)).join(',')}]`;
      }
      const record = value as Record<string, unknown>;
      const entries = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${write(record[key], `${path}.${key}`)}`);
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
