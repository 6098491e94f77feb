import {
  LookupAnswer,
  LookupRecordState,
  planLookupRecord,
  REPEATED_LOOKUP_RECORD_MS,
} from './lookup-records';

/** Runs lookups (answer at time) through the plan; answers the records written. */
function recordsOf(lookups: ReadonlyArray<[LookupAnswer, number]>) {
  let state: LookupRecordState | undefined;
  const written: Array<{ answer: LookupAnswer; lookups: number; at: number }> = [];
  for (const [answer, at] of lookups) {
    const plan = planLookupRecord(state, answer, at);
    state = plan.next;
    written.push(...plan.records.map((record) => ({ ...record, at })));
  }
  return written;
}

describe('planLookupRecord', () => {
  it('records the first lookup at once', () => {
    expect(recordsOf([['not-found', 0]])).toEqual([{ answer: 'not-found', lookups: 1, at: 0 }]);
  });

  it('records an outage probed every 2 s at the 1st, 2nd, 4th, 8th and 16th lookup, then once per 30 s, counting every lookup', () => {
    const probes: Array<[LookupAnswer, number]> = [];
    for (let at = 0; at <= 60_000; at += 2_000) probes.push(['unavailable', at]);
    const written = recordsOf(probes);
    expect(written).toEqual([
      { answer: 'unavailable', lookups: 1, at: 0 },
      { answer: 'unavailable', lookups: 1, at: 2_000 },
      { answer: 'unavailable', lookups: 2, at: 6_000 },
      { answer: 'unavailable', lookups: 4, at: 14_000 },
      { answer: 'unavailable', lookups: 8, at: 30_000 },
      { answer: 'unavailable', lookups: 15, at: 60_000 },
    ]);
    expect(written.reduce((sum, record) => sum + record.lookups, 0)).toBe(probes.length);
  });

  it('records a changed answer at once, after the repeats of the old one not yet recorded', () => {
    expect(
      recordsOf([
        ['unavailable', 0],
        ['unavailable', 2_000],
        ['unavailable', 4_000],
        ['not-found', 6_000],
        ['not-found', 8_000],
        ['unavailable', 10_000],
      ]),
    ).toEqual([
      { answer: 'unavailable', lookups: 1, at: 0 },
      { answer: 'unavailable', lookups: 1, at: 2_000 },
      { answer: 'unavailable', lookups: 1, at: 6_000 },
      { answer: 'not-found', lookups: 1, at: 6_000 },
      { answer: 'not-found', lookups: 1, at: 8_000 },
      { answer: 'unavailable', lookups: 1, at: 10_000 },
    ]);
  });

  it('records a repeat between powers of two once the interval has passed since the last record', () => {
    expect(
      recordsOf([
        ['not-found', 0],
        ['not-found', 1_000],
        ['not-found', 2_000],
        ['not-found', 3_000],
        ['not-found', 4_000],
        ['not-found', 3_000 + REPEATED_LOOKUP_RECORD_MS - 1],
        ['not-found', 3_000 + REPEATED_LOOKUP_RECORD_MS],
      ]),
    ).toEqual([
      { answer: 'not-found', lookups: 1, at: 0 },
      { answer: 'not-found', lookups: 1, at: 1_000 },
      { answer: 'not-found', lookups: 2, at: 3_000 },
      { answer: 'not-found', lookups: 3, at: 3_000 + REPEATED_LOOKUP_RECORD_MS },
    ]);
  });
});
