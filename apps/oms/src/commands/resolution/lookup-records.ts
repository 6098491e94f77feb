export type LookupAnswer = 'not-found' | 'unavailable';

/**
 * Lookups that repeat the last recorded answer are recorded together at most this often:
 * a venue outage is probed every few seconds for as long as it lasts, and the store need
 * not hold an event per probe. A changed answer is recorded at once.
 */
export const REPEATED_LOOKUP_RECORD_MS = 30_000;

/** The last lookup recorded on an order, and the lookups with its answer not recorded since. */
export interface LookupRecordState {
  readonly answer: LookupAnswer;
  readonly at: number;
  readonly unrecorded: number;
}

export interface LookupRecordPlan {
  /** The RecordSubmissionLookup records to write now, in order (none while repeats wait). */
  readonly records: ReadonlyArray<{ readonly answer: LookupAnswer; readonly lookups: number }>;
  readonly next: LookupRecordState;
}

/**
 * What a lookup answering `answer` at `now` records: the first lookup, a changed answer
 * (after the repeats of the old one not yet recorded) and repeats of one answer once
 * REPEATED_LOOKUP_RECORD_MS have passed since its last record, counting them all.
 */
export function planLookupRecord(
  last: LookupRecordState | undefined,
  answer: LookupAnswer,
  now: number,
): LookupRecordPlan {
  if (last === undefined)
    return { records: [{ answer, lookups: 1 }], next: { answer, at: now, unrecorded: 0 } };
  if (last.answer === answer) {
    if (now - last.at < REPEATED_LOOKUP_RECORD_MS) {
      return { records: [], next: { ...last, unrecorded: last.unrecorded + 1 } };
    }
    return { records: [{ answer, lookups: last.unrecorded + 1 }], next: { answer, at: now, unrecorded: 0 } };
  }
  const repeats = last.unrecorded > 0 ? [{ answer: last.answer, lookups: last.unrecorded }] : [];
  return { records: [...repeats, { answer, lookups: 1 }], next: { answer, at: now, unrecorded: 0 } };
}
