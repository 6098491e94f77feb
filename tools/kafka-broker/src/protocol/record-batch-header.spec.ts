import { encodeRecordBatch } from '../test-support/kafkajs-record-batch';
import { assignBaseOffset, readBatchHeader, splitRecordBatches } from './record-batch-header';

describe('record batches as kafkajs sends them', () => {
  it('reads the header fields the broker relies on', async () => {
    const batch = await encodeRecordBatch({
      values: ['a', 'b', 'c'],
      producerId: 4000,
      producerEpoch: 2,
      firstSequence: 17,
    });
    const header = readBatchHeader(batch);
    expect(header).toMatchObject({
      baseOffset: 0,
      totalSize: batch.length,
      magic: 2,
      lastOffsetDelta: 2,
      recordCount: 3,
      producerId: 4000,
      producerEpoch: 2,
      baseSequence: 17,
      maxTimestamp: 1_700_000_000_000,
    });
  });

  it('splits a record set of several batches, gzip included', async () => {
    const plain = await encodeRecordBatch({ values: ['a'] });
    const gzipped = await encodeRecordBatch({ values: ['b'.repeat(300), 'c'.repeat(300)], compression: 1 });
    const split = splitRecordBatches(Buffer.concat([plain, gzipped]));
    expect(split.ok).toBe(true);
    if (split.ok) expect(split.batches.map((batch) => batch.header.recordCount)).toEqual([1, 2]);
  });

  it('names what is wrong with a damaged batch', async () => {
    const batch = await encodeRecordBatch({ values: ['hello'] });
    const flipped = Buffer.from(batch);
    flipped[flipped.length - 1] ^= 0xff;
    expect(splitRecordBatches(flipped)).toEqual({ ok: false, problem: 'bad-crc' });
    expect(splitRecordBatches(batch.subarray(0, batch.length - 1))).toEqual({
      ok: false,
      problem: 'truncated',
    });
    const oldMagic = Buffer.from(batch);
    oldMagic[16] = 1;
    expect(splitRecordBatches(oldMagic)).toEqual({ ok: false, problem: 'unsupported-magic' });
    const transactional = await encodeRecordBatch({ values: ['t'], transactional: true, producerId: 1 });
    expect(splitRecordBatches(transactional)).toEqual({ ok: false, problem: 'transactional' });
  });

  it('assigns the base offset without invalidating the CRC', async () => {
    const batch = await encodeRecordBatch({ values: ['a', 'b'] });
    assignBaseOffset(batch, 123_456_789_012);
    expect(readBatchHeader(batch).baseOffset).toBe(123_456_789_012);
    expect(splitRecordBatches(batch).ok).toBe(true);
  });
});
