import { mkdirSync, readdirSync } from 'node:fs';
import { ErrorCode } from '../protocol/error-codes';
import { assignBaseOffset, RecordBatchHeader } from '../protocol/record-batch-header';
import { LogSegment, parseSegmentFileName } from './log-segment';
import { judgeSequence, ProducerPartitionState, rememberBatch } from './producer-sequence';

export interface RetentionPolicy {
  /** Oldest segments are removed while the rest still holds this many bytes; -1 keeps all. */
  readonly retentionBytes: number;
  /** Segments whose newest record is older than this are removed; -1 keeps all. */
  readonly retentionMs: number;
  /** A new segment is started once the active one would grow past this. */
  readonly segmentBytes: number;
}

export type AppendOutcome =
  | { readonly errorCode: typeof ErrorCode.NONE; readonly baseOffset: number; readonly duplicate: boolean }
  | { readonly errorCode: Exclude<ErrorCode, 0> };

/**
 * One partition's log on disk: a run of segments, the producer sequence state rebuilt
 * from the stored batch headers, and listeners woken when records arrive (long-poll
 * fetches).
 */
export class PartitionLog {
  private readonly segments: LogSegment[] = [];
  private readonly producers = new Map<number, ProducerPartitionState>();
  private readonly appendListeners = new Set<() => void>();
  private highestProducerId = -1;

  constructor(
    private readonly directory: string,
    private readonly retention: RetentionPolicy,
  ) {
    mkdirSync(directory, { recursive: true });
    const baseOffsets = readdirSync(directory)
      .map(parseSegmentFileName)
      .filter((offset): offset is number => offset !== undefined)
      .sort((a, b) => a - b);
    for (const baseOffset of baseOffsets) {
      const { segment } = LogSegment.open(directory, baseOffset, (header) => this.restoreProducer(header));
      this.segments.push(segment);
    }
    if (this.segments.length === 0) this.segments.push(LogSegment.create(directory, 0));
  }

  private restoreProducer(header: RecordBatchHeader): void {
    rememberBatch(this.producers, header, header.baseOffset);
    if (header.producerId > this.highestProducerId) this.highestProducerId = header.producerId;
  }

  get maxProducerId(): number {
    return this.highestProducerId;
  }

  get logStartOffset(): number {
    return this.segments[0].baseOffset;
  }

  get logEndOffset(): number {
    return this.activeSegment.nextOffset;
  }

  get sizeInBytes(): number {
    return this.segments.reduce((sum, segment) => sum + segment.size, 0);
  }

  private get activeSegment(): LogSegment {
    return this.segments[this.segments.length - 1];
  }

  append(batch: Buffer, header: RecordBatchHeader): AppendOutcome {
    const verdict = judgeSequence(this.producers.get(header.producerId), header);
    switch (verdict.kind) {
      case 'reject':
        return { errorCode: verdict.errorCode as Exclude<ErrorCode, 0> };
      case 'duplicate':
        return { errorCode: ErrorCode.NONE, baseOffset: verdict.baseOffset, duplicate: true };
      case 'append':
        break;
    }
    if (!this.activeSegment.isEmpty && this.activeSegment.size + batch.length > this.retention.segmentBytes) {
      this.segments.push(LogSegment.create(this.directory, this.logEndOffset));
    }
    const baseOffset = this.logEndOffset;
    assignBaseOffset(batch, baseOffset);
    this.activeSegment.append(batch, baseOffset, baseOffset + header.lastOffsetDelta, header.maxTimestamp);
    rememberBatch(this.producers, header, baseOffset);
    for (const listener of [...this.appendListeners]) listener();
    return { errorCode: ErrorCode.NONE, baseOffset, duplicate: false };
  }

  /**
   * Whole batches starting with the one that holds `offset`. The first batch is returned
   * even when it exceeds `maxBytes` as long as it fits `firstBatchLimit`, so a batch
   * larger than a partition's fetch size never stalls its consumer.
   */
  read(offset: number, maxBytes: number, firstBatchLimit: number): Buffer[] {
    const chunks: Buffer[] = [];
    let budget = maxBytes;
    let from = offset;
    for (let index = this.segmentIndexFor(from); index < this.segments.length && index >= 0; index += 1) {
      const segment = this.segments[index];
      const batchIndex = segment.findBatch(from);
      if (batchIndex < 0) continue;
      const chunk = segment.read(batchIndex, budget, chunks.length === 0 ? firstBatchLimit : 0);
      if (!chunk) break;
      chunks.push(chunk);
      budget -= chunk.length;
      from = segment.nextOffset;
      if (budget <= 0) break;
    }
    return chunks;
  }

  private segmentIndexFor(offset: number): number {
    let low = 0;
    let high = this.segments.length - 1;
    let found = 0;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if (this.segments[middle].baseOffset <= offset) {
        found = middle;
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return found;
  }

  /** The first offset of the first batch holding a record at or after `timestamp`. */
  offsetForTimestamp(timestamp: number): { offset: number; timestamp: number } | undefined {
    for (const segment of this.segments) {
      for (const batch of segment.batches) {
        if (batch.maxTimestamp >= timestamp)
          return { offset: batch.baseOffset, timestamp: batch.maxTimestamp };
      }
    }
    return undefined;
  }

  onAppend(listener: () => void): () => void {
    this.appendListeners.add(listener);
    return () => this.appendListeners.delete(listener);
  }

  /** Removes whole old segments beyond the size or age limit; returns how many went. */
  applyRetention(now: number): number {
    const { retentionBytes, retentionMs } = this.retention;
    let removed = 0;
    if (
      retentionMs >= 0 &&
      !this.activeSegment.isEmpty &&
      this.activeSegment.maxTimestamp < now - retentionMs
    ) {
      // Rolling lets an idle, fully expired active segment go too.
      this.segments.push(LogSegment.create(this.directory, this.logEndOffset));
    }
    while (this.segments.length > 1) {
      const oldest = this.segments[0];
      // Kafka's rule: a segment goes only if what remains still holds retentionBytes, so
      // the limit bounds what is deleted, never what a consumer may still read.
      const tooBig = retentionBytes >= 0 && this.sizeInBytes - oldest.size >= retentionBytes;
      const tooOld = retentionMs >= 0 && oldest.maxTimestamp < now - retentionMs;
      if (!tooBig && !tooOld) break;
      oldest.delete();
      this.segments.shift();
      removed += 1;
    }
    return removed;
  }

  close(): void {
    for (const segment of this.segments) segment.close();
    this.appendListeners.clear();
  }

  /**
   * Closes the log of a deleted partition and wakes the fetches waiting on it, so a long
   * poll answers with the partition's error now rather than at its max wait.
   */
  closeDeleted(): void {
    for (const segment of this.segments) segment.close();
    const listeners = [...this.appendListeners];
    this.appendListeners.clear();
    for (const listener of listeners) listener();
  }
}
