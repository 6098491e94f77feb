/**
 * Builds record batches with kafkajs's own encoder, so the broker's parsing is checked
 * against what the client really sends. kafkajs ships no types for these internals.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const { RecordBatch } = require('kafkajs/src/protocol/recordBatch/v0') as {
  RecordBatch: (options: Record<string, unknown>) => Promise<{ buffer: Buffer }>;
};
const Record = require('kafkajs/src/protocol/recordBatch/record/v0') as (
  options: Record<string, unknown>,
) => unknown;
const Long = require('kafkajs/src/utils/long') as { fromValue(value: number): unknown };
/* eslint-enable @typescript-eslint/no-require-imports */

export interface BatchSpec {
  readonly values: readonly string[];
  readonly producerId?: number;
  readonly producerEpoch?: number;
  readonly firstSequence?: number;
  readonly compression?: number;
  readonly transactional?: boolean;
}

export async function encodeRecordBatch(spec: BatchSpec): Promise<Buffer> {
  const records = spec.values.map((value, index) =>
    Record({ offsetDelta: index, key: null, value: Buffer.from(value) }),
  );
  const encoder = await RecordBatch({
    records,
    lastOffsetDelta: spec.values.length - 1,
    firstTimestamp: 1_700_000_000_000,
    maxTimestamp: 1_700_000_000_000,
    producerId: Long.fromValue(spec.producerId ?? -1),
    producerEpoch: spec.producerEpoch ?? 0,
    firstSequence: spec.firstSequence ?? 0,
    compression: spec.compression ?? 0,
    transactional: spec.transactional ?? false,
  });
  return encoder.buffer;
}
