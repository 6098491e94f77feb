import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode } from '../protocol/error-codes';
import { readBatchHeader, splitRecordBatches } from '../protocol/record-batch-header';
import { encodeRecordBatch } from '../test-support/kafkajs-record-batch';
import { PartitionLog, RetentionPolicy } from './partition-log';

const keepAll: RetentionPolicy = { retentionBytes: -1, retentionMs: -1, segmentBytes: 1024 };

describe('PartitionLog on disk', () => {
  let directory: string;
  const open: PartitionLog[] = [];

  function openLog(policy: RetentionPolicy = keepAll): PartitionLog {
    const log = new PartitionLog(directory, policy);
    open.push(log);
    return log;
  }

  async function append(log: PartitionLog, values: string[], producer?: { id: number; sequence: number }) {
    const bytes = await encodeRecordBatch({
      values,
      producerId: producer?.id,
      firstSequence: producer?.sequence,
    });
    return log.append(bytes, readBatchHeader(bytes));
  }

  function offsetsIn(chunks: Buffer[]): number[] {
    const split = splitRecordBatches(Buffer.concat(chunks));
    if (!split.ok) throw new Error(split.problem);
    return split.batches.map((batch) => batch.header.baseOffset);
  }

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'oms-partition-log-'));
  });

  afterEach(() => {
    for (const log of open.splice(0)) log.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('assigns consecutive offsets and reads whole batches across segments', async () => {
    const log = openLog();
    for (let index = 0; index < 20; index += 1) await append(log, [`v${index}-${'x'.repeat(100)}`, 'second']);
    expect(log.logEndOffset).toBe(40);
    expect(readdirSync(directory).length).toBeGreaterThan(2);
    expect(offsetsIn(log.read(0, 10_000_000, Infinity))).toEqual(
      Array.from({ length: 20 }, (_, index) => index * 2),
    );
    expect(offsetsIn(log.read(21, 10_000_000, Infinity))[0]).toBe(20);
    expect(offsetsIn(log.read(0, 10, Infinity))).toEqual([0]);
    expect(log.read(0, 10, 0)).toEqual([]);
    expect(offsetsIn(log.read(0, 10, 10_000))).toEqual([0]);
  });

  it('comes back after a restart with its offsets, and cuts a torn last batch', async () => {
    const first = openLog();
    for (let index = 0; index < 5; index += 1) await append(first, [`v${index}`]);
    first.close();
    open.splice(0);
    const lastSegment = readdirSync(directory).sort().at(-1)!;
    appendFileSync(join(directory, lastSegment), Buffer.alloc(70, 1));

    const reopened = openLog();
    expect(reopened.logEndOffset).toBe(5);
    expect(offsetsIn(reopened.read(0, 1_000_000, Infinity))).toEqual([0, 1, 2, 3, 4]);
    const next = await append(reopened, ['after']);
    expect(next).toMatchObject({ errorCode: ErrorCode.NONE, baseOffset: 5 });
  });

  it('still recognises an idempotent retry after a restart', async () => {
    const first = openLog();
    await append(first, ['a', 'b'], { id: 5000, sequence: 0 });
    first.close();
    open.splice(0);

    const reopened = openLog();
    expect(reopened.maxProducerId).toBe(5000);
    expect(await append(reopened, ['a', 'b'], { id: 5000, sequence: 0 })).toEqual({
      errorCode: ErrorCode.NONE,
      baseOffset: 0,
      duplicate: true,
    });
    expect(await append(reopened, ['c'], { id: 5000, sequence: 5 })).toEqual({
      errorCode: ErrorCode.OUT_OF_ORDER_SEQUENCE_NUMBER,
    });
    expect(reopened.logEndOffset).toBe(2);
  });

  it('removes segments older than the retention time, keeping the offsets going', async () => {
    const log = openLog({ retentionBytes: -1, retentionMs: 60_000, segmentBytes: 1024 });
    for (let index = 0; index < 10; index += 1) await append(log, ['y'.repeat(300)]);
    const batchTime = 1_700_000_000_000;
    expect(log.applyRetention(batchTime + 30_000)).toBe(0);
    expect(log.applyRetention(batchTime + 61_000)).toBeGreaterThan(0);
    expect(log.logStartOffset).toBe(10);
    expect(log.logEndOffset).toBe(10);
    expect(await append(log, ['z'])).toMatchObject({ baseOffset: 10 });
  });

  it('removes the oldest segments beyond the retention size', async () => {
    const log = openLog({ retentionBytes: 2048, retentionMs: -1, segmentBytes: 1024 });
    for (let index = 0; index < 20; index += 1) await append(log, ['w'.repeat(300)]);
    const before = log.sizeInBytes;
    log.applyRetention(Date.now());
    // Kafka keeps at least retentionBytes: removing one more segment would go below it.
    expect(log.sizeInBytes).toBeGreaterThanOrEqual(2048);
    expect(log.sizeInBytes).toBeLessThan(2048 + 1024);
    expect(log.sizeInBytes).toBeLessThan(before);
    expect(log.logStartOffset).toBeGreaterThan(0);
    expect(offsetsIn(log.read(log.logStartOffset, 1_000_000, Infinity))[0]).toBe(log.logStartOffset);
  });

  it('finds the first batch at or after a timestamp', async () => {
    const log = openLog();
    await append(log, ['a']);
    expect(log.offsetForTimestamp(1_700_000_000_000)).toEqual({ offset: 0, timestamp: 1_700_000_000_000 });
    expect(log.offsetForTimestamp(1_800_000_000_000)).toBeUndefined();
  });
});
