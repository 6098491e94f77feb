import { createLogger } from '@oms/platform';
import { FileJournal } from './file-journal';
import { OutboxRecord } from './outbox-record';

/** Where the outbox delivers: Kafka in production. Resolves once every record is acknowledged. */
export interface OutboxSink {
  send(records: readonly OutboxRecord[]): Promise<void>;
}

export interface OutboxOptions {
  /** Records held in memory while Kafka keeps up; beyond it they spill to the journal. */
  readonly bufferMaxRecords: number;
  /**
   * Bytes (as journal lines) held in memory while Kafka keeps up; beyond it they spill
   * to the journal. Records differ in size by an order of magnitude (a fill against a
   * balance snapshot of every asset), so a count alone does not bound memory.
   */
  readonly bufferMaxBytes?: number;
  readonly batchMaxRecords?: number;
  /** Bytes (as journal lines) of one send to Kafka; a single larger record still goes alone. */
  readonly batchMaxBytes?: number;
  /**
   * A send still unanswered after this long (a broker gone silent rather than refusing)
   * is treated as a failure for buffering: memory spills to the journal and new records
   * go there, so a hanging Kafka neither fills memory nor leaves records a kill would lose.
   */
  readonly spillAfterMs?: number;
  readonly retryDelayMs?: number;
  readonly maxRetryDelayMs?: number;
}

export interface OutboxObserver {
  delivered(records: readonly OutboxRecord[]): void;
  sendFailed(error: unknown): void;
  journalFull(): void;
}

export interface OutboxState {
  readonly memoryDepth: number;
  /** Bytes (as journal lines) of the records in memory. */
  readonly memoryBytes: number;
  readonly journalDepth: number;
  readonly journalBytes: number;
  /** Records that found the journal full and wait in memory (an alarm). */
  readonly overflowDepth: number;
  readonly journalFull: boolean;
  /** Kafka failed its last delivery: new records are written to the journal first. */
  readonly degraded: boolean;
}

type Source = 'journal' | 'overflow' | 'memory';

/** A record waiting in memory, with the bytes its journal line takes. */
interface HeldRecord {
  readonly record: OutboxRecord;
  readonly bytes: number;
}

/** Records at the front of a queue, sent together. */
interface Batch {
  readonly source: Source;
  readonly records: OutboxRecord[];
  readonly endOffset: number;
}

const DEFAULT_BUFFER_MAX_BYTES = 2 * 1024 * 1024;
const DEFAULT_BATCH_MAX_RECORDS = 500;
const DEFAULT_BATCH_MAX_BYTES = 512 * 1024;

/**
 * Delivers records to Kafka in arrival order (one queue for all accounts, so every
 * key's order is kept). The queue is the journal on disk, then the records that found
 * the journal full, then the in-memory buffer; memory is used only while Kafka keeps up.
 * When a delivery fails, memory spills to the journal and new records go there first,
 * so a kill while Kafka is down loses nothing; the backlog drains, oldest first, once
 * Kafka answers again, and a restart finds the journal and sends it first.
 */
export class ObservationOutbox {
  private readonly logger = createLogger('ObservationOutbox');
  private memory: HeldRecord[] = [];
  private memoryBytes = 0;
  private overflow: HeldRecord[] = [];
  private overflowBytes = 0;
  private degraded = false;
  private running = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  private failures = 0;

  constructor(
    private readonly journal: FileJournal<OutboxRecord>,
    private readonly sink: OutboxSink,
    private readonly options: OutboxOptions,
    private readonly observer: OutboxObserver,
  ) {
    // A journal left by the previous run is older than anything received now.
    if (!journal.isEmpty) this.degraded = true;
  }

  state(): OutboxState {
    return {
      memoryDepth: this.memory.length,
      memoryBytes: this.memoryBytes,
      journalDepth: this.journal.depth,
      journalBytes: this.journal.bytes,
      overflowDepth: this.overflow.length,
      journalFull: this.overflow.length > 0,
      degraded: this.degraded,
    };
  }

