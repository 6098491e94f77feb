/** One token's allowance: a bucket refilled continuously, `perMinute` deep. */
interface Bucket {
  tokens: number;
  refilledAt: number;
}

export type RateDecision =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Per-token request limits: a token bucket per token name, in this process's memory. It
 * keeps one OMS process from being flooded by one token, so it is a limit per process:
 * behind several replicas a token may make that many requests to each of them. `now` is
 * injected so specs control time.
 */
export class RequestRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number = Date.now) {}

  take(tokenName: string, perMinute: number): RateDecision {
    const now = this.now();
    const refillPerMs = perMinute / 60_000;
    const bucket = this.buckets.get(tokenName) ?? { tokens: perMinute, refilledAt: now };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.refilledAt) * refillPerMs);
    bucket.refilledAt = now;
    this.buckets.set(tokenName, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return {
      allowed: false,
      retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / refillPerMs / 1000)),
    };
  }
}
