import { ErrorCode } from '../protocol/error-codes';

export type GroupState = 'Empty' | 'PreparingRebalance' | 'CompletingRebalance' | 'Stable';

export interface GroupProtocol {
  readonly name: string;
  readonly metadata: Buffer;
}

export interface JoinGroupInput {
  readonly memberId: string;
  readonly groupInstanceId: string | null;
  readonly clientId: string;
  readonly clientHost: string;
  readonly sessionTimeoutMs: number;
  readonly rebalanceTimeoutMs: number;
  readonly protocolType: string;
  readonly protocols: readonly GroupProtocol[];
}

export interface JoinGroupResult {
  readonly errorCode: ErrorCode;
  readonly generationId: number;
  readonly protocolName: string;
  readonly leaderId: string;
  readonly memberId: string;
  /** Filled for the leader only, as Kafka does. */
  readonly members: readonly { memberId: string; groupInstanceId: string | null; metadata: Buffer }[];
}

export interface SyncGroupInput {
  readonly memberId: string;
  readonly generationId: number;
  readonly assignments: readonly { memberId: string; assignment: Buffer }[];
}

export interface SyncGroupResult {
  readonly errorCode: ErrorCode;
  readonly assignment: Buffer;
}

export interface GroupMember {
  readonly memberId: string;
  groupInstanceId: string | null;
  clientId: string;
  clientHost: string;
  sessionTimeoutMs: number;
  rebalanceTimeoutMs: number;
  protocols: readonly GroupProtocol[];
  assignment: Buffer;
  heartbeatDeadline: number;
  pendingJoin?: (result: JoinGroupResult) => void;
  pendingSync?: (result: SyncGroupResult) => void;
}

/** A member as DescribeGroups shows it. */
export interface GroupMemberSummary {
  readonly memberId: string;
  readonly clientId: string;
  readonly clientHost: string;
  readonly metadata: Buffer;
  readonly assignment: Buffer;
}

/** A group as DescribeGroups shows it; 'Dead' stands for a group the coordinator does not know. */
export interface GroupSummary {
  readonly state: GroupState | 'Dead';
  readonly protocolType: string;
  readonly protocol: string;
  readonly members: readonly GroupMemberSummary[];
}

export interface GroupTimings {
  readonly minSessionTimeoutMs: number;
  readonly maxSessionTimeoutMs: number;
  /** Delay before the first generation of an empty group, to gather members that start together. */
  readonly initialRebalanceDelayMs: number;
}

export function joinFailure(errorCode: ErrorCode, memberId: string): JoinGroupResult {
  return { errorCode, generationId: -1, protocolName: '', leaderId: '', memberId, members: [] };
}

export const EMPTY_ASSIGNMENT = Buffer.alloc(0);
