import { ErrorCode } from '../protocol/error-codes';
import { WireReader } from '../protocol/wire-reader';
import { WireWriter } from '../protocol/wire-writer';
import { PartitionLog } from '../storage/partition-log';
import { BrokerContext, RequestHandler } from './broker-context';

interface FetchPartition {
  readonly partition: number;
  readonly fetchOffset: number;
  readonly maxBytes: number;
}

interface FetchRequest {
  readonly maxWaitMs: number;
  readonly minBytes: number;
  readonly maxBytes: number;
  readonly topics: readonly { topic: string; partitions: readonly FetchPartition[] }[];
}

interface PartitionAnswer {
  readonly partition: number;
  readonly errorCode: ErrorCode;
  readonly highWatermark: number;
  readonly logStartOffset: number;
  readonly records: Buffer[];
}

type FetchAnswer = { topic: string; partitions: PartitionAnswer[] }[];

function readFetchRequest(reader: WireReader): FetchRequest {
  reader.int32('replica_id');
  const maxWaitMs = reader.int32('max_wait_ms');
  const minBytes = reader.int32('min_bytes');
  const maxBytes = reader.int32('max_bytes');
  reader.int8('isolation_level');
  reader.int32('session_id');
  reader.int32('session_epoch');
  const topics = reader.array(
    (r) => ({
      topic: r.string('topic'),
      partitions: r.array((p): FetchPartition => {
        const partition = p.int32('partition');
        p.int32('current_leader_epoch');
        const fetchOffset = p.int64('fetch_offset');
        p.int64('log_start_offset');
        return { partition, fetchOffset, maxBytes: p.int32('partition_max_bytes') };
      }),
    }),
    'topics',
  );
  reader.array(
    (r) => ({ topic: r.string(), partitions: r.array((p) => p.int32()) }),
    'forgotten_topics_data',
  );
  reader.string('rack_id');
  return { maxWaitMs, minBytes, maxBytes, topics };
}

function collect(
  request: FetchRequest,
  broker: BrokerContext,
): { answer: FetchAnswer; bytes: number; failed: boolean } {
  let budget = Math.max(request.maxBytes, 0);
  let bytes = 0;
  let failed = false;
  const answer = request.topics.map(({ topic, partitions }) => ({
    topic,
    partitions: partitions.map(({ partition, fetchOffset, maxBytes }): PartitionAnswer => {
      const log = broker.topics.partition(topic, partition);
      if (!log) {
        failed = true;
        return {
          partition,
          errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
          highWatermark: -1,
          logStartOffset: -1,
          records: [],
        };
      }
      const base = { partition, highWatermark: log.logEndOffset, logStartOffset: log.logStartOffset };
      if (fetchOffset < log.logStartOffset || fetchOffset > log.logEndOffset) {
        failed = true;
        return { ...base, errorCode: ErrorCode.OFFSET_OUT_OF_RANGE, records: [] };
      }
      if (fetchOffset === log.logEndOffset || budget <= 0)
        return { ...base, errorCode: ErrorCode.NONE, records: [] };
      // The first batch of a partition goes out whole even past the partition limit while
      // the response has room, and always for the first partition with data (Kafka's rule).
      const records = log.read(fetchOffset, Math.min(maxBytes, budget), bytes === 0 ? Infinity : budget);
      const size = records.reduce((sum, chunk) => sum + chunk.length, 0);
      budget -= size;
      bytes += size;
      return { ...base, errorCode: ErrorCode.NONE, records };
    }),
  }));
  return { answer, bytes, failed };
}

function waitForData(request: FetchRequest, broker: BrokerContext, closed: Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => {
    const unsubscribers: (() => void)[] = [];
    let done = false;
    const finish = (): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      for (const unsubscribe of unsubscribers) unsubscribe();
      resolve();
    };
    const logs = request.topics.flatMap(({ topic, partitions }) =>
      partitions
        .map(({ partition }) => broker.topics.partition(topic, partition))
        .filter((log): log is PartitionLog => log !== undefined),
    );
    for (const log of logs) {
      unsubscribers.push(
        log.onAppend(() => {
          if (request.minBytes <= 1) return finish();
          // A partition gone (its topic deleted) answers at once with its error.
          const collected = collect(request, broker);
          if (collected.failed || collected.bytes >= request.minBytes) finish();
        }),
      );
    }
    const timer = setTimeout(finish, request.maxWaitMs);
    void closed.then(finish);
  });
}

/**
 * Fetch v11, sessionless. It answers at once when min_bytes are available or a
 * partition has an error, otherwise it waits for appends until max_wait_ms. No
 * transactions exist here, so the last stable offset equals the high watermark and
 * the aborted-transaction list is always empty.
 */
export const handleFetch: RequestHandler = async (reader, request, broker) => {
  const fetch = readFetchRequest(reader);
  let collected = collect(fetch, broker);
  if (!collected.failed && collected.bytes < Math.max(fetch.minBytes, 1) && fetch.maxWaitMs > 0) {
    await waitForData(fetch, broker, request.closed);
    collected = collect(fetch, broker);
  }
  const writer = new WireWriter().int32(0).int16(ErrorCode.NONE).int32(0);
  writer.array(collected.answer, (w, { topic, partitions }) => {
    w.string(topic).array(partitions, (pw, answer) => {
      pw.int32(answer.partition)
        .int16(answer.errorCode)
        .int64(answer.highWatermark)
        .int64(answer.highWatermark)
        .int64(answer.logStartOffset)
        .int32(0)
        .int32(-1)
        .chunkedBytes(answer.records);
    });
  });
  return writer;
};
