import { randomUUID } from 'node:crypto';
import { ErrorCode } from '../protocol/error-codes';
import {
  EMPTY_ASSIGNMENT,
  GroupMember,
  GroupState,
  GroupSummary,
  GroupTimings,
  joinFailure,
  JoinGroupInput,
  JoinGroupResult,
  SyncGroupInput,
  SyncGroupResult,
} from './consumer-group.types';
import { electProtocol, metadataFor, sameProtocols } from './group-protocols';

/**
 * One consumer group, following Kafka's group coordinator: members join, the group
 * waits until every known member has (re)joined or the rebalance timeout passes, the
 * leader's assignment is handed out at sync, and heartbeats keep members alive.
 * Time is passed in, so the state machine is testable without timers.
 */
export class ConsumerGroup {
  private stateValue: GroupState = 'Empty';
  private generation = 0;
  private protocolType: string | null = null;
  private protocolName: string | null = null;
  private leaderId: string | null = null;
  private rebalanceDeadline = 0;
  private joinNotBefore = 0;
  private readonly members = new Map<string, GroupMember>();

  constructor(
    readonly groupId: string,
    private readonly timings: GroupTimings,
  ) {}

  get state(): GroupState {
    return this.stateValue;
  }

  get generationId(): number {
    return this.generation;
  }

  get memberIds(): string[] {
    return [...this.members.keys()];
  }

  /** The protocol type of the group's members; Kafka keeps it after the group empties. */
  get memberProtocolType(): string {
    return this.protocolType ?? '';
  }

  /**
   * Kafka's group summary: protocol, member metadata and assignments are only shown
   * while the group is Stable; in any other state the protocol is "" and the members'
   * metadata and assignment are empty.
   */
  summary(): GroupSummary {
    const stable = this.stateValue === 'Stable';
    const protocol = stable ? (this.protocolName ?? '') : '';
    return {
      state: this.stateValue,
      protocolType: this.memberProtocolType,
      protocol,
      members: [...this.members.values()].map((member) => ({
        memberId: member.memberId,
        clientId: member.clientId,
        clientHost: member.clientHost,
        metadata: stable ? metadataFor(member.protocols, protocol) : EMPTY_ASSIGNMENT,
        assignment: stable ? member.assignment : EMPTY_ASSIGNMENT,
      })),
    };
  }

  join(input: JoinGroupInput, now: number): Promise<JoinGroupResult> {
    const { minSessionTimeoutMs, maxSessionTimeoutMs } = this.timings;
    if (input.sessionTimeoutMs < minSessionTimeoutMs || input.sessionTimeoutMs > maxSessionTimeoutMs) {
      return Promise.resolve(joinFailure(ErrorCode.INVALID_SESSION_TIMEOUT, input.memberId));
    }
    if (!input.protocolType || input.protocols.length === 0 || !this.acceptsProtocols(input)) {
      return Promise.resolve(joinFailure(ErrorCode.INCONSISTENT_GROUP_PROTOCOL, input.memberId));
    }
    const known = input.memberId ? this.members.get(input.memberId) : undefined;
    if (input.memberId && !known)
      return Promise.resolve(joinFailure(ErrorCode.UNKNOWN_MEMBER_ID, input.memberId));

    return new Promise<JoinGroupResult>((resolve) => {
      const member = known ?? this.addMember(input, now);
      const unchanged = known !== undefined && sameProtocols(known.protocols, input.protocols);
      member.sessionTimeoutMs = input.sessionTimeoutMs;
      member.rebalanceTimeoutMs = input.rebalanceTimeoutMs;
      member.protocols = input.protocols;
      member.clientId = input.clientId;
      member.clientHost = input.clientHost;
      member.groupInstanceId = input.groupInstanceId;

      const settled =
        unchanged &&
        (this.stateValue === 'CompletingRebalance' ||
          (this.stateValue === 'Stable' && member.memberId !== this.leaderId));
      if (settled) {
        // A member repeating its join with nothing new gets the current generation back.
        resolve(this.joinResultFor(member));
        return;
      }
      member.pendingJoin?.(joinFailure(ErrorCode.UNKNOWN_MEMBER_ID, member.memberId));
      member.pendingJoin = resolve;
      if (this.stateValue !== 'PreparingRebalance') this.prepareRebalance(now);
      this.tryCompleteJoin(now);
    });
  }

