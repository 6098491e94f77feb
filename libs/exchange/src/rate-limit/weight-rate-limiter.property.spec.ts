import fc from 'fast-check';
import { RateCategory, WeightRateLimiter } from './weight-rate-limiter';

const budgets = {
  query: { weight: 5, windowMs: 1_000 },
  order: { weight: 20, windowMs: 1_000 },
  public: { weight: 20, windowMs: 1_000 },
  transfer: { weight: 1, windowMs: 1_000 },
};

describe('WeightRateLimiter properties', () => {
  it('never lets more than the budget through in any window, whatever the arrival pattern', async () => {
    const request = fc.record({
      gapMs: fc.integer({ min: 0, max: 400 }),
      key: fc.constantFrom('a', 'b'),
      category: fc.constantFrom<RateCategory>('query', 'order'),
      weight: fc.constantFrom(1, 1, 1, 3, 5),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 60 }), async (requests) => {
        let now = 0;
        const limiter = new WeightRateLimiter({
          budgets,
          now: () => now,
          sleep: (ms) => {
            now += ms;
            return Promise.resolve();
          },
          maxWaitMs: 60_000,
        });
        const granted: { at: number; key: string; category: RateCategory; weight: number }[] = [];
        for (const { gapMs, key, category, weight } of requests) {
          now += gapMs;
          await limiter.acquire(key, [{ category, weight }], 'X');
          granted.push({ at: now, key, category, weight });
        }
        for (const grant of granted) {
          const inWindow = granted.filter(
            (other) =>
              other.key === grant.key &&
              other.category === grant.category &&
              other.at <= grant.at &&
              grant.at - other.at < budgets[grant.category].windowMs,
          );
          const used = inWindow.reduce((sum, other) => sum + other.weight, 0);
          expect(used).toBeLessThanOrEqual(budgets[grant.category].weight);
        }
      }),
      { numRuns: 200 },
    );
  });
});
