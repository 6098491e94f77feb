import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileJournal } from './file-journal';
import { ObservationOutbox, OutboxSink } from './observation-outbox';
import { OutboxRecord } from './outbox-record';

/** A dead letter is the smallest record; its `value` says which one it is. */
function record(index: number, reason = 'spec'): OutboxRecord {
  return {
    kind: 'dead-letter',
    topic: 't',
    key: `a:${index % 3}`,
    value: `r${index}`,
    reason,
    origin: 'spec',
    receivedAt: index,
  };
}

/** A Kafka stand-in whose sends hang until released (a broker gone silent). */
class HangingSink implements OutboxSink {
  readonly delivered: string[] = [];
  private release: (() => void) | undefined;
  hanging = true;
  send(records: readonly OutboxRecord[]): Promise<void> {
    const deliver = () => {
      for (const item of records) if (item.kind === 'dead-letter') this.delivered.push(item.value);
    };
    if (!this.hanging) {
      deliver();
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.release = () => {
        deliver();
        resolve();
      };
    });
  }
  answer(): void {
    this.hanging = false;
    this.release?.();
  }
}

/** A Kafka stand-in that can be switched off, and keeps what it acknowledged. */
class SwitchableSink implements OutboxSink {
  up = true;
  readonly delivered: string[] = [];
  send(records: readonly OutboxRecord[]): Promise<void> {
    if (!this.up) return Promise.reject(new Error('broker unavailable'));
    for (const item of records) if (item.kind === 'dead-letter') this.delivered.push(item.value);
    return Promise.resolve();
  }
}

/** A Kafka stand-in that keeps every batch it was sent, as sent. */
class RecordingSink implements OutboxSink {
  readonly batches: OutboxRecord[][] = [];
  send(records: readonly OutboxRecord[]): Promise<void> {
    this.batches.push([...records]);
    return Promise.resolve();
  }
  get delivered(): string[] {
    return this.batches.flat().map((item) => (item.kind === 'dead-letter' ? item.value : ''));
  }
}

const lineBytes = (records: readonly OutboxRecord[]) =>
  records.reduce((sum, item) => sum + FileJournal.lineBytes(item), 0);

