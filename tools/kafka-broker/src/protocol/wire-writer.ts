/**
 * Builds a response body from big-endian Kafka primitives. Chunks are collected and
 * joined once, so record sets read from the log are copied a single time.
 */
export class WireWriter {
  private readonly chunks: Buffer[] = [];
  private size = 0;

  private push(chunk: Buffer): this {
    this.chunks.push(chunk);
    this.size += chunk.length;
    return this;
  }

  get length(): number {
    return this.size;
  }

  int8(value: number): this {
    const chunk = Buffer.allocUnsafe(1);
    chunk.writeInt8(value);
    return this.push(chunk);
  }

  boolean(value: boolean): this {
    return this.int8(value ? 1 : 0);
  }

  int16(value: number): this {
    const chunk = Buffer.allocUnsafe(2);
    chunk.writeInt16BE(value);
    return this.push(chunk);
  }

  int32(value: number): this {
    const chunk = Buffer.allocUnsafe(4);
    chunk.writeInt32BE(value);
    return this.push(chunk);
  }

  int64(value: number): this {
    const chunk = Buffer.allocUnsafe(8);
    chunk.writeBigInt64BE(BigInt(value));
    return this.push(chunk);
  }

  nullableString(value: string | null): this {
    if (value === null) return this.int16(-1);
    const encoded = Buffer.from(value, 'utf8');
    return this.int16(encoded.length).push(encoded);
  }

  string(value: string): this {
    return this.nullableString(value);
  }

  nullableBytes(value: Buffer | null): this {
    if (value === null) return this.int32(-1);
    return this.int32(value.length).push(value);
  }

  bytes(value: Buffer): this {
    return this.nullableBytes(value);
  }

  /** Writes a length-prefixed byte field made of several chunks without joining them first. */
  chunkedBytes(chunks: readonly Buffer[]): this {
    const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    this.int32(total);
    for (const chunk of chunks) this.push(chunk);
    return this;
  }

  array<T>(items: readonly T[], writeItem: (writer: this, item: T) => void): this {
    this.int32(items.length);
    for (const item of items) writeItem(this, item);
    return this;
  }

  int32Array(values: readonly number[]): this {
    return this.array(values, (writer, value) => writer.int32(value));
  }

  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }

  toChunks(): readonly Buffer[] {
    return this.chunks;
  }
}
