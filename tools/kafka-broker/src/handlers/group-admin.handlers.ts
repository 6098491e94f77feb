import { GroupSummary } from '../groups/consumer-group.types';
import { ErrorCode } from '../protocol/error-codes';
import { WireWriter } from '../protocol/wire-writer';
import { BrokerContext, RequestHandler } from './broker-context';

/** What Kafka answers for a group it does not know: Dead, with no error (below version 6). */
const DEAD_GROUP: GroupSummary = { state: 'Dead', protocolType: '', protocol: '', members: [] };

/**
 * A group exists for Kafka's coordinator when it has members or had them, or when it
 * holds committed offsets (a commit from outside group management creates it Empty,
 * with no protocol type).
 */
function describe(groupId: string, broker: BrokerContext): GroupSummary {
  const group = broker.groups.existing(groupId);
  if (group) return group.summary();
  if (broker.offsets.hasOffsets(groupId)) return { ...DEAD_GROUP, state: 'Empty' };
  return DEAD_GROUP;
}

/** DescribeGroups v2. */
export const handleDescribeGroups: RequestHandler = (reader, _request, broker) => {
  const groupIds = reader.array((r) => r.string('group_id'), 'group_ids');
  const writer = new WireWriter().int32(0);
  return writer.array(groupIds, (w, groupId) => {
    const summary = describe(groupId, broker);
    w.int16(ErrorCode.NONE).string(groupId).string(summary.state);
    w.string(summary.protocolType).string(summary.protocol);
    w.array(summary.members, (mw, member) =>
      mw
        .string(member.memberId)
        .string(member.clientId)
        .string(member.clientHost)
        .bytes(member.metadata)
        .bytes(member.assignment),
    );
  });
};

/** ListGroups v2: every group the coordinator knows, with its protocol type. */
export const handleListGroups: RequestHandler = (_reader, _request, broker) => {
  const protocolTypes = new Map<string, string>();
  for (const groupId of broker.offsets.groups()) protocolTypes.set(groupId, '');
  for (const group of broker.groups.all()) protocolTypes.set(group.groupId, group.memberProtocolType);
  const writer = new WireWriter().int32(0).int16(ErrorCode.NONE);
  return writer.array([...protocolTypes], (w, [groupId, protocolType]) =>
    w.string(groupId).string(protocolType),
  );
};

function deleteGroup(groupId: string, broker: BrokerContext): ErrorCode {
  const state = describe(groupId, broker).state;
  if (state === 'Dead') return ErrorCode.GROUP_ID_NOT_FOUND;
  if (state !== 'Empty') return ErrorCode.NON_EMPTY_GROUP;
  broker.groups.remove(groupId);
  if (broker.offsets.hasOffsets(groupId)) broker.offsets.deleteGroup(groupId);
  return ErrorCode.NONE;
}

/** DeleteGroups v1: only empty groups go, with their committed offsets. */
export const handleDeleteGroups: RequestHandler = (reader, _request, broker) => {
  const groupIds = reader.array((r) => r.string('group_id'), 'groups_names');
  const writer = new WireWriter().int32(0);
  return writer.array(groupIds, (w, groupId) => w.string(groupId).int16(deleteGroup(groupId, broker)));
};
