import { afterLookup, confirmedAbsent, EMPTY_RUN, nextDelayMs, resolutionPolicy } from './resolution-policy';

describe('resolution policy', () => {
  const policy = resolutionPolicy(2_000);

  it('backs off between lookups, doubling up to its cap', () => {
    let run = EMPTY_RUN;
    const delays: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      delays.push(nextDelayMs(policy, run, 0));
      run = afterLookup(run, 'unavailable', 0);
    }
    expect(delays).toEqual([100, 200, 400, 500, 500, 500]);
  });

  it('declares an order absent only after "not found" has held for the whole window', () => {
    let run = afterLookup(EMPTY_RUN, 'not-found', 1_000);
    expect(confirmedAbsent(policy, run, 2_900)).toBe(false);
    run = afterLookup(run, 'not-found', 3_000);
    expect(confirmedAbsent(policy, run, 3_000)).toBe(true);
    expect(run.lookups).toBe(2);
  });

  it('starts the window again when the venue stops answering in between', () => {
    let run = afterLookup(EMPTY_RUN, 'not-found', 0);
    run = afterLookup(run, 'unavailable', 1_500);
    run = afterLookup(run, 'not-found', 2_500);
    expect(confirmedAbsent(policy, run, 2_600)).toBe(false);
    run = afterLookup(run, 'not-found', 4_500);
    expect(confirmedAbsent(policy, run, 4_500)).toBe(true);
  });

  it('never waits past the end of the window once "not found" has started', () => {
    let run = EMPTY_RUN;
    for (let attempt = 0; attempt < 8; attempt += 1) run = afterLookup(run, 'not-found', 0);
    expect(nextDelayMs(policy, run, 1_900)).toBe(100);
  });
});