  sync(input: SyncGroupInput, now: number): Promise<SyncGroupResult> {
    const member = this.members.get(input.memberId);
    if (!member)
      return Promise.resolve({ errorCode: ErrorCode.UNKNOWN_MEMBER_ID, assignment: EMPTY_ASSIGNMENT });
    if (input.generationId !== this.generation) {
      return Promise.resolve({ errorCode: ErrorCode.ILLEGAL_GENERATION, assignment: EMPTY_ASSIGNMENT });
    }
    switch (this.stateValue) {
      case 'Empty':
        return Promise.resolve({ errorCode: ErrorCode.UNKNOWN_MEMBER_ID, assignment: EMPTY_ASSIGNMENT });
      case 'PreparingRebalance':
        return Promise.resolve({ errorCode: ErrorCode.REBALANCE_IN_PROGRESS, assignment: EMPTY_ASSIGNMENT });
      case 'Stable':
        member.heartbeatDeadline = now + member.sessionTimeoutMs;
        return Promise.resolve({ errorCode: ErrorCode.NONE, assignment: member.assignment });
      case 'CompletingRebalance':
        return new Promise<SyncGroupResult>((resolve) => {
          member.pendingSync = resolve;
          member.heartbeatDeadline = now + member.sessionTimeoutMs;
          if (member.memberId === this.leaderId) this.completeSync(input.assignments);
        });
    }
  }

  heartbeat(memberId: string, generationId: number, now: number): ErrorCode {
    const member = this.members.get(memberId);
    if (this.stateValue === 'Empty' || !member) return ErrorCode.UNKNOWN_MEMBER_ID;
    if (generationId !== this.generation) return ErrorCode.ILLEGAL_GENERATION;
    member.heartbeatDeadline = now + member.sessionTimeoutMs;
    return this.stateValue === 'PreparingRebalance' ? ErrorCode.REBALANCE_IN_PROGRESS : ErrorCode.NONE;
  }

  leave(memberIds: readonly string[], now: number): ErrorCode[] {
    const errors = memberIds.map((memberId) => {
      const member = this.members.get(memberId);
      if (!member) return ErrorCode.UNKNOWN_MEMBER_ID;
      this.removeMember(member);
      return ErrorCode.NONE;
    });
    if (errors.includes(ErrorCode.NONE)) this.afterMembershipLoss(now);
    return errors;
  }

  /** Whether a member may commit offsets now (Kafka's rules for group-managed commits). */
  commitCheck(memberId: string, generationId: number): ErrorCode {
    if (generationId < 0 && !memberId) {
      return this.stateValue === 'Empty' ? ErrorCode.NONE : ErrorCode.UNKNOWN_MEMBER_ID;
    }
    if (!this.members.has(memberId)) return ErrorCode.UNKNOWN_MEMBER_ID;
    if (generationId !== this.generation) return ErrorCode.ILLEGAL_GENERATION;
    return this.stateValue === 'CompletingRebalance' ? ErrorCode.REBALANCE_IN_PROGRESS : ErrorCode.NONE;
  }

  /**
   * Removes members whose session lapsed and ends rebalances whose time is up. While a
   * rebalance is being prepared, a member that has not rejoined and stopped heart-beating
   * is removed at its session timeout too (as Kafka does), so one dead member does not
   * hold the others for the whole rebalance timeout.
   */
  expire(now: number): string[] {
    const expired: string[] = [];
    if (this.stateValue === 'Stable' || this.stateValue === 'CompletingRebalance') {
      for (const member of [...this.members.values()]) {
        if (member.heartbeatDeadline < now) {
          expired.push(member.memberId);
          this.removeMember(member);
        }
      }
      if (expired.length > 0) this.afterMembershipLoss(now);
    } else if (this.stateValue === 'PreparingRebalance') {
      for (const member of [...this.members.values()]) {
        if (!member.pendingJoin && member.heartbeatDeadline < now) {
          expired.push(member.memberId);
          this.removeMember(member);
        }
      }
      if (now >= this.rebalanceDeadline) {
        for (const member of this.members.values()) if (!member.pendingJoin) expired.push(member.memberId);
        this.completeJoin(now);
      } else {
        this.tryCompleteJoin(now);
      }
    }
    return expired;
  }

  private acceptsProtocols(input: JoinGroupInput): boolean {
    if (this.members.size === 0) return true;
    if (input.protocolType !== this.protocolType) return false;
    const others = [...this.members.values()].filter((member) => member.memberId !== input.memberId);
    return input.protocols.some((protocol) =>
      others.every((member) => member.protocols.some((candidate) => candidate.name === protocol.name)),
    );
  }

