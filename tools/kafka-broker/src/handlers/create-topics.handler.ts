import { ErrorCode } from '../protocol/error-codes';
import { WireWriter } from '../protocol/wire-writer';
import { topicNameProblem } from '../storage/topic-name';
import { BrokerContext, RequestHandler } from './broker-context';

interface TopicRequest {
  readonly name: string;
  readonly partitions: number;
  readonly replicationFactor: number;
  readonly assignedPartitions: number;
}

type Outcome = { errorCode: ErrorCode; message: string | null };

/** CreateTopics v3. Replication beyond 1 is refused: there is one broker. */
export const handleCreateTopics: RequestHandler = (reader, _request, broker) => {
  const requests = reader.array((r): TopicRequest => {
    const name = r.string('topic');
    const partitions = r.int32('num_partitions');
    const replicationFactor = r.int16('replication_factor');
    const assignment = r.array((a) => ({
      partition: a.int32('partition'),
      replicas: a.array((x) => x.int32()),
    }));
    r.array(
      (c) => ({ name: c.string('config_name'), value: c.nullableString('config_value') }),
      'config_entries',
    );
    return { name, partitions, replicationFactor, assignedPartitions: assignment.length };
  }, 'create_topic_requests');
  reader.int32('timeout');
  const validateOnly = reader.boolean('validate_only');

  const outcomes = requests.map((request) => ({
    name: request.name,
    ...create(request, validateOnly, broker),
  }));
  return new WireWriter()
    .int32(0)
    .array(outcomes, (w, outcome) =>
      w.string(outcome.name).int16(outcome.errorCode).nullableString(outcome.message),
    );
};

function create(request: TopicRequest, validateOnly: boolean, broker: BrokerContext): Outcome {
  const nameProblem = topicNameProblem(request.name);
  if (nameProblem) return { errorCode: ErrorCode.INVALID_TOPIC_EXCEPTION, message: nameProblem };
  if (broker.topics.get(request.name)) {
    return { errorCode: ErrorCode.TOPIC_ALREADY_EXISTS, message: `Topic '${request.name}' already exists.` };
  }
  const partitions = request.assignedPartitions > 0 ? request.assignedPartitions : request.partitions;
  const count = partitions === -1 ? broker.defaultPartitions : partitions;
  if (count <= 0 || count > 10_000) {
    return {
      errorCode: ErrorCode.INVALID_PARTITIONS,
      message: `num_partitions ${partitions} must be between 1 and 10000`,
    };
  }
  if (request.replicationFactor !== -1 && request.replicationFactor !== 1) {
    return {
      errorCode: ErrorCode.INVALID_REPLICATION_FACTOR,
      message: `replication_factor ${request.replicationFactor} is larger than the 1 available broker`,
    };
  }
  if (!validateOnly) broker.topics.create(request.name, count);
  return { errorCode: ErrorCode.NONE, message: null };
}
