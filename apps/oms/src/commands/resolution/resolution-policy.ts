/**
 * When the resolver looks an uncertain order up again, and when "not found" has lasted
 * long enough to mean "never placed". Pure: the resolver passes its clock in.
 *
 * - Backoff: the first lookup soon after the uncertain answer (the venue may still be
 *   settling), then doubling up to `maxDelayMs`.
 * - Absent: only after lookups have answered "not found" without interruption for the
 *   whole window. A venue outage (no answer at all) restarts that run, so an order is
 *   never declared absent on the strength of a venue that could not be asked.
 */
export interface ResolutionPolicy {
  /** Before the first lookup. */
  readonly firstDelayMs: number;
  /** The backoff's first step; it doubles from there. */
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly windowMs: number;
  /** At least this many "not found" answers before absence is declared. */
  readonly minLookups: number;
}

export function resolutionPolicy(windowMs: number, firstDelayMs = 100): ResolutionPolicy {
  return {
    firstDelayMs,
    baseDelayMs: 100,
    maxDelayMs: Math.max(200, Math.min(2_000, Math.floor(windowMs / 4))),
    windowMs,
    minLookups: 2,
  };
}

export interface LookupRun {
  /** "Not found" answers in the current unbroken run. */
  readonly notFound: number;
  /** Our clock at the first "not found" of the run; null while the run is empty. */
  readonly notFoundSince: number | null;
  /** Lookups that got an answer of any kind (reported on the order). */
  readonly lookups: number;
  readonly attempts: number;
}

export const EMPTY_RUN: LookupRun = { notFound: 0, notFoundSince: null, lookups: 0, attempts: 0 };

export type LookupAnswer = 'found' | 'not-found' | 'unavailable';

export function afterLookup(run: LookupRun, answer: LookupAnswer, now: number): LookupRun {
  switch (answer) {
    case 'found':
      return { ...run, lookups: run.lookups + 1, attempts: run.attempts + 1 };
    case 'not-found':
      return {
        notFound: run.notFound + 1,
        notFoundSince: run.notFoundSince ?? now,
        lookups: run.lookups + 1,
        attempts: run.attempts + 1,
      };
    case 'unavailable':
      return { ...run, notFound: 0, notFoundSince: null, attempts: run.attempts + 1 };
  }
}

/** True once "not found" has held for the whole window (and enough lookups). */
export function confirmedAbsent(policy: ResolutionPolicy, run: LookupRun, now: number): boolean {
  return (
    run.notFoundSince !== null &&
    run.notFound >= policy.minLookups &&
    now - run.notFoundSince >= policy.windowMs
  );
}

/** Delay before the next lookup; never past the moment absence could be confirmed. */
export function nextDelayMs(policy: ResolutionPolicy, run: LookupRun, now: number): number {
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(run.attempts, 16));
  if (run.notFoundSince === null) return backoff;
  const untilWindowEnd = run.notFoundSince + policy.windowMs - now;
  return Math.max(policy.baseDelayMs, Math.min(backoff, untilWindowEnd));
}
