import { canonicalJson } from '../shared/canonical-json';
import { compareDecimals } from '../shared/decimal';
import { ObservationSource, sourceRank } from '../observations/observation-source';
import { SpotOrderStatus } from '../observations/spot-order-observed';
import { FuturesOrderStatus } from '../observations/futures-order-observed';

export type VenueOrderStatus = SpotOrderStatus | FuturesOrderStatus;

/**
 * The status lattice. Folding keeps the highest-ranked status ever observed, so an
 * order never goes back: a late NEW (for example a cancel acknowledgement) never
 * reopens a PARTIALLY_FILLED order, and nothing leaves a terminal status.
 */
const STATUS_RANK: Readonly<Record<VenueOrderStatus, number>> = {
  PENDING_NEW: 0,
  NEW: 1,
  PARTIALLY_FILLED: 2,
  PENDING_CANCEL: 3,
  REJECTED: 4,
  CANCELED: 4,
  PARTIALLY_CANCELED: 4,
  FILLED: 4,
};

/**
 * Among terminal statuses a fixed precedence makes the fold order-independent even
 * when the venue contradicts itself (which also raises a reconciliation break): the
 * status that implies more execution wins.
 */
const TERMINAL_PRECEDENCE: Readonly<Record<VenueOrderStatus, number>> = {
  PENDING_NEW: 0,
  NEW: 0,
  PARTIALLY_FILLED: 0,
  PENDING_CANCEL: 0,
  REJECTED: 1,
  CANCELED: 2,
  PARTIALLY_CANCELED: 3,
  FILLED: 4,
};

export function isTerminalStatus(status: VenueOrderStatus): boolean {
  return STATUS_RANK[status] === 4;
}

export function isCanceledStatus(status: VenueOrderStatus): boolean {
  return status === 'CANCELED' || status === 'PARTIALLY_CANCELED';
}

/** Two terminal reports agree when equal or both say "canceled" (with or without fills). */
export function terminalStatusesAgree(left: VenueOrderStatus, right: VenueOrderStatus): boolean {
  return left === right || (isCanceledStatus(left) && isCanceledStatus(right));
}

export interface OrderSnapshotCore {
  readonly accountId: string;
  readonly symbol: string;
  readonly orderId: string;
  readonly clientOrderId: string | null;
  readonly status: VenueOrderStatus;
  readonly price: string;
  readonly origQty: string;
  readonly executedQty: string;
  readonly cumulativeQuoteQty: string | null;
  readonly avgPrice: string | null;
  readonly updateTime: number;
  readonly source: ObservationSource;
}

/**
 * Total order on snapshots: status rank, terminal precedence, executed quantity, venue
 * update time (a later updateTime wins among equals), source, then the canonical text
 * as a last deterministic tie-break. The fold keeps the maximum, which makes it
 * commutative, associative and idempotent.
 */
export function compareSnapshots(left: OrderSnapshotCore, right: OrderSnapshotCore): number {
  return (
    STATUS_RANK[left.status] - STATUS_RANK[right.status] ||
    TERMINAL_PRECEDENCE[left.status] - TERMINAL_PRECEDENCE[right.status] ||
    compareDecimals(left.executedQty, right.executedQty) ||
    left.updateTime - right.updateTime ||
    sourceRank(left.source) - sourceRank(right.source) ||
    compareText(canonicalJson(left), canonicalJson(right))
  );
}

export function laterSnapshot<S extends OrderSnapshotCore>(current: S | null, incoming: S): S {
  if (current === null) return incoming;
  return compareSnapshots(incoming, current) > 0 ? incoming : current;
}

export function compareText(left: string, right: string): number {
  if (left === right) return 0;
  return left < right ? -1 : 1;
}