async function until(probe: () => boolean, what: string): Promise<void> {
  const started = Date.now();
  while (!probe()) {
    if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('observation outbox and its journal (local disk)', () => {
  let dir: string;
  const observer = { delivered: () => undefined, sendFailed: () => undefined, journalFull: jest.fn() };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'outbox-spec-'));
    observer.journalFull.mockClear();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const outbox = (sink: OutboxSink, maxBytes = 1024 * 1024, bufferMaxRecords = 1000) =>
    new ObservationOutbox(
      new FileJournal<OutboxRecord>(dir, maxBytes),
      sink,
      { bufferMaxRecords, retryDelayMs: 5, maxRetryDelayMs: 20 },
      observer,
    );

  it('while the sink is down, records go to the journal; when it is back, all arrive in order', async () => {
    const sink = new SwitchableSink();
    const box = outbox(sink);
    box.start();
    box.enqueue([record(0)]);
    await until(() => sink.delivered.length === 1, 'the first record');
    sink.up = false;
    for (let index = 1; index <= 50; index += 1) box.enqueue([record(index)]);
    await until(
      () => box.state().degraded && box.state().journalDepth === 50,
      'the journal to hold the backlog',
    );
    sink.up = true;
    await until(() => sink.delivered.length === 51, 'the backlog to drain');
    expect(sink.delivered).toEqual(Array.from({ length: 51 }, (_, index) => `r${index}`));
    expect(box.state()).toMatchObject({ journalDepth: 0, degraded: false, memoryDepth: 0 });
    await box.stop();
  });

  it('a restart finds the journal (cut at its last whole line) and sends it before anything new', async () => {
    const down = new SwitchableSink();
    down.up = false;
    const first = outbox(down);
    first.start();
    first.enqueue([record(1), record(2), record(3)]);
    await until(() => first.state().journalDepth === 3, 'the journal');
    await first.stop(0);
    // A kill in the middle of a write leaves half a line.
    appendFileSync(join(dir, 'journal.jsonl'), '{"kind":"dead-le');
    const sink = new SwitchableSink();
    const second = outbox(sink);
    expect(second.state()).toMatchObject({ journalDepth: 3, degraded: true });
    second.enqueue([record(4)]);
    second.start();
    await until(() => sink.delivered.length === 4, 'everything');
    expect(sink.delivered).toEqual(['r1', 'r2', 'r3', 'r4']);
    await second.stop();
  });

  it('a partly delivered journal resumes after the acknowledged records', () => {
    const journal = new FileJournal<OutboxRecord>(dir, 1024 * 1024);
    journal.append([record(1), record(2), record(3)]);
    const [first] = journal.peek(1);
    journal.acknowledge(first.endOffset, 1);
    journal.close();
    expect(readFileSync(join(dir, 'journal.cursor'), 'utf8')).toBe(String(first.endOffset));
    const reopened = new FileJournal<OutboxRecord>(dir, 1024 * 1024);
    expect(reopened.peek(10).map((entry) => (entry.record as { value: string }).value)).toEqual(['r2', 'r3']);
    reopened.close();
  });

  it('a journal larger than its read chunk reopens with the right depth and order', () => {
    const big = (index: number): OutboxRecord => record(index, 'x'.repeat(900));
    const journal = new FileJournal<OutboxRecord>(dir, 64 * 1024 * 1024);
    journal.append(Array.from({ length: 3_000 }, (_, index) => big(index)));
    const head = journal.peek(1_234);
    journal.acknowledge(head[head.length - 1].endOffset, head.length);
    journal.close();
    expect(journal.bytes).toBeGreaterThan(1024 * 1024);
    const reopened = new FileJournal<OutboxRecord>(dir, 64 * 1024 * 1024);
    expect(reopened.depth).toBe(3_000 - 1_234);
    expect(reopened.peek(1).map((entry) => (entry.record as { value: string }).value)).toEqual(['r1234']);
    reopened.close();
  });

  it('peek stops at the byte limit, but always returns the first record even when it alone is larger', () => {
    const journal = new FileJournal<OutboxRecord>(dir, 1024 * 1024);
    const records = Array.from({ length: 20 }, (_, index) => record(index, 'x'.repeat(100)));
    journal.append(records);
    const lineSize = FileJournal.lineBytes(records[0]);
    const head = journal.peek(500, lineSize * 5 + lineSize - 1);
    expect(head.map((entry) => (entry.record as { value: string }).value)).toEqual([
      'r0',
      'r1',
      'r2',
      'r3',
      'r4',
    ]);
    expect(head[head.length - 1].endOffset).toBe(lineSize * 5);
    expect(journal.peek(500, 1).map((entry) => (entry.record as { value: string }).value)).toEqual(['r0']);
    journal.close();
  });

  it('memory past bufferMaxBytes spills to the journal though the record count is far from its limit', async () => {
    const sink = new HangingSink();
    const bufferMaxBytes = 2_000;
    const box = new ObservationOutbox(
      new FileJournal<OutboxRecord>(dir, 1024 * 1024),
      sink,
      { bufferMaxRecords: 1_000, bufferMaxBytes, spillAfterMs: 60_000 },
      observer,
    );
    box.start();
    const records = Array.from({ length: 40 }, (_, index) => record(index, 'x'.repeat(60)));
    expect(lineBytes(records)).toBeGreaterThan(bufferMaxBytes);
    for (const item of records) {
      box.enqueue([item]);
      expect(box.state().memoryBytes).toBeLessThanOrEqual(bufferMaxBytes);
    }
    expect(box.state().journalDepth).toBeGreaterThan(0);
    expect(box.state().memoryDepth + box.state().journalDepth).toBe(40);
    sink.answer();
    await until(
      () => box.state().journalDepth === 0 && box.state().memoryDepth === 0,
      'the backlog to drain',
    );
    const firstSeen = sink.delivered.filter((value, index) => sink.delivered.indexOf(value) === index);
    expect(firstSeen).toEqual(Array.from({ length: 40 }, (_, index) => `r${index}`));
    expect(box.state().memoryBytes).toBe(0);
    await box.stop();
  });

  it('a backlog drains in sends of at most batchMaxBytes, in order', async () => {
    const down = new SwitchableSink();
    down.up = false;
    const first = outbox(down);
    first.start();
    first.enqueue(Array.from({ length: 300 }, (_, index) => record(index, 'x'.repeat(200))));
    await until(() => first.state().journalDepth === 300, 'the journal');
    await first.stop(0);
    const sink = new RecordingSink();
    const batchMaxBytes = 4_096;
    const second = new ObservationOutbox(
      new FileJournal<OutboxRecord>(dir, 1024 * 1024),
      sink,
      { bufferMaxRecords: 1_000, batchMaxBytes },
      observer,
    );
    second.start();
    await until(() => second.state().journalDepth === 0, 'the backlog to drain');
    expect(sink.delivered).toEqual(Array.from({ length: 300 }, (_, index) => `r${index}`));
    expect(sink.batches.length).toBeGreaterThan(1);
    for (const batch of sink.batches) expect(lineBytes(batch)).toBeLessThanOrEqual(batchMaxBytes);
    await second.stop();
  });

  it('a full journal raises the alarm and keeps the records in memory, never dropping one', async () => {
    const sink = new SwitchableSink();
    sink.up = false;
    const box = outbox(sink, 600);
    box.start();
    for (let index = 0; index < 20; index += 1) box.enqueue([record(index)]);
    await until(() => box.state().journalFull, 'the journal to be full');
    expect(observer.journalFull).toHaveBeenCalled();
    expect(box.state().journalDepth + box.state().overflowDepth + box.state().memoryDepth).toBe(20);
    sink.up = true;
    await until(() => sink.delivered.length === 20, 'everything');
    expect(sink.delivered).toEqual(Array.from({ length: 20 }, (_, index) => `r${index}`));
    expect(box.state().journalFull).toBe(false);
    await box.stop();
  });

  it('a send left unanswered past spillAfterMs moves memory to the journal; all arrive in order once Kafka answers', async () => {
    const sink = new HangingSink();
    const box = new ObservationOutbox(
      new FileJournal<OutboxRecord>(dir, 1024 * 1024),
      sink,
      { bufferMaxRecords: 1000, spillAfterMs: 50 },
      observer,
    );
    box.start();
    box.enqueue([record(0), record(1)]);
    for (let index = 2; index < 40; index += 1) box.enqueue([record(index)]);
    await until(() => box.state().degraded, 'the slow send to be noticed');
    // Nothing waits in memory: the batch in flight and everything after it is on disk.
    expect(box.state()).toMatchObject({ memoryDepth: 0, journalDepth: 40 });
    box.enqueue([record(40)]);
    expect(box.state()).toMatchObject({ memoryDepth: 0, journalDepth: 41 });
    sink.answer();
    await until(() => box.state().journalDepth === 0 && !box.state().degraded, 'the backlog to drain');
    // The batch in flight was delivered, then sent again from the journal (same records:
    // consumers de-duplicate by eventId); every record arrives, in order.
    const firstSeen = sink.delivered.filter((value, index) => sink.delivered.indexOf(value) === index);
    expect(firstSeen).toEqual(Array.from({ length: 41 }, (_, index) => `r${index}`));
    await box.stop();
  });

  it('stop journals what Kafka did not take', async () => {
    const sink = new SwitchableSink();
    sink.up = false;
    const box = outbox(sink, 1024 * 1024, 1000);
    box.start();
    box.enqueue([record(7), record(8)]);
    await box.stop(50);
    const reopened = new FileJournal<OutboxRecord>(dir, 1024 * 1024);
    expect(reopened.depth).toBe(2);
    reopened.close();
  });
});
