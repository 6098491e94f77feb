import { RequestRateLimiter } from './request-rate-limiter';

describe('RequestRateLimiter', () => {
  it('allows a token its requests per minute, then refuses with the seconds until the next one', () => {
    let now = 0;
    const limiter = new RequestRateLimiter(() => now);
    for (let i = 0; i < 3; i += 1) expect(limiter.take('desk-a', 3)).toEqual({ allowed: true });
    expect(limiter.take('desk-a', 3)).toEqual({ allowed: false, retryAfterSeconds: 20 });
    now = 20_000;
    expect(limiter.take('desk-a', 3)).toEqual({ allowed: true });
  });

  it('keeps each token its own allowance', () => {
    const limiter = new RequestRateLimiter(() => 0);
    expect(limiter.take('one', 1)).toEqual({ allowed: true });
    expect(limiter.take('one', 1).allowed).toBe(false);
    expect(limiter.take('two', 1)).toEqual({ allowed: true });
  });
});
