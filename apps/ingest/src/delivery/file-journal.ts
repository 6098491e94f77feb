import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
  truncateSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

const JOURNAL_FILE = 'journal.jsonl';
const CURSOR_FILE = 'journal.cursor';
const READ_CHUNK_BYTES = 1024 * 1024;

/** One journaled record with where it ends, so a batch can be acknowledged by position. */
export interface JournalEntry<T> {
  readonly record: T;
  readonly endOffset: number;
}

/**
 * An append-only file of JSON lines with a read cursor, on local disk: records wait here
 * while Kafka is unavailable and survive a restart (or a kill: the bytes are in the
 * operating system's cache once written). The file is removed once everything in it was
 * acknowledged. `maxBytes` bounds the bytes not yet acknowledged; `append` refuses past it.
 */
export class FileJournal<T> {
  private readonly file: string;
  private readonly cursorFile: string;
  private fd: number | undefined;
  private size = 0;
  private cursor = 0;
  private pending = 0;
  private readBuffer: Buffer | undefined;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
  ) {
    mkdirSync(dir, { recursive: true });
    this.file = join(dir, JOURNAL_FILE);
    this.cursorFile = join(dir, CURSOR_FILE);
    if (existsSync(this.file)) this.reopen();
  }

  /** Records not yet acknowledged. */
  get depth(): number {
    return this.pending;
  }

  /** Bytes not yet acknowledged. */
  get bytes(): number {
    return this.size - this.cursor;
  }

  get isEmpty(): boolean {
    return this.pending === 0;
  }

  /** Whether `bytes` more (lines with their newlines, see `lineBytes`) fit under the size limit. */
  fits(bytes: number): boolean {
    return this.bytes + bytes <= this.maxBytes;
  }

  /** The bytes `record` takes in the journal: its JSON line and the newline. */
  static lineBytes(record: unknown): number {
    return Buffer.byteLength(JSON.stringify(record)) + 1;
  }

  /** Appends records in order; false (nothing written) when they would exceed the limit. */
  append(records: readonly T[]): boolean {
    if (records.length === 0) return true;
    const text = records.map((record) => JSON.stringify(record)).join('\n') + '\n';
    const length = Buffer.byteLength(text);
    if (this.bytes + length > this.maxBytes) return false;
    this.fd ??= openSync(this.file, 'a');
    writeSync(this.fd, text);
    this.size += length;
    this.pending += records.length;
    return true;
  }

  /**
   * Up to `limit` records and `maxBytes` of lines (always at least one record) from the
   * cursor on, oldest first; nothing is consumed.
   */
  peek(limit: number, maxBytes = Number.POSITIVE_INFINITY): JournalEntry<T>[] {
    if (this.pending === 0) return [];
    const entries: JournalEntry<T>[] = [];
    // One read buffer for the journal's life: a drain peeks hundreds of times, and a
    // fresh megabyte each time is garbage the collector frees late (RSS under drain).
    const buffer = (this.readBuffer ??= Buffer.allocUnsafe(READ_CHUNK_BYTES));
    const reader = openSync(this.file, 'r');
    try {
      let offset = this.cursor;
      let carry: Buffer | undefined;
      let full = false;
      while (entries.length < limit && offset < this.size) {
        const read = readSync(reader, buffer, 0, Math.min(buffer.length, this.size - offset), offset);
        if (read === 0) break;
        // A line longer than what is left of a chunk: joined with the next chunk (rare).
        const data = carry ? Buffer.concat([carry, buffer.subarray(0, read)]) : buffer.subarray(0, read);
        const start = offset - (carry?.length ?? 0);
        offset += read;
        let lineStart = 0;
        let newline = data.indexOf(10, lineStart);
        while (newline >= 0 && entries.length < limit) {
          const endOffset = start + newline + 1;
          if (entries.length > 0 && endOffset - this.cursor > maxBytes) {
            full = true;
            break;
          }
          const line = data.toString('utf8', lineStart, newline);
          entries.push({ record: JSON.parse(line) as T, endOffset });
          lineStart = newline + 1;
          newline = data.indexOf(10, lineStart);
        }
        if (full) break;
        carry = lineStart < data.length ? Buffer.from(data.subarray(lineStart)) : undefined;
      }
    } finally {
      closeSync(reader);
    }
    return entries;
  }

  /** Marks everything up to `endOffset` (of `count` records) as delivered. */
  acknowledge(endOffset: number, count: number): void {
    this.cursor = endOffset;
    this.pending -= count;
    if (this.cursor >= this.size) {
      this.reset();
      return;
    }
    const temporary = `${this.cursorFile}.tmp`;
    writeFileSync(temporary, String(this.cursor));
    renameSync(temporary, this.cursorFile);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }

  private reset(): void {
    this.close();
    rmSync(this.file, { force: true });
    rmSync(this.cursorFile, { force: true });
    this.size = 0;
    this.cursor = 0;
    this.pending = 0;
  }

  /**
   * After a restart: the file holds what was written; the cursor says what was
   * delivered. Read in chunks, so a large journal does not have to fit in memory.
   */
  private reopen(): void {
    this.cursor = existsSync(this.cursorFile) ? Number(readFileSync(this.cursorFile, 'utf8')) || 0 : 0;
    const reader = openSync(this.file, 'r');
    let complete = 0;
    let count = 0;
    try {
      const size = fstatSync(reader).size;
      const chunk = Buffer.alloc(READ_CHUNK_BYTES);
      for (let offset = 0; offset < size; offset += READ_CHUNK_BYTES) {
        const read = readSync(reader, chunk, 0, Math.min(READ_CHUNK_BYTES, size - offset), offset);
        for (
          let index = chunk.indexOf(10);
          index >= 0 && index < read;
          index = chunk.indexOf(10, index + 1)
        ) {
          complete = offset + index + 1;
          if (complete > this.cursor) count += 1;
        }
      }
      // A kill during a write can leave a partial last line: cut the file at the last newline.
      if (complete < size) truncateSync(this.file, complete);
    } finally {
      closeSync(reader);
    }
    this.size = complete;
    this.pending = count;
    if (this.pending === 0) this.reset();
  }
}
