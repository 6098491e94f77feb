import { createLogger } from '@oms/platform';
import { ErrorCode } from '../protocol/error-codes';
import { BrokerContext, RequestHandler } from './broker-context';
import { WireWriter } from '../protocol/wire-writer';

const log = createLogger('KafkaDeleteTopics');

/**
 * Deletes a topic the way Kafka does: its log goes from memory and disk, every group's
 * committed offsets for it are removed, and empty groups left without offsets are
 * forgotten (they become Dead). The name may be created again and starts at offset 0.
 */
function deleteTopic(name: string, broker: BrokerContext): ErrorCode {
  if (!broker.topics.delete(name)) return ErrorCode.UNKNOWN_TOPIC_OR_PARTITION;
  broker.offsets.deleteTopic(name);
  const forgottenGroups = broker.groups.removeEmptyGroups((groupId) => broker.offsets.hasOffsets(groupId));
  log.info({ topic: name, forgottenGroups }, 'topic deleted');
  return ErrorCode.NONE;
}

/** DeleteTopics v1. A name listed twice is refused with INVALID_REQUEST, as Kafka's controller does. */
export const handleDeleteTopics: RequestHandler = (reader, _request, broker) => {
  const names = reader.array((r) => r.string('topic'), 'topics');
  reader.int32('timeout');
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  const outcomes = [...counts].map(([name, count]) => ({
    name,
    errorCode: count > 1 ? ErrorCode.INVALID_REQUEST : deleteTopic(name, broker),
  }));
  const writer = new WireWriter().int32(0);
  return writer.array(outcomes, (w, outcome) => w.string(outcome.name).int16(outcome.errorCode));
};
