/**
 * A disagreement that folding must not repair silently: two contradicting venue
 * reports, an overfill, an order found after it was declared absent, a position or
 * P&L that does not match the venue. Both sides are kept for the desk to judge.
 */
export const RECONCILIATION_BREAK_KINDS = [
  'status-contradiction',
  'overfill',
  'fill-contradiction',
  'order-identity-mismatch',
  'found-after-absent',
  'stop-trigger-contradiction',
  'position-mismatch',
  'realized-pnl-mismatch',
] as const;
export type ReconciliationBreakKind = (typeof RECONCILIATION_BREAK_KINDS)[number];

/** Flat, printable facts of one side of a break. */
export type BreakFacts = Readonly<Record<string, string | number | boolean | null>>;

export interface ReconciliationBreak {
  /** Deterministic from what disagrees, so the same break is raised once. */
  readonly breakId: string;
  readonly kind: ReconciliationBreakKind;
  readonly oms: BreakFacts;
  readonly venue: BreakFacts;
  readonly detectedAt: number;
  readonly resolution: { readonly actor: string; readonly note: string; readonly resolvedAt: number } | null;
}
