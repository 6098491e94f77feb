/** Thrown when a request body ends early or holds an impossible length. */
export class MalformedRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedRequestError';
  }
}

/**
 * Reads the big-endian primitives of the Kafka protocol from one request body. Every
 * read is bounds-checked so that a truncated or hostile frame becomes a
 * MalformedRequestError instead of a RangeError deep inside a handler.
 */
export class WireReader {
  private position = 0;

  constructor(private readonly buffer: Buffer) {}

  get offset(): number {
    return this.position;
  }

  remaining(): number {
    return this.buffer.length - this.position;
  }

  private take(size: number, what: string): number {
    if (size < 0 || this.position + size > this.buffer.length) {
      throw new MalformedRequestError(
        `request ends before ${what} (needs ${size} bytes at ${this.position})`,
      );
    }
    const start = this.position;
    this.position += size;
    return start;
  }

  int8(what = 'int8'): number {
    return this.buffer.readInt8(this.take(1, what));
  }

  boolean(what = 'boolean'): boolean {
    return this.int8(what) !== 0;
  }

  int16(what = 'int16'): number {
    return this.buffer.readInt16BE(this.take(2, what));
  }

  int32(what = 'int32'): number {
    return this.buffer.readInt32BE(this.take(4, what));
  }

  /** Offsets and ids stay far below 2^53 on a single node, so numbers are exact. */
  int64(what = 'int64'): number {
    return Number(this.buffer.readBigInt64BE(this.take(8, what)));
  }

  string(what = 'string'): string {
    const value = this.nullableString(what);
    if (value === null) throw new MalformedRequestError(`${what} must not be null`);
    return value;
  }

  nullableString(what = 'string'): string | null {
    const length = this.int16(`${what} length`);
    if (length < 0) return null;
    const start = this.take(length, what);
    return this.buffer.toString('utf8', start, start + length);
  }

  nullableBytes(what = 'bytes'): Buffer | null {
    const length = this.int32(`${what} length`);
    if (length < 0) return null;
    const start = this.take(length, what);
    return this.buffer.subarray(start, start + length);
  }

  bytes(what = 'bytes'): Buffer {
    return this.nullableBytes(what) ?? Buffer.alloc(0);
  }

  nullableArray<T>(readItem: (reader: WireReader) => T, what = 'array'): T[] | null {
    const count = this.int32(`${what} count`);
    if (count < 0) return null;
    // Each item takes at least one byte, which bounds a hostile count before allocating.
    if (count > this.remaining())
      throw new MalformedRequestError(`${what} count ${count} exceeds the request size`);
    const items: T[] = [];
    for (let index = 0; index < count; index += 1) items.push(readItem(this));
    return items;
  }

  array<T>(readItem: (reader: WireReader) => T, what = 'array'): T[] {
    return this.nullableArray(readItem, what) ?? [];
  }
}
