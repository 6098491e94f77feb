import { ErrorCode } from '../protocol/error-codes';
import { WireWriter } from '../protocol/wire-writer';
import { RequestHandler } from './broker-context';

/** JoinGroup v5. The answer waits until the group's rebalance completes. */
export const handleJoinGroup: RequestHandler = async (reader, request, broker) => {
  const groupId = reader.string('group_id');
  const sessionTimeoutMs = reader.int32('session_timeout');
  const rebalanceTimeoutMs = reader.int32('rebalance_timeout');
  const memberId = reader.string('member_id');
  const groupInstanceId = reader.nullableString('group_instance_id');
  const protocolType = reader.string('protocol_type');
  const protocols = reader.array((r) => ({
    name: r.string('protocol_name'),
    metadata: r.bytes('protocol_metadata'),
  }));
  const writer = new WireWriter().int32(0);
  if (!groupId) {
    return writer.int16(ErrorCode.INVALID_GROUP_ID).int32(-1).string('').string('').string(memberId).int32(0);
  }
  const result = await broker.groups.group(groupId).join(
    {
      memberId,
      groupInstanceId,
      clientId: request.clientId ?? '',
      clientHost: request.clientHost,
      sessionTimeoutMs,
      rebalanceTimeoutMs,
      protocolType,
      protocols,
    },
    broker.groups.time(),
  );
  writer.int16(result.errorCode).int32(result.generationId).string(result.protocolName);
  writer.string(result.leaderId).string(result.memberId);
  return writer.array(result.members, (w, member) =>
    w.string(member.memberId).nullableString(member.groupInstanceId).bytes(member.metadata),
  );
};

/** SyncGroup v3. Followers wait for the leader's assignment. */
export const handleSyncGroup: RequestHandler = async (reader, _request, broker) => {
  const groupId = reader.string('group_id');
  const generationId = reader.int32('generation_id');
  const memberId = reader.string('member_id');
  reader.nullableString('group_instance_id');
  const assignments = reader.array((r) => ({
    memberId: r.string('member_id'),
    assignment: r.bytes('member_assignment'),
  }));
  const group = broker.groups.existing(groupId);
  const result = group
    ? await group.sync({ memberId, generationId, assignments }, broker.groups.time())
    : { errorCode: ErrorCode.UNKNOWN_MEMBER_ID, assignment: Buffer.alloc(0) };
  return new WireWriter().int32(0).int16(result.errorCode).bytes(result.assignment);
};

/** Heartbeat v3: REBALANCE_IN_PROGRESS tells a member to rejoin. */
export const handleHeartbeat: RequestHandler = (reader, _request, broker) => {
  const groupId = reader.string('group_id');
  const generationId = reader.int32('generation_id');
  const memberId = reader.string('member_id');
  reader.nullableString('group_instance_id');
  const group = broker.groups.existing(groupId);
  const errorCode = group
    ? group.heartbeat(memberId, generationId, broker.groups.time())
    : ErrorCode.UNKNOWN_MEMBER_ID;
  return new WireWriter().int32(0).int16(errorCode);
};

/** LeaveGroup v3: a batch of members leave; each gets its own error code. */
export const handleLeaveGroup: RequestHandler = (reader, _request, broker) => {
  const groupId = reader.string('group_id');
  const members = reader.array((r) => ({
    memberId: r.string('member_id'),
    groupInstanceId: r.nullableString('group_instance_id'),
  }));
  const group = broker.groups.existing(groupId);
  const errors = group
    ? group.leave(
        members.map((member) => member.memberId),
        broker.groups.time(),
      )
    : members.map(() => ErrorCode.UNKNOWN_MEMBER_ID);
  const writer = new WireWriter().int32(0).int16(ErrorCode.NONE);
  return writer.array(
    members.map((member, index) => ({ ...member, errorCode: errors[index] })),
    (w, member) => w.string(member.memberId).nullableString(member.groupInstanceId).int16(member.errorCode),
  );
};