  private addMember(input: JoinGroupInput, now: number): GroupMember {
    // The first member of an empty group sets its protocol type, as in Kafka.
    if (this.members.size === 0) this.protocolType = input.protocolType;
    const member: GroupMember = {
      memberId: `${input.clientId || 'member'}-${randomUUID()}`,
      groupInstanceId: input.groupInstanceId,
      clientId: input.clientId,
      clientHost: input.clientHost,
      sessionTimeoutMs: input.sessionTimeoutMs,
      rebalanceTimeoutMs: input.rebalanceTimeoutMs,
      protocols: input.protocols,
      assignment: EMPTY_ASSIGNMENT,
      heartbeatDeadline: now + input.sessionTimeoutMs,
    };
    this.members.set(member.memberId, member);
    return member;
  }

  private removeMember(member: GroupMember): void {
    this.members.delete(member.memberId);
    member.pendingJoin?.(joinFailure(ErrorCode.UNKNOWN_MEMBER_ID, member.memberId));
    member.pendingSync?.({ errorCode: ErrorCode.UNKNOWN_MEMBER_ID, assignment: EMPTY_ASSIGNMENT });
    member.pendingJoin = undefined;
    member.pendingSync = undefined;
    if (this.leaderId === member.memberId) this.leaderId = null;
  }

  private afterMembershipLoss(now: number): void {
    if (this.stateValue === 'Stable' || this.stateValue === 'CompletingRebalance') this.prepareRebalance(now);
    this.tryCompleteJoin(now);
  }

  private prepareRebalance(now: number): void {
    if (this.stateValue === 'CompletingRebalance') {
      for (const member of this.members.values()) {
        member.pendingSync?.({ errorCode: ErrorCode.REBALANCE_IN_PROGRESS, assignment: EMPTY_ASSIGNMENT });
        member.pendingSync = undefined;
      }
    }
    for (const member of this.members.values()) member.assignment = EMPTY_ASSIGNMENT;
    this.joinNotBefore = this.stateValue === 'Empty' ? now + this.timings.initialRebalanceDelayMs : now;
    const longest = Math.max(0, ...[...this.members.values()].map((member) => member.rebalanceTimeoutMs));
    this.rebalanceDeadline = Math.max(now + longest, this.joinNotBefore);
    this.stateValue = 'PreparingRebalance';
  }

  private tryCompleteJoin(now: number): void {
    if (this.stateValue !== 'PreparingRebalance' || now < this.joinNotBefore) return;
    if ([...this.members.values()].every((member) => member.pendingJoin)) this.completeJoin(now);
  }

  private completeJoin(now: number): void {
    for (const member of [...this.members.values()]) if (!member.pendingJoin) this.removeMember(member);
    this.generation += 1;
    if (this.members.size === 0) {
      this.stateValue = 'Empty';
      this.protocolName = null;
      this.leaderId = null;
      return;
    }
    this.protocolName = electProtocol([...this.members.values()]);
    if (!this.leaderId || !this.members.has(this.leaderId))
      this.leaderId = this.members.keys().next().value ?? null;
    this.stateValue = 'CompletingRebalance';
    for (const member of this.members.values()) {
      const respond = member.pendingJoin;
      member.pendingJoin = undefined;
      member.heartbeatDeadline = now + member.sessionTimeoutMs;
      respond?.(this.joinResultFor(member));
    }
  }

  private completeSync(assignments: SyncGroupInput['assignments']): void {
    const byMember = new Map(assignments.map((entry) => [entry.memberId, entry.assignment]));
    this.stateValue = 'Stable';
    for (const member of this.members.values()) {
      member.assignment = byMember.get(member.memberId) ?? EMPTY_ASSIGNMENT;
      const respond = member.pendingSync;
      member.pendingSync = undefined;
      respond?.({ errorCode: ErrorCode.NONE, assignment: member.assignment });
    }
  }

  private joinResultFor(member: GroupMember): JoinGroupResult {
    const protocolName = this.protocolName ?? '';
    const isLeader = member.memberId === this.leaderId;
    return {
      errorCode: ErrorCode.NONE,
      generationId: this.generation,
      protocolName,
      leaderId: this.leaderId ?? '',
      memberId: member.memberId,
      members: isLeader
        ? [...this.members.values()].map((candidate) => ({
            memberId: candidate.memberId,
            groupInstanceId: candidate.groupInstanceId,
            metadata: metadataFor(candidate.protocols, protocolName),
          }))
        : [],
    };
  }
}