  /** Accepts records in order; never drops one. */
  enqueue(records: readonly OutboxRecord[]): void {
    if (records.length === 0) return;
    if (this.degraded || this.overflow.length > 0 || !this.journal.isEmpty) this.persist(records);
    else {
      for (const record of records) {
        const bytes = FileJournal.lineBytes(record);
        this.memory.push({ record, bytes });
        this.memoryBytes += bytes;
      }
      if (
        this.memory.length > this.options.bufferMaxRecords ||
        this.memoryBytes > (this.options.bufferMaxBytes ?? DEFAULT_BUFFER_MAX_BYTES)
      )
        this.spillMemory();
    }
    this.wake?.();
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Stops delivering: waits for the batch in flight, tries to drain for `flushMs`, journals the rest. */
  async stop(flushMs = 2_000): Promise<void> {
    const deadline = Date.now() + flushMs;
    while (this.running && this.pending() > 0 && !this.degraded && Date.now() < deadline) {
      await sleep(20);
    }
    this.running = false;
    this.wake?.();
    await this.loop;
    this.spillMemory();
    if (this.overflow.length > 0) {
      this.logger.fatal({ records: this.overflow.length }, 'journal full at stop: records could not be kept');
    }
    this.journal.close();
  }

  private pending(): number {
    return this.journal.depth + this.overflow.length + this.memory.length;
  }

  private persist(records: readonly OutboxRecord[]): void {
    if (this.overflow.length === 0 && this.journal.append(records)) return;
    if (this.overflow.length === 0) {
      this.logger.error(
        { bytes: this.journal.bytes },
        'journal full: records are held in memory until Kafka drains it',
      );
    }
    for (const record of records) {
      const bytes = FileJournal.lineBytes(record);
      this.overflow.push({ record, bytes });
      this.overflowBytes += bytes;
    }
    this.observer.journalFull();
  }

  private spillMemory(): void {
    if (this.memory.length === 0) return;
    const held = this.memory;
    this.memory = [];
    this.memoryBytes = 0;
    this.persist(held.map((entry) => entry.record));
  }

  /**
   * The send in flight is slow: journal what waits in memory (the batch in flight too,
   * ahead of the rest, so order holds if the send fails; if it succeeds, the journal sends
   * those records again with the same eventIds, which consumers de-duplicate).
   */
  private spillSlowSend(): void {
    if (this.memory.length === 0 && this.degraded) return;
    if (!this.degraded) this.logger.warn('Kafka slow to acknowledge: journaling until it catches up');
    this.degraded = true;
    this.spillMemory();
  }

  /**
   * The oldest records, bounded in count and bytes: a drain after an outage reads and
   * sends the journal a few hundred kilobytes at a time, so what one send holds (records,
   * their encoding, the client's request) stays small however large the backlog.
   */
  private nextBatch(): Batch | undefined {
    const limit = this.options.batchMaxRecords ?? DEFAULT_BATCH_MAX_RECORDS;
    const maxBytes = this.options.batchMaxBytes ?? DEFAULT_BATCH_MAX_BYTES;
    if (!this.journal.isEmpty) {
      const entries = this.journal.peek(limit, maxBytes);
      return {
        source: 'journal',
        records: entries.map((entry) => entry.record),
        endOffset: entries[entries.length - 1].endOffset,
      };
    }
    if (this.overflow.length > 0)
      return { source: 'overflow', records: front(this.overflow, limit, maxBytes), endOffset: 0 };
    if (this.memory.length > 0)
      return { source: 'memory', records: front(this.memory, limit, maxBytes), endOffset: 0 };
    return undefined;
  }

  private async run(): Promise<void> {
    while (this.running) {
      const batch = this.nextBatch();
      if (batch === undefined) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        this.wake = undefined;
        continue;
      }
      const spillTimer = setTimeout(() => this.spillSlowSend(), this.options.spillAfterMs ?? 1_000);
      try {
        await this.sink.send(batch.records);
      } catch (error) {
        this.failures += 1;
        this.observer.sendFailed(error);
        if (!this.degraded)
          this.logger.warn({ err: error }, 'Kafka delivery failed: journaling until it answers');
        this.degraded = true;
        this.spillMemory();
        const base = this.options.retryDelayMs ?? 200;
        await sleep(Math.min(this.options.maxRetryDelayMs ?? 2_000, base * 2 ** Math.min(this.failures, 6)));
        continue;
      } finally {
        clearTimeout(spillTimer);
      }
      this.failures = 0;
      this.acknowledge(batch.source, batch.records.length, batch.endOffset);
      this.observer.delivered(batch.records);
      if (this.degraded && this.pending() === 0) {
        this.degraded = false;
        this.logger.info('Kafka backlog drained');
      }
    }
  }

  private acknowledge(source: Source, count: number, endOffset: number): void {
    switch (source) {
      case 'journal':
        this.journal.acknowledge(endOffset, count);
        // Space freed: records waiting in memory for the journal go there, still in order.
        if (this.overflow.length > 0 && this.journal.fits(this.overflowBytes)) {
          const waiting = this.overflow;
          this.overflow = [];
          this.overflowBytes = 0;
          this.journal.append(waiting.map((entry) => entry.record));
        }
        return;
      case 'overflow':
        this.overflowBytes -= bytesOf(this.overflow.splice(0, count));
        return;
      case 'memory':
        this.memoryBytes -= bytesOf(this.memory.splice(0, count));
        return;
    }
  }
}

/** The first records of `held`: at most `limit`, and at most `maxBytes` unless the first alone is larger. */
function front(held: readonly HeldRecord[], limit: number, maxBytes: number): OutboxRecord[] {
  const records: OutboxRecord[] = [];
  let bytes = 0;
  for (const entry of held) {
    if (records.length === limit || (records.length > 0 && bytes + entry.bytes > maxBytes)) break;
    records.push(entry.record);
    bytes += entry.bytes;
  }
  return records;
}

function bytesOf(held: readonly HeldRecord[]): number {
  return held.reduce((sum, entry) => sum + entry.bytes, 0);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
