import { ErrorCode } from '../protocol/error-codes';
import { ConsumerGroup } from './consumer-group';
import { JoinGroupInput, JoinGroupResult } from './consumer-group.types';

const timings = { minSessionTimeoutMs: 500, maxSessionTimeoutMs: 60_000, initialRebalanceDelayMs: 0 };

function joinInput(memberId = '', overrides: Partial<JoinGroupInput> = {}): JoinGroupInput {
  return {
    memberId,
    groupInstanceId: null,
    clientId: 'client',
    clientHost: '/127.0.0.1',
    sessionTimeoutMs: 1_000,
    rebalanceTimeoutMs: 5_000,
    protocolType: 'consumer',
    protocols: [{ name: 'RoundRobinAssigner', metadata: Buffer.from('m') }],
    ...overrides,
  };
}

/** Lets promise callbacks run, so a join that completed can be observed. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

async function track(promise: Promise<JoinGroupResult>): Promise<{ result?: JoinGroupResult }> {
  const box: { result?: JoinGroupResult } = {};
  void promise.then((result) => (box.result = result));
  await settle();
  return box;
}

describe('ConsumerGroup', () => {
  let group: ConsumerGroup;

  beforeEach(() => {
    group = new ConsumerGroup('g', timings);
  });

  async function stableWithOneMember(now = 0, overrides: Partial<JoinGroupInput> = {}): Promise<string> {
    const joined = await group.join(joinInput('', overrides), now);
    await group.sync(
      {
        memberId: joined.memberId,
        generationId: joined.generationId,
        assignments: [{ memberId: joined.memberId, assignment: Buffer.from('all') }],
      },
      now,
    );
    return joined.memberId;
  }

  it('forms generation 1 with the first member as leader', async () => {
    const joined = await group.join(joinInput(), 0);
    expect(joined).toMatchObject({
      errorCode: ErrorCode.NONE,
      generationId: 1,
      protocolName: 'RoundRobinAssigner',
    });
    expect(joined.leaderId).toBe(joined.memberId);
    expect(joined.members.map((member) => member.memberId)).toEqual([joined.memberId]);
    expect(group.state).toBe('CompletingRebalance');
    const synced = await group.sync(
      {
        memberId: joined.memberId,
        generationId: 1,
        assignments: [{ memberId: joined.memberId, assignment: Buffer.from('p0') }],
      },
      0,
    );
    expect(synced).toEqual({ errorCode: ErrorCode.NONE, assignment: Buffer.from('p0') });
    expect(group.state).toBe('Stable');
  });

  it('rebalances when a second member joins: the first hears it at its heartbeat', async () => {
    const first = await stableWithOneMember();
    const second = await track(group.join(joinInput('', { clientId: 'second' }), 10));
    expect(second.result).toBeUndefined();
    expect(group.heartbeat(first, 1, 20)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);

    const rejoined = await group.join(joinInput(first), 30);
    await settle();
    expect(rejoined.generationId).toBe(2);
    expect(rejoined.leaderId).toBe(first);
    expect(rejoined.members).toHaveLength(2);
    expect(second.result).toMatchObject({ generationId: 2, leaderId: first, members: [] });

    const followerSync = group.sync(
      { memberId: second.result!.memberId, generationId: 2, assignments: [] },
      40,
    );
    const leaderSync = await group.sync(
      {
        memberId: first,
        generationId: 2,
        assignments: [
          { memberId: first, assignment: Buffer.from('p0') },
          { memberId: second.result!.memberId, assignment: Buffer.from('p1') },
        ],
      },
      41,
    );
    expect(leaderSync.assignment).toEqual(Buffer.from('p0'));
    expect((await followerSync).assignment).toEqual(Buffer.from('p1'));
    expect(group.heartbeat(first, 2, 50)).toBe(ErrorCode.NONE);
  });

  it('removes a member that stops heart-beating and rebalances the rest', async () => {
    const first = await stableWithOneMember();
    const second = await track(group.join(joinInput('', { clientId: 'second' }), 0));
    const rejoin = group.join(joinInput(first), 0);
    await rejoin;
    await group.sync({ memberId: first, generationId: 2, assignments: [] }, 0);
    expect(group.state).toBe('Stable');

    expect(group.heartbeat(first, 2, 900)).toBe(ErrorCode.NONE);
    expect(group.expire(1_500)).toEqual([second.result!.memberId]);
    expect(group.state).toBe('PreparingRebalance');
    expect(group.heartbeat(second.result!.memberId, 2, 1_500)).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
    const alone = await group.join(joinInput(first), 1_600);
    expect(alone).toMatchObject({ generationId: 3, leaderId: first });
    expect(alone.members).toHaveLength(1);
  });

  it('drops members that keep heart-beating but do not rejoin before the rebalance timeout', async () => {
    const first = await stableWithOneMember(0, { sessionTimeoutMs: 3_000 });
    const second = await track(group.join(joinInput('', { clientId: 'late' }), 0));
    expect(group.heartbeat(first, 1, 2_500)).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
    expect(group.expire(4_999)).toEqual([]);
    expect(group.expire(5_000)).toEqual([first]);
    await settle();
    expect(second.result).toMatchObject({
      generationId: 2,
      members: [{ memberId: second.result?.memberId }],
    });
  });

  it('removes a silent member during a rebalance at its session timeout, not the rebalance timeout', async () => {
    const first = await stableWithOneMember();
    const second = await track(group.join(joinInput('', { clientId: 'second' }), 0));
    expect(group.expire(900)).toEqual([]);
    expect(second.result).toBeUndefined();
    expect(group.expire(1_001)).toEqual([first]);
    await settle();
    expect(second.result).toMatchObject({
      errorCode: ErrorCode.NONE,
      generationId: 2,
      leaderId: second.result?.memberId,
      members: [{ memberId: second.result?.memberId }],
    });
  });

  it('rebalances when a member leaves, and empties when the last one goes', async () => {
    const first = await stableWithOneMember();
    expect(group.leave([first, 'stranger'], 0)).toEqual([ErrorCode.NONE, ErrorCode.UNKNOWN_MEMBER_ID]);
    expect(group.state).toBe('Empty');
    expect(group.generationId).toBe(2);
  });

  it('answers with Kafka error codes', async () => {
    expect((await group.join(joinInput('ghost'), 0)).errorCode).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
    expect((await group.join(joinInput('', { sessionTimeoutMs: 10 }), 0)).errorCode).toBe(
      ErrorCode.INVALID_SESSION_TIMEOUT,
    );
    const member = await stableWithOneMember();
    expect(
      (await group.join(joinInput('', { protocols: [{ name: 'Other', metadata: Buffer.alloc(0) }] }), 0))
        .errorCode,
    ).toBe(ErrorCode.INCONSISTENT_GROUP_PROTOCOL);
    expect(group.heartbeat(member, 0, 0)).toBe(ErrorCode.ILLEGAL_GENERATION);
    expect((await group.sync({ memberId: member, generationId: 9, assignments: [] }, 0)).errorCode).toBe(
      ErrorCode.ILLEGAL_GENERATION,
    );
    expect(group.commitCheck(member, 1)).toBe(ErrorCode.NONE);
    expect(group.commitCheck(member, 0)).toBe(ErrorCode.ILLEGAL_GENERATION);
    expect(group.commitCheck('', -1)).toBe(ErrorCode.UNKNOWN_MEMBER_ID);
    expect(new ConsumerGroup('empty', timings).commitCheck('', -1)).toBe(ErrorCode.NONE);
  });

  it('tells followers waiting for their assignment that a new rebalance started', async () => {
    const first = await stableWithOneMember();
    const second = await track(group.join(joinInput('', { clientId: 'second' }), 0));
    await group.join(joinInput(first), 0);
    await settle();
    const waiting = group.sync({ memberId: second.result!.memberId, generationId: 2, assignments: [] }, 0);
    const third = await track(group.join(joinInput('', { clientId: 'third' }), 0));
    expect((await waiting).errorCode).toBe(ErrorCode.REBALANCE_IN_PROGRESS);
    expect(third.result).toBeUndefined();
    expect(group.state).toBe('PreparingRebalance');
  });

  it('summarises like Kafka: protocol, metadata and assignment only while Stable', async () => {
    expect(group.summary()).toEqual({ state: 'Empty', protocolType: '', protocol: '', members: [] });
    const joined = await group.join(joinInput(), 0);
    expect(group.summary()).toEqual({
      state: 'CompletingRebalance',
      protocolType: 'consumer',
      protocol: '',
      members: [
        {
          memberId: joined.memberId,
          clientId: 'client',
          clientHost: '/127.0.0.1',
          metadata: Buffer.alloc(0),
          assignment: Buffer.alloc(0),
        },
      ],
    });
    await group.sync(
      {
        memberId: joined.memberId,
        generationId: 1,
        assignments: [{ memberId: joined.memberId, assignment: Buffer.from('p0') }],
      },
      0,
    );
    expect(group.summary()).toMatchObject({
      state: 'Stable',
      protocol: 'RoundRobinAssigner',
      members: [{ memberId: joined.memberId, metadata: Buffer.from('m'), assignment: Buffer.from('p0') }],
    });

    group.leave([joined.memberId], 10);
    // The protocol type outlives the members, as in Kafka.
    expect(group.summary()).toEqual({ state: 'Empty', protocolType: 'consumer', protocol: '', members: [] });
  });
});
