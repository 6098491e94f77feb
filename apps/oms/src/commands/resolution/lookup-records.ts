export type LookupAnswer = 'not-found' | 'unavailable';

/**
 * Lookups that repeat the last recorded answer are recorded together: a venue outage is
 * probed every few seconds for as long as it lasts, and the store need not hold an event
 * per probe. A run of one answer is recorded at its 1st, 2nd, 4th, 8th... lookup, so the
 * desk sees `uncertainty.lookups` move while the order is being resolved, and at least
 * this often besides; a changed answer is recorded at once. An outage of n lookups over
 * t ms writes about log2(n) + t / REPEATED_LOOKUP_RECORD_MS events.
 */
export const REPEATED_LOOKUP_RECORD_MS = 30_000;

/** The last lookup recorded on an order, and the lookups with its answer not recorded since. */
export interface LookupRecordState {
  readonly answer: LookupAnswer;
  readonly at: number;
  readonly unrecorded: number;
  /** Lookups of this run of one answer, recorded or not. */
  readonly run: number;
}

const isPowerOfTwo = (value: number): boolean => value > 0 && (value & (value - 1)) === 0;

export interface LookupRecordPlan {
  /** The RecordSubmissionLookup records to write now, in order (none while repeats wait). */
  readonly records: ReadonlyArray<{ readonly answer: LookupAnswer; readonly lookups: number }>;
  readonly next: LookupRecordState;
}

/**
 * What a lookup answering `answer` at `now` records: the first lookup, a changed answer
 * (after the repeats of the old one not yet recorded) and repeats of one answer at the
 * run's powers of two or once REPEATED_LOOKUP_RECORD_MS have passed since its last
 * record, counting them all.
 */
export function planLookupRecord(
  last: LookupRecordState | undefined,
  answer: LookupAnswer,
  now: number,
): LookupRecordPlan {
  const first = { answer, at: now, unrecorded: 0, run: 1 };
  if (last === undefined) return { records: [{ answer, lookups: 1 }], next: first };
  if (last.answer === answer) {
    const run = last.run + 1;
    if (!isPowerOfTwo(run) && now - last.at < REPEATED_LOOKUP_RECORD_MS) {
      return { records: [], next: { ...last, unrecorded: last.unrecorded + 1, run } };
    }
    return {
      records: [{ answer, lookups: last.unrecorded + 1 }],
      next: { answer, at: now, unrecorded: 0, run },
    };
  }
  const repeats = last.unrecorded > 0 ? [{ answer: last.answer, lookups: last.unrecorded }] : [];
  return { records: [...repeats, { answer, lookups: 1 }], next: first };
}
