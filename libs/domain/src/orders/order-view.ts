import { Fee } from '../observations/observation-source';
import { VenueOrderStatus } from './order-status';
import { AnyOrderCoreState, hasRealFills } from './order-core.state';

/** The status a desk sees: the venue's once it has spoken, else where the OMS request stands. */
export type OmsOrderStatus =
  VenueOrderStatus | 'UNKNOWN' | 'PENDING_SUBMIT' | 'SUBMISSION_UNCERTAIN' | 'NOT_PLACED';

export function omsOrderStatus(state: AnyOrderCoreState): OmsOrderStatus {
  if (state.venue !== null) return state.venue.status;
  if (hasRealFills(state)) return 'PARTIALLY_FILLED';
  const submission = state.submission;
  switch (submission.phase) {
    case 'none':
      return 'UNKNOWN';
    case 'requested':
      return 'PENDING_SUBMIT';
    case 'accepted':
      return 'NEW';
    case 'rejected':
      return 'REJECTED';
    case 'uncertain':
      return 'SUBMISSION_UNCERTAIN';
    case 'resolved':
      return submission.outcome === 'absent' ? 'NOT_PLACED' : 'NEW';
  }
}

export interface EffectiveFill {
  readonly fillId: string;
  readonly price: string | null;
  readonly qty: string;
  readonly fee: Fee | null;
  readonly time: number;
  readonly inferred: boolean;
}

/**
 * The newest fills of the order: the real fills it keeps (older ones are totals only;
 * every fill is in rm_fills), plus the inferred fill still covering a gap (timed at the
 * venue report that revealed it).
 */
export function recentEffectiveFills(state: AnyOrderCoreState): EffectiveFill[] {
  const real: EffectiveFill[] = state.recentFills.map((fill) => ({
    fillId: fill.fillId,
    price: fill.price,
    qty: fill.qty,
    fee: fill.fee,
    time: fill.time,
    inferred: false,
  }));
  const inferred: EffectiveFill[] = Object.values(state.inferredFills).map((fill) => ({
    fillId: fill.fillId,
    price: fill.price,
    qty: fill.qty,
    fee: null,
    time: state.venue?.updateTime ?? 0,
    inferred: true,
  }));
  return [...real, ...inferred].sort((a, b) => a.time - b.time || (a.fillId < b.fillId ? -1 : 1));
}
