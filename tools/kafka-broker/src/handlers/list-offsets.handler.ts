import { ErrorCode } from '../protocol/error-codes';
import { WireWriter } from '../protocol/wire-writer';
import { RequestHandler } from './broker-context';

const LATEST = -1;
const EARLIEST = -2;

/**
 * ListOffsets v3. Without transactions the last stable offset is the log end, so both
 * isolation levels see the same latest offset. A timestamp lookup answers at batch
 * granularity: the first batch holding a record at or after the time.
 */
export const handleListOffsets: RequestHandler = (reader, _request, broker) => {
  reader.int32('replica_id');
  reader.int8('isolation_level');
  const topics = reader.array(
    (r) => ({
      topic: r.string('topic'),
      partitions: r.array((p) => ({ partition: p.int32('partition'), timestamp: p.int64('timestamp') })),
    }),
    'topics',
  );
  const writer = new WireWriter().int32(0);
  writer.array(topics, (w, { topic, partitions }) => {
    w.string(topic).array(partitions, (pw, { partition, timestamp }) => {
      const log = broker.topics.partition(topic, partition);
      if (!log) {
        pw.int32(partition).int16(ErrorCode.UNKNOWN_TOPIC_OR_PARTITION).int64(-1).int64(-1);
        return;
      }
      if (timestamp === LATEST) {
        pw.int32(partition).int16(ErrorCode.NONE).int64(-1).int64(log.logEndOffset);
      } else if (timestamp === EARLIEST) {
        pw.int32(partition).int16(ErrorCode.NONE).int64(-1).int64(log.logStartOffset);
      } else {
        const found = log.offsetForTimestamp(timestamp);
        pw.int32(partition)
          .int16(ErrorCode.NONE)
          .int64(found?.timestamp ?? -1)
          .int64(found?.offset ?? -1);
      }
    });
  });
  return writer;
};
