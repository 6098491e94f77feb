import { SubmissionLookupAnswer, UncertaintyReason } from './order-lifecycle.events';

/**
 * Commands every order aggregate accepts. `now` is the OMS clock in milliseconds,
 * passed in because the domain never reads a clock.
 */
export interface RecordSubmissionRejected {
  readonly type: 'RecordSubmissionRejected';
  readonly venueCode: string;
  readonly venueMessage: string;
  readonly now: number;
}

export interface RecordSubmissionUncertain {
  readonly type: 'RecordSubmissionUncertain';
  readonly reason: UncertaintyReason;
  readonly detail: string;
  readonly now: number;
}

/**
 * The resolver looked an uncertain order up by its client id and learned nothing certain.
 * One record may stand for several lookups with the same answer (`lookups`, 1 when
 * absent): a long venue outage is probed every few seconds, not recorded as often.
 */
export interface RecordSubmissionLookup {
  readonly type: 'RecordSubmissionLookup';
  readonly answer: SubmissionLookupAnswer;
  readonly lookups?: number;
  readonly now: number;
}

/** The resolver's bounded window ended with every lookup by clientOrderId saying "not found". */
export interface ResolveSubmissionAbsent {
  readonly type: 'ResolveSubmissionAbsent';
  readonly lookups: number;
  readonly venueCode: string | null;
  readonly venueMessage: string | null;
  readonly now: number;
}

export interface RequestCancel {
  readonly type: 'RequestCancel';
  readonly actor: string;
  readonly now: number;
}

export interface RecordCancelRejected {
  readonly type: 'RecordCancelRejected';
  readonly venueCode: string;
  readonly venueMessage: string;
  readonly now: number;
}

export interface RecordCancelUncertain {
  readonly type: 'RecordCancelUncertain';
  readonly reason: UncertaintyReason;
  readonly detail: string;
  readonly now: number;
}

/** After an uncertain cancel, the venue still shows the order live at the end of the window. */
export interface ResolveCancelNotCanceled {
  readonly type: 'ResolveCancelNotCanceled';
  readonly now: number;
}

export interface ResolveReconciliationBreak {
  readonly type: 'ResolveReconciliationBreak';
  readonly breakId: string;
  readonly actor: string;
  readonly note: string;
  readonly now: number;
}

export type OrderLifecycleCommand =
  | RecordSubmissionRejected
  | RecordSubmissionUncertain
  | RecordSubmissionLookup
  | ResolveSubmissionAbsent
  | RequestCancel
  | RecordCancelRejected
  | RecordCancelUncertain
  | ResolveCancelNotCanceled
  | ResolveReconciliationBreak;
