import { ErrorCode } from '../protocol/error-codes';
import { WireWriter } from '../protocol/wire-writer';
import { RequestHandler } from './broker-context';

/**
 * OffsetCommit v5. Group members may commit for their current generation; a client
 * outside group management (generation -1) may commit for an empty or unknown group.
 */
export const handleOffsetCommit: RequestHandler = (reader, _request, broker) => {
  const groupId = reader.string('group_id');
  const generationId = reader.int32('generation_id');
  const memberId = reader.string('member_id');
  const topics = reader.array(
    (r) => ({
      topic: r.string('topic'),
      partitions: r.array((p) => ({
        partition: p.int32('partition'),
        offset: p.int64('offset'),
        metadata: p.nullableString('metadata'),
      })),
    }),
    'topics',
  );
  const group = broker.groups.existing(groupId);
  let groupError: ErrorCode = ErrorCode.NONE;
  if (!groupId) groupError = ErrorCode.INVALID_GROUP_ID;
  else if (group) groupError = group.commitCheck(memberId, generationId);
  // No such group: a commit from outside group management (generation < 0) is taken;
  // one naming a generation comes from a group this broker no longer knows (after a
  // restart, say), which Kafka answers with ILLEGAL_GENERATION so the member rejoins.
  else if (generationId >= 0) groupError = ErrorCode.ILLEGAL_GENERATION;

  const accepted: {
    topic: string;
    partition: number;
    committed: { offset: number; metadata: string | null };
  }[] = [];
  const results = topics.map(({ topic, partitions }) => ({
    topic,
    partitions: partitions.map(({ partition, offset, metadata }) => {
      if (groupError !== ErrorCode.NONE) return { partition, errorCode: groupError };
      if (!broker.topics.partition(topic, partition)) {
        return { partition, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION };
      }
      accepted.push({ topic, partition, committed: { offset, metadata } });
      return { partition, errorCode: ErrorCode.NONE };
    }),
  }));
  broker.offsets.commit(groupId, accepted);
  const writer = new WireWriter().int32(0);
  return writer.array(results, (w, { topic, partitions }) =>
    w.string(topic).array(partitions, (pw, result) => pw.int32(result.partition).int16(result.errorCode)),
  );
};

/** OffsetFetch v4; a null topic list asks for every partition the group committed. */
export const handleOffsetFetch: RequestHandler = (reader, _request, broker) => {
  const groupId = reader.string('group_id');
  const requested = reader.nullableArray(
    (r) => ({ topic: r.string('topic'), partitions: r.array((p) => p.int32('partition')) }),
    'topics',
  );
  const topics =
    requested ??
    [...broker.offsets.topicsOf(groupId).entries()].map(([topic, partitions]) => ({
      topic,
      partitions: [...partitions.keys()],
    }));
  const writer = new WireWriter().int32(0);
  writer.array(topics, (w, { topic, partitions }) => {
    w.string(topic).array(partitions, (pw, partition) => {
      const committed = broker.offsets.get(groupId, topic, partition);
      pw.int32(partition)
        .int64(committed?.offset ?? -1)
        .nullableString(committed?.metadata ?? '')
        .int16(ErrorCode.NONE);
    });
  });
  return writer.int16(ErrorCode.NONE);
};
