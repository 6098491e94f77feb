/** One token's allowance: a bucket refilled continuously, `perMinute` deep. */
interface Bucket {
  tokens: number;
  refilledAt: number;
}

export type RateDecision =
  { readonly allowed: true } | { readonly allowed: false; readonly retryAfterSeconds: number };

/**
 * Per-token request limits (desk-api.md, "Access"): a token bucket per token name, in
 * memory (one OMS process serves the desk). `now` is injected so specs control time.
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
