import { crc32c } from './crc32c';

/** Byte positions of the record batch v2 header (magic 2). */
export const BatchField = {
  baseOffset: 0,
  batchLength: 8,
  partitionLeaderEpoch: 12,
  magic: 16,
  crc: 17,
  attributes: 21,
  lastOffsetDelta: 23,
  baseTimestamp: 27,
  maxTimestamp: 35,
  producerId: 43,
  producerEpoch: 51,
  baseSequence: 53,
  recordCount: 57,
} as const;

export const RECORD_BATCH_HEADER_SIZE = 61;
/** baseOffset and batchLength precede what batchLength counts. */
export const BATCH_LENGTH_PREFIX = 12;

const TRANSACTIONAL_FLAG = 0x10;
const CONTROL_FLAG = 0x20;

export interface RecordBatchHeader {
  readonly baseOffset: number;
  /** The whole batch in bytes, prefix included. */
  readonly totalSize: number;
  readonly magic: number;
  readonly crc: number;
  readonly attributes: number;
  readonly lastOffsetDelta: number;
  readonly baseTimestamp: number;
  readonly maxTimestamp: number;
  readonly producerId: number;
  readonly producerEpoch: number;
  readonly baseSequence: number;
  readonly recordCount: number;
}

export type BatchProblem =
  'truncated' | 'unsupported-magic' | 'bad-crc' | 'bad-offset-delta' | 'transactional' | 'control';

export function readBatchHeader(buffer: Buffer, at = 0): RecordBatchHeader {
  return {
    baseOffset: Number(buffer.readBigInt64BE(at + BatchField.baseOffset)),
    totalSize: BATCH_LENGTH_PREFIX + buffer.readInt32BE(at + BatchField.batchLength),
    magic: buffer.readInt8(at + BatchField.magic),
    crc: buffer.readUInt32BE(at + BatchField.crc),
    attributes: buffer.readInt16BE(at + BatchField.attributes),
    lastOffsetDelta: buffer.readInt32BE(at + BatchField.lastOffsetDelta),
    baseTimestamp: Number(buffer.readBigInt64BE(at + BatchField.baseTimestamp)),
    maxTimestamp: Number(buffer.readBigInt64BE(at + BatchField.maxTimestamp)),
    producerId: Number(buffer.readBigInt64BE(at + BatchField.producerId)),
    producerEpoch: buffer.readInt16BE(at + BatchField.producerEpoch),
    baseSequence: buffer.readInt32BE(at + BatchField.baseSequence),
    recordCount: buffer.readInt32BE(at + BatchField.recordCount),
  };
}

/** Splits a produced record set into its batches, or names what is wrong with it. */
export function splitRecordBatches(
  records: Buffer,
):
  | { ok: true; batches: { header: RecordBatchHeader; bytes: Buffer }[] }
  | { ok: false; problem: BatchProblem } {
  const batches: { header: RecordBatchHeader; bytes: Buffer }[] = [];
  let at = 0;
  while (at < records.length) {
    if (records.length - at < RECORD_BATCH_HEADER_SIZE) return { ok: false, problem: 'truncated' };
    const header = readBatchHeader(records, at);
    if (header.magic !== 2) return { ok: false, problem: 'unsupported-magic' };
    if (header.totalSize < RECORD_BATCH_HEADER_SIZE || at + header.totalSize > records.length) {
      return { ok: false, problem: 'truncated' };
    }
    if (header.lastOffsetDelta < 0 || header.recordCount <= 0)
      return { ok: false, problem: 'bad-offset-delta' };
    if (header.attributes & CONTROL_FLAG) return { ok: false, problem: 'control' };
    if (header.attributes & TRANSACTIONAL_FLAG) return { ok: false, problem: 'transactional' };
    if (crc32c(records, at + BatchField.attributes, at + header.totalSize) !== header.crc) {
      return { ok: false, problem: 'bad-crc' };
    }
    batches.push({ header, bytes: records.subarray(at, at + header.totalSize) });
    at += header.totalSize;
  }
  return { ok: true, batches };
}

/** The broker owns offsets: the producer's baseOffset (always 0 from kafkajs) is replaced. CRC does not cover it. */
export function assignBaseOffset(batch: Buffer, baseOffset: number): void {
  batch.writeBigInt64BE(BigInt(baseOffset), BatchField.baseOffset);
}
