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

export interface FuturesPositionState {
  readonly accountId: string | null;
  readonly symbol: string | null;
  readonly side: PositionSide | null;
  /** Sorted by (time, fillId). */
  readonly fills: readonly PositionFill[];
  /** Sorted by (time, fundingId). */
  readonly funding: readonly FundingPayment[];
  /** The venue's latest snapshot (later updateTime wins). */
  readonly venue: FuturesPositionObservation | null;
  readonly breaks: Readonly<Record<string, ReconciliationBreak>>;
}

interface PositionKey {
  readonly accountId: string;
  readonly symbol: string;
  readonly side: PositionSide;
}

export type PositionFillRecorded = DomainEvent<
  'PositionFillRecorded',
  1,
  PositionKey & { readonly fill: PositionFill }
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
