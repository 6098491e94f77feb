import { ErrorCode } from '../protocol/error-codes';
import { WireReader } from '../protocol/wire-reader';
import { WireWriter } from '../protocol/wire-writer';
import { topicNameProblem } from '../storage/topic-name';
import { Topic } from '../storage/topic-store';
import { BrokerContext, RequestHandler } from './broker-context';

type TopicAnswer = { name: string; errorCode: ErrorCode; topic?: Topic };

/** Metadata v6: this broker is the only one, the controller, and leader of everything. */
export const handleMetadata: RequestHandler = (reader: WireReader, _request, broker) => {
  const requested = reader.nullableArray((r) => r.string('topic'), 'topics');
  const allowAutoCreate = reader.boolean('allow_auto_topic_creation');
  const answers: TopicAnswer[] =
    requested === null
      ? broker.topics.all().map((topic) => ({ name: topic.name, errorCode: ErrorCode.NONE, topic }))
      : requested.map((name) => answerFor(name, allowAutoCreate, broker));

  const writer = new WireWriter().int32(0);
  writer.array([broker.nodeId], (w, nodeId) =>
    w.int32(nodeId).string(broker.advertisedHost).int32(broker.advertisedPort).nullableString(null),
  );
  writer.nullableString(broker.clusterId).int32(broker.nodeId);
  writer.array(answers, (w, answer) => {
    w.int16(answer.errorCode).string(answer.name).boolean(false);
    const partitions = answer.topic?.partitions ?? [];
    w.array(
      partitions.map((_, index) => index),
      (pw, partition) => {
        pw.int16(ErrorCode.NONE).int32(partition).int32(broker.nodeId);
        pw.int32Array([broker.nodeId]).int32Array([broker.nodeId]).int32Array([]);
      },
    );
  });
  return writer;
};

function answerFor(name: string, allowAutoCreate: boolean, broker: BrokerContext): TopicAnswer {
  const existing = broker.topics.get(name);
  if (existing) return { name, errorCode: ErrorCode.NONE, topic: existing };
  if (topicNameProblem(name)) return { name, errorCode: ErrorCode.INVALID_TOPIC_EXCEPTION };
  if (!allowAutoCreate || !broker.autoCreateTopics)
    return { name, errorCode: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION };
  const topic = broker.topics.create(name, broker.defaultPartitions);
  return { name, errorCode: ErrorCode.NONE, topic };
}
