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
  readonly batchMaxRecords?: number;
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
  readonly journalDepth: number;
  readonly journalBytes: number;
  /** Records that found the journal full and wait in memory (an alarm). */
  readonly overflowDepth: number;
  readonly journalFull: boolean;
  /** Kafka failed its last delivery: new records are written to the journal first. */
  readonly degraded: boolean;
}

type Source = 'journal' | 'overflow' | 'memory';

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
  private memory: OutboxRecord[] = [];
  private overflow: OutboxRecord[] = [];
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
      this.memory.push(...records);
      if (this.memory.length > this.options.bufferMaxRecords) this.spillMemory();
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
    this.overflow.push(...records);
    this.observer.journalFull();
  }

  private spillMemory(): void {
    if (this.memory.length === 0) return;
    const records = this.memory;
    this.memory = [];
    this.persist(records);
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

  private nextBatch(): { source: Source; records: OutboxRecord[]; endOffset: number } | undefined {
    const limit = this.options.batchMaxRecords ?? 500;
    if (!this.journal.isEmpty) {
      const entries = this.journal.peek(limit);
      return {
        source: 'journal',
        records: entries.map((entry) => entry.record),
        endOffset: entries[entries.length - 1].endOffset,
      };
    }
    if (this.overflow.length > 0)
      return { source: 'overflow', records: this.overflow.slice(0, limit), endOffset: 0 };
    if (this.memory.length > 0)
      return { source: 'memory', records: this.memory.slice(0, limit), endOffset: 0 };
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
        if (this.overflow.length > 0 && this.journal.fits(this.overflow)) {
          const waiting = this.overflow;
          this.overflow = [];
          this.journal.append(waiting);
        }
        return;
      case 'overflow':
        this.overflow.splice(0, count);
        return;
      case 'memory':
        this.memory.splice(0, count);
        return;
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
