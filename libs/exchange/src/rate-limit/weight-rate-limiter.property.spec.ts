import fc from 'fast-check';
import { RateCategory, RateGrant, WeightRateLimiter } from './weight-rate-limiter';

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

  it('never lets the venue count more than the budget in any of its windows, however late requests arrive', async () => {
    const request = fc.record({
      gapMs: fc.integer({ min: 0, max: 400 }),
      /** From taking the budget to reaching the venue: a clock resync, a busy event loop, the network. */
      transitMs: fc.integer({ min: 0, max: 500 }),
      answerMs: fc.integer({ min: 0, max: 1_500 }),
      weight: fc.constantFrom(1, 1, 1, 3, 5),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(request, { minLength: 1, maxLength: 60 }), async (requests) => {
        let now = 0;
        // Requests are under way together: each grant completes when its answer comes.
        const underWay: { answeredAt: number; grant: RateGrant }[] = [];
        const advanceTo = (target: number) => {
          underWay.sort((a, b) => a.answeredAt - b.answeredAt);
          while (underWay.length > 0 && underWay[0].answeredAt <= target) {
            const next = underWay.shift()!;
            now = Math.max(now, next.answeredAt);
            next.grant.complete();
          }
          now = target;
        };
        const limiter = new WeightRateLimiter({
          budgets,
          now: () => now,
          sleep: (ms) => {
            advanceTo(now + ms);
            return Promise.resolve();
          },
          maxWaitMs: 600_000,
        });
        const arrivals: { at: number; weight: number }[] = [];
        for (const { gapMs, transitMs, answerMs, weight } of requests) {
          advanceTo(now + gapMs);
          const grant = await limiter.acquire('a', [{ category: 'query', weight }], 'X');
          arrivals.push({ at: now + transitMs, weight });
          underWay.push({ answeredAt: now + transitMs + answerMs, grant });
        }
        for (const arrival of arrivals) {
          const counted = arrivals
            .filter((other) => other.at >= arrival.at && other.at - arrival.at < budgets.query.windowMs)
            .reduce((sum, other) => sum + other.weight, 0);
          expect(counted).toBeLessThanOrEqual(budgets.query.weight);
        }
      }),
      { numRuns: 300 },
    );
  });
});
