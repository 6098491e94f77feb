import { RateLimitedError } from '../errors/exchange-errors';
import { RateCost, WeightRateLimiter } from './weight-rate-limiter';

function virtualTime() {
  const clock = { now: 1_000_000, slept: [] as number[] };
  return {
    clock,
    now: () => clock.now,
    sleep: (ms: number) => {
      clock.slept.push(ms);
      clock.now += ms;
      return Promise.resolve();
    },
  };
}

/** A request answered at once, as the client completes its grant on the answer. */
async function answered(limiter: WeightRateLimiter, key: string, costs: readonly RateCost[]): Promise<void> {
  (await limiter.acquire(key, costs, 'X')).complete();
}

describe('WeightRateLimiter', () => {
  it('lets a key spend its query budget of 5 per second, then waits for the window to slide', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep });
    for (let i = 0; i < 5; i += 1) await answered(limiter, 'key-a', [{ category: 'query', weight: 1 }]);
    expect(time.clock.slept).toEqual([]);
    await answered(limiter, 'key-a', [{ category: 'query', weight: 1 }]);
    expect(time.clock.slept).toEqual([1100]); // window plus the 100 ms safety margin
  });

  it('counts weights: a weight-5 query uses the whole second', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep });
    await answered(limiter, 'key-a', [{ category: 'query', weight: 5 }]);
    time.clock.now += 400;
    await answered(limiter, 'key-a', [{ category: 'query', weight: 1 }]);
    expect(time.clock.slept).toEqual([700]);
  });

  it('holds the spend of a request under way until the transit allowance, then a window', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep });
    // Under way: it may reach the venue up to 500 ms late and be counted then.
    await limiter.acquire('key-a', [{ category: 'query', weight: 5 }], 'GET /slow');
    await answered(limiter, 'key-a', [{ category: 'query', weight: 1 }]);
    expect(time.clock.slept).toEqual([1600]);
  });

  it('ages a spend from its answer when the answer comes within the transit allowance', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep });
    const grant = await limiter.acquire('key-a', [{ category: 'query', weight: 5 }], 'GET /q');
    time.clock.now += 200;
    grant.complete();
    await answered(limiter, 'key-a', [{ category: 'query', weight: 1 }]);
    expect(time.clock.slept).toEqual([1100]);
  });

  it('keeps keys and categories apart', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep });
    await limiter.acquire('key-a', [{ category: 'query', weight: 5 }], 'GET /q');
    await limiter.acquire('key-b', [{ category: 'query', weight: 5 }], 'GET /q');
    for (let i = 0; i < 20; i += 1)
      await limiter.acquire('key-a', [{ category: 'order', weight: 1 }], 'POST /o');
    expect(time.clock.slept).toEqual([]);
  });

  it('allows one internal transfer per second', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep });
    const costs = [
      { category: 'order' as const, weight: 1 },
      { category: 'transfer' as const, weight: 1 },
    ];
    await answered(limiter, 'key-a', costs);
    time.clock.now += 250;
    await answered(limiter, 'key-a', costs);
    expect(time.clock.slept).toEqual([850]);
  });

  it('refuses instead of waiting longer than maxWaitMs', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep, maxWaitMs: 100 });
    await limiter.acquire('key-a', [{ category: 'query', weight: 5 }], 'GET /q');
    await expect(
      limiter.acquire('key-a', [{ category: 'query', weight: 1 }], 'GET /q'),
    ).rejects.toMatchObject({
      reason: 'local-budget',
      sent: false,
    });
  });

  it('suspends a key for 60 s after a 429 and refuses without waiting', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep });
    expect(limiter.reportTooManyRequests('key-a')).toBe(60_000);
    const refusal = limiter.acquire('key-a', [{ category: 'order', weight: 1 }], 'POST /o');
    await expect(refusal).rejects.toBeInstanceOf(RateLimitedError);
    await expect(refusal).rejects.toMatchObject({
      reason: 'key-suspended',
      retryAfterMs: 60_000,
      sent: false,
    });
    await limiter.acquire('key-b', [{ category: 'order', weight: 1 }], 'POST /o');
    time.clock.now += 59_999;
    await expect(
      limiter.acquire('key-a', [{ category: 'order', weight: 1 }], 'POST /o'),
    ).rejects.toMatchObject({
      retryAfterMs: 1,
    });
    time.clock.now += 1;
    await limiter.acquire('key-a', [{ category: 'order', weight: 1 }], 'POST /o');
    expect(time.clock.slept).toEqual([]);
  });

  it('honours a longer Retry-After on 429', () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep });
    limiter.reportTooManyRequests('key-a', 90_000);
    expect(limiter.suspendedForMs('key-a')).toBe(90_000);
  });

  it('after a 418 blocks every key', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep });
    limiter.reportIpBlocked(120_000);
    await expect(
      limiter.acquire('other-key', [{ category: 'public', weight: 1 }], 'GET /p'),
    ).rejects.toMatchObject({
      reason: 'ip-blocked',
      retryAfterMs: 120_000,
    });
  });

  it('after a resize to a smaller budget waits until the spends held exceed it no more', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep });
    for (let i = 0; i < 3; i += 1) await answered(limiter, 'key-a', [{ category: 'query', weight: 1 }]);
    limiter.resize({ query: { weight: 2, windowMs: 1_000 } });
    // Three held against a budget of two: the next one waits for the window to slide.
    await answered(limiter, 'key-a', [{ category: 'query', weight: 1 }]);
    expect(time.clock.slept).toEqual([1100]);
    await answered(limiter, 'key-a', [{ category: 'query', weight: 1 }]);
    await expect(
      limiter.acquire('key-a', [{ category: 'query', weight: 1 }], 'GET /q'),
    ).resolves.toBeDefined();
    expect(time.clock.slept).toEqual([1100, 1100]);
  });

  it('after a resize to a larger budget grants what it allows at once', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep });
    for (let i = 0; i < 5; i += 1) await answered(limiter, 'key-a', [{ category: 'query', weight: 1 }]);
    limiter.resize({ query: { weight: 8, windowMs: 1_000 } });
    for (let i = 0; i < 3; i += 1) await answered(limiter, 'key-a', [{ category: 'query', weight: 1 }]);
    expect(time.clock.slept).toEqual([]);
  });

  it('grants nothing while held: waits for a hold that ends in time, refuses at the end of its wait one that does not', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep, maxWaitMs: 5_000 });
    limiter.holdFor(2_000);
    await answered(limiter, 'key-a', [{ category: 'order', weight: 1 }]);
    expect(time.clock.slept.reduce((sum, ms) => sum + ms, 0)).toBe(2_000);

    limiter.holdFor(Infinity);
    const heldFrom = time.clock.now;
    await expect(
      limiter.acquire('key-b', [{ category: 'order', weight: 1 }], 'POST /o'),
    ).rejects.toMatchObject({ reason: 'local-budget', retryAfterMs: 5_000, sent: false });
    expect(time.clock.now - heldFrom).toBe(5_000);
    // Public market data is counted per address, not per key: not held.
    const slept = time.clock.slept.length;
    await answered(limiter, 'key-b', [{ category: 'public', weight: 1 }]);
    limiter.holdFor(0);
    await answered(limiter, 'key-b', [{ category: 'order', weight: 1 }]);
    expect(time.clock.slept.length).toBe(slept);
  });

  it("lets a waiting caller through soon after its hold is lifted, not at the hold's end", async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({
      now: time.now,
      sleep: async (ms) => {
        await time.sleep(ms);
        if (time.clock.slept.reduce((sum, each) => sum + each, 0) >= 300) limiter.holdFor(0);
      },
    });
    limiter.holdFor(Infinity);
    await answered(limiter, 'key-a', [{ category: 'query', weight: 1 }]);
    expect(time.clock.slept.reduce((sum, ms) => sum + ms, 0)).toBe(300);
  });

  it('grants nothing in a category whose budget is below one weight', async () => {
    const time = virtualTime();
    const limiter = new WeightRateLimiter({ now: time.now, sleep: time.sleep });
    limiter.resize({ query: { weight: 0, windowMs: 1_000 } });
    await expect(
      limiter.acquire('key-a', [{ category: 'query', weight: 1 }], 'GET /q'),
    ).rejects.toMatchObject({ reason: 'local-budget', sent: false });
    await answered(limiter, 'key-a', [{ category: 'order', weight: 1 }]);
    expect(time.clock.slept).toEqual([]);
  });
});
