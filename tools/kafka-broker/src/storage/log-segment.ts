import {
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  openSync,
  readSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  RECORD_BATCH_HEADER_SIZE,
  readBatchHeader,
  RecordBatchHeader,
} from '../protocol/record-batch-header';

export interface IndexedBatch {
  readonly baseOffset: number;
  readonly lastOffset: number;
  readonly position: number;
  readonly size: number;
  readonly maxTimestamp: number;
}

const SEGMENT_SUFFIX = '.log';

export function segmentFileName(baseOffset: number): string {
  return `${String(baseOffset).padStart(20, '0')}${SEGMENT_SUFFIX}`;
}

export function parseSegmentFileName(name: string): number | undefined {
  if (!name.endsWith(SEGMENT_SUFFIX)) return undefined;
  const digits = name.slice(0, -SEGMENT_SUFFIX.length);
  return /^\d{20}$/.test(digits) ? Number(digits) : undefined;
}

/**
 * One file of a partition's log: record batches exactly as produced (compressed or
 * not), with the broker-assigned base offset written in. The batch index lives in
 * memory and is rebuilt from the batch headers when the segment is opened.
 */
export class LogSegment {
  readonly batches: IndexedBatch[] = [];
  private readonly fd: number;
  private bytes = 0;

  private constructor(
    readonly baseOffset: number,
    readonly path: string,
  ) {
    this.fd = openSync(path, constants.O_RDWR | constants.O_CREAT);
  }

  static create(directory: string, baseOffset: number): LogSegment {
    return new LogSegment(baseOffset, join(directory, segmentFileName(baseOffset)));
  }

  /**
   * Opens an existing segment and indexes its batches. A batch cut short by a crash is
   * truncated away, so the log always ends on a whole batch.
   */
  static open(
    directory: string,
    baseOffset: number,
    onBatch: (header: RecordBatchHeader) => void,
  ): { segment: LogSegment; truncatedBytes: number } {
    const segment = new LogSegment(baseOffset, join(directory, segmentFileName(baseOffset)));
    const fileSize = fstatSync(segment.fd).size;
    const header = Buffer.allocUnsafe(RECORD_BATCH_HEADER_SIZE);
    let position = 0;
    while (fileSize - position >= RECORD_BATCH_HEADER_SIZE) {
      readSync(segment.fd, header, 0, RECORD_BATCH_HEADER_SIZE, position);
      const batch = readBatchHeader(header);
      if (batch.totalSize < RECORD_BATCH_HEADER_SIZE || position + batch.totalSize > fileSize) break;
      segment.batches.push({
        baseOffset: batch.baseOffset,
        lastOffset: batch.baseOffset + batch.lastOffsetDelta,
        position,
        size: batch.totalSize,
        maxTimestamp: batch.maxTimestamp,
      });
      onBatch(batch);
      position += batch.totalSize;
    }
    if (position < fileSize) ftruncateSync(segment.fd, position);
    segment.bytes = position;
    return { segment, truncatedBytes: fileSize - position };
  }

  get size(): number {
    return this.bytes;
  }

  get isEmpty(): boolean {
    return this.batches.length === 0;
  }

  get maxTimestamp(): number {
    let max = -1;
    for (const batch of this.batches) if (batch.maxTimestamp > max) max = batch.maxTimestamp;
    return max;
  }

  get nextOffset(): number {
    const last = this.batches[this.batches.length - 1];
    return last ? last.lastOffset + 1 : this.baseOffset;
  }

  append(batch: Buffer, baseOffset: number, lastOffset: number, maxTimestamp: number): void {
    writeSync(this.fd, batch, 0, batch.length, this.bytes);
    this.batches.push({ baseOffset, lastOffset, position: this.bytes, size: batch.length, maxTimestamp });
    this.bytes += batch.length;
  }

  /** Index of the first batch whose last offset is at or after `offset`, or -1. */
  findBatch(offset: number): number {
    let low = 0;
    let high = this.batches.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (this.batches[middle].lastOffset >= offset) {
        found = middle;
        high = middle - 1;
      } else {
        low = middle + 1;
      }
    }
    return found;
  }

  /**
   * Whole batches from `firstIndex` on, at most `maxBytes`; the first batch alone may
   * exceed that up to `firstBatchLimit`.
   */
  read(firstIndex: number, maxBytes: number, firstBatchLimit: number): Buffer | undefined {
    const first = this.batches[firstIndex];
    if (!first) return undefined;
    let end = firstIndex;
    let size = 0;
    while (end < this.batches.length && size + this.batches[end].size <= maxBytes) {
      size += this.batches[end].size;
      end += 1;
    }
    if (end === firstIndex) {
      if (first.size > firstBatchLimit) return undefined;
      size = first.size;
    }
    const buffer = Buffer.allocUnsafe(size);
    readSync(this.fd, buffer, 0, size, first.position);
    return buffer;
  }

  close(): void {
    closeSync(this.fd);
  }

  delete(): void {
    this.close();
    unlinkSync(this.path);
  }
}
