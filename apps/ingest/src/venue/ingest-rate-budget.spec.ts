import { ingestRateBudgets } from './ingest-rate-budget';

describe('ingest weight budget', () => {
  it('a key of its own: the whole query budget of the key', () => {
    expect(ingestRateBudgets(false, 0.25, 5).query).toEqual({ weight: 5, windowMs: 1_000 });
  });

  it('a shared key: a quarter of it on average, and the heaviest read (5) still fits', () => {
    const { query } = ingestRateBudgets(true, 0.25, 5);
    expect(query.weight / query.windowMs).toBeCloseTo((5 * 0.25) / 1_000, 6);
    expect(query.weight).toBeGreaterThanOrEqual(5);
  });

  it('a bigger key budget gives a bigger share, never more than the share of it', () => {
    const { query } = ingestRateBudgets(true, 0.5, 100);
    expect(query).toEqual({ weight: 50, windowMs: 1_000 });
  });
});
