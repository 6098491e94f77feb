import { ErrorCode } from '../protocol/error-codes';
import { BatchProblem, splitRecordBatches } from '../protocol/record-batch-header';
import { WireWriter } from '../protocol/wire-writer';
import { BrokerContext, RequestHandler } from './broker-context';

interface PartitionResult {
  readonly partition: number;
  readonly errorCode: ErrorCode;
  readonly baseOffset: number;
  readonly logStartOffset: number;
}

const PROBLEM_CODES: Record<BatchProblem, ErrorCode> = {
  truncated: ErrorCode.CORRUPT_MESSAGE,
  'bad-crc': ErrorCode.CORRUPT_MESSAGE,
  'bad-offset-delta': ErrorCode.CORRUPT_MESSAGE,
  'unsupported-magic': ErrorCode.UNSUPPORTED_FOR_MESSAGE_FORMAT,
  transactional: ErrorCode.INVALID_REQUEST,
  control: ErrorCode.INVALID_REQUEST,
};

/**
 * Produce v7. Batches are stored as they came (compressed or not) once their CRC and
 * header check out; the broker writes the base offset in. With one broker, acks=1 and
 * acks=-1 both answer after the write; acks=0 gets no answer at all.
 */
export const handleProduce: RequestHandler = (reader, _request, broker) => {
  reader.nullableString('transactional_id');
  const acks = reader.int16('acks');
  reader.int32('timeout');
  const topics = reader.array(
    (r) => ({
      topic: r.string('topic'),
      partitions: r.array((p) => ({
        partition: p.int32('partition'),
        records: p.nullableBytes('record_set'),
      })),
    }),
    'topic_data',
  );
  const validAcks = acks === 0 || acks === 1 || acks === -1;
  const results = topics.map(({ topic, partitions }) => ({
    topic,
    partitions: partitions.map(({ partition, records }): PartitionResult => {
      if (!validAcks) return failure(partition, ErrorCode.INVALID_REQUIRED_ACKS);
      return appendPartition(broker, topic, partition, records);
    }),
  }));
  if (acks === 0) return null;

  const writer = new WireWriter();
  writer.array(results, (w, { topic, partitions }) => {
    w.string(topic).array(partitions, (pw, result) => {
      pw.int32(result.partition)
        .int16(result.errorCode)
        .int64(result.baseOffset)
        .int64(-1)
        .int64(result.logStartOffset);
    });
  });
  return writer.int32(0);
};

function failure(partition: number, errorCode: ErrorCode): PartitionResult {
  return { partition, errorCode, baseOffset: -1, logStartOffset: -1 };
}

function appendPartition(
  broker: BrokerContext,
  topic: string,
  partition: number,
  records: Buffer | null,
): PartitionResult {
  const log = broker.topics.partition(topic, partition);
  if (!log) return failure(partition, ErrorCode.UNKNOWN_TOPIC_OR_PARTITION);
  if (!records || records.length === 0) return failure(partition, ErrorCode.CORRUPT_MESSAGE);
  const split = splitRecordBatches(records);
  if (!split.ok) return failure(partition, PROBLEM_CODES[split.problem]);
  let firstOffset = -1;
  for (const { header, bytes } of split.batches) {
    const outcome = log.append(bytes, header);
    if (outcome.errorCode !== ErrorCode.NONE) return failure(partition, outcome.errorCode);
    if (firstOffset < 0) firstOffset = outcome.baseOffset;
  }
  return {
    partition,
    errorCode: ErrorCode.NONE,
    baseOffset: firstOffset,
    logStartOffset: log.logStartOffset,
  };
}
