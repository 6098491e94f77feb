import { DomainEvent } from '../shared/domain-event';
import { PositionSide } from '../shared/stream-ids';
import { Fee } from '../observations/observation-source';
import { FuturesOrderSide } from '../observations/futures-order-observed';
import {
  FuturesPositionObservation,
  FuturesPositionObserved,
} from '../observations/futures-position-observed';
import { ResolveReconciliationBreak } from '../orders/order-lifecycle.commands';
import { ReconciliationBreakDetected, ReconciliationBreakResolved } from '../orders/order-lifecycle.events';
import { ReconciliationBreak } from '../orders/reconciliation-break';

/** A fill as it affects one hedge-mode position. Contracts, with the multiplier used. */
export interface PositionFill {
  readonly fillId: string;
  readonly orderId: string;
  readonly orderSide: FuturesOrderSide;
  readonly price: string;
  readonly contracts: string;
  /** Recorded with the fill so a later exchangeInfo change cannot rewrite history. */
  readonly contractMultiplier: string;
  readonly fee: Fee | null;
  /** The venue's `realizedPnl` for this fill, when the source gave it. */
  readonly venueRealizedPnl: string | null;
  readonly time: number;
  /** Inferred from an order's cumulative quantity; retired when the real fill arrives. */
  readonly inferred: boolean;
}

/** A funding settlement on this position: positive received, negative paid. */
export interface FundingPayment {
  readonly fundingId: string;
  readonly amount: string;
  readonly asset: string;
  readonly rate: string | null;
  readonly time: number;
}

/** The open lot of a position's average-cost ledger: base quantity and its entry value. */
export interface PositionOpenLot {
  readonly side: 'long' | 'short';
  readonly quantity: string;
  readonly value: string;
}

/**
 * Running totals of every real fill and funding payment older than a position's
 * windows, fills folded in (time, fillId) order by average entry: what they add up to,
 * without them. Nothing here grows with the position's age: figures by day belong to
 * a report over the history (futuresPositionHistoryPnl), not to the state every fill
 * rewrites.
 */
export interface PositionTotals {
  /** The latest fill folded in, in (time, fillId) order; null before any. */
  readonly through: { readonly time: number; readonly fillId: string } | null;
  readonly fillCount: number;
  readonly openLot: PositionOpenLot | null;
  /** Realized P&L (gross, as the venue's realizedPnl). */
  readonly realizedPnl: string;
  /** Contracts closed beyond what was open: fills are missing or contradict. */
  readonly overclosedContracts: string;
  /** Fees by asset. */
  readonly fees: Readonly<Record<string, string>>;
  /** The multiplier of the latest fill folded in. */
  readonly contractMultiplier: string | null;
  /** The latest funding payment folded in, in (time, fundingId) order; null before any. */
  readonly fundingThrough: { readonly time: number; readonly fundingId: string } | null;
  readonly fundingCount: number;
  /** Funding by asset. */
  readonly funding: Readonly<Record<string, string>>;
}

export interface FuturesPositionState {
  readonly accountId: string | null;
  readonly symbol: string | null;
  readonly side: PositionSide | null;
  /** Every real fill before `recent`, as totals. */
  readonly settled: PositionTotals;
  /**
   * The newest real fills (at most POSITION_FILL_WINDOW), sorted by (time, fillId):
   * a late report among them is folded in its place, and a repeated one is merged.
   */
  readonly recent: readonly PositionFill[];
  /** Inferred fills not retired yet, sorted by (time, fillId); figured after the real fills. */
  readonly inferred: readonly PositionFill[];
  /** The newest funding payments (at most POSITION_FUNDING_WINDOW), sorted by (time, fundingId). */
  readonly funding: readonly FundingPayment[];
  /** The venue's latest snapshot (later updateTime wins). */
  readonly venue: FuturesPositionObservation | null;
  /**
   * Snapshots of other contract figures the venue stamped with `venue`'s updateTime,
   * one per figure (absent when none): two changes of a position within a millisecond
   * share their stamp, and which came later cannot be told, so the fills are
   * reconciled against each.
   */
  readonly venueSameTime?: readonly FuturesPositionObservation[];
  readonly breaks: Readonly<Record<string, ReconciliationBreak>>;
}

interface PositionKey {
  readonly accountId: string;
  readonly symbol: string;
  readonly side: PositionSide;
}

export type PositionFillRecorded = DomainEvent<
  'PositionFillRecorded',
  2,
  PositionKey & {
    readonly fill: PositionFill;
    /**
     * The report of the same fill this one merges into (null for a new fill): a fill
     * already settled into the totals is taken out by it and put back merged.
     */
    readonly replaces: PositionFill | null;
  }
>;
export type PositionFillRetired = DomainEvent<
  'PositionFillRetired',
  1,
  { readonly fillId: string; readonly retiredAt: number }
>;
export type FundingPaymentRecorded = DomainEvent<
  'FundingPaymentRecorded',
  1,
  PositionKey & { readonly payment: FundingPayment }
>;

export type FuturesPositionEvent =
  | PositionFillRecorded
  | PositionFillRetired
  | FuturesPositionObserved
  | FundingPaymentRecorded
  | ReconciliationBreakDetected
  | ReconciliationBreakResolved;

/** What the OMS knows of a fill: the order's side comes from the order aggregate when WS omits it. */
export interface PositionFillInput {
  readonly accountId: string;
  readonly symbol: string;
  readonly fillId: string;
  readonly orderId: string;
  readonly orderSide: FuturesOrderSide;
  readonly price: string;
  readonly contracts: string;
  readonly fee: Fee | null;
  readonly venueRealizedPnl: string | null;
  readonly time: number;
  readonly inferred: boolean;
}

export interface RecordPositionFill {
  readonly type: 'RecordPositionFill';
  readonly fill: PositionFillInput;
  readonly now: number;
  /**
   * For a real fill no newer than the position's settled totals (see
   * `positionFillNeedsRecord`): the position's recorded report of that fill id, or null
   * when it has none. The state keeps no older fills, so the caller looks it up.
   */
  readonly recorded?: PositionFill | null;
}

export interface RetireInferredPositionFill {
  readonly type: 'RetireInferredPositionFill';
  readonly fillId: string;
  readonly now: number;
}

export interface RecordPositionObservation {
  readonly type: 'RecordPositionObservation';
  readonly observation: FuturesPositionObservation;
  readonly now: number;
}

export interface RecordFundingPayment {
  readonly type: 'RecordFundingPayment';
  readonly accountId: string;
  readonly symbol: string;
  readonly payment: FundingPayment;
  readonly now: number;
  /**
   * For a payment no newer than the settled funding (see `fundingPaymentNeedsRecord`):
   * the position's recorded payment of that id, or null when it has none.
   */
  readonly recorded?: FundingPayment | null;
}

/**
 * Compares the venue's latest snapshot with the position folded from fills up to the
 * snapshot's time, and each fill's venue realizedPnl with the one computed here.
 * Sent by the reconciliation loop after it has polled trades and positions.
 */
export interface ReconcilePosition {
  readonly type: 'ReconcilePosition';
  /** Largest accepted difference, in the settlement asset, before a P&L break. */
  readonly realizedPnlTolerance: string;
  readonly now: number;
}

export type FuturesPositionCommand =
  | RecordPositionFill
  | RetireInferredPositionFill
  | RecordPositionObservation
  | RecordFundingPayment
  | ReconcilePosition
  | ResolveReconciliationBreak;
