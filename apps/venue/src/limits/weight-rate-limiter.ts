/** Order endpoints and query endpoints have separate budgets per key (seeds, Limits). */
export type RateLimitClass = 'ORDER' | 'QUERY';

export interface RateLimitSettings {
  readonly queryWeightPerSecond: number;
  readonly orderWeightPerSecond: number;
  readonly suspensionMs: number;
  readonly requestsBeforeBan: number;
  readonly banMs: number;
}

export type RateLimitDecision =
  | { readonly outcome: 'ALLOWED' }
  | { readonly outcome: 'LIMITED'; readonly retryAfterMs: number }
  | { readonly outcome: 'BANNED'; readonly retryAfterMs: number };

interface KeyState {
  windowStart: number;
  used: Record<RateLimitClass, number>;
  suspendedUntil: number;
  requestsWhileSuspended: number;
  bannedUntil: number;
}

/**
 * Weight-based limits per API key over one-second windows. Exceeding a budget answers
 * 429 and suspends the key for a minute; a key that keeps sending while suspended is
 * banned with 418, which is what the seeds describe for an IP.
 */
export class WeightRateLimiter {
  private readonly states = new Map<string, KeyState>();
  private readonly forced = new Map<string, number>();
  private forcedForAnyKey = 0;

  constructor(
    private readonly settings: RateLimitSettings,
    private readonly now: () => number,
  ) {}

  consume(apiKey: string, limitClass: RateLimitClass, weight: number): RateLimitDecision {
    const now = this.now();
    const state = this.stateOf(apiKey, now);
    if (state.bannedUntil > now) return { outcome: 'BANNED', retryAfterMs: state.bannedUntil - now };
    if (state.suspendedUntil > now) {
      state.requestsWhileSuspended += 1;
      if (state.requestsWhileSuspended > this.settings.requestsBeforeBan) {
        state.bannedUntil = now + this.settings.banMs;
        return { outcome: 'BANNED', retryAfterMs: this.settings.banMs };
      }
      return { outcome: 'LIMITED', retryAfterMs: state.suspendedUntil - now };
    }
    // A forced 429 leaves the key's real budget and suspension untouched.
    if (this.takeForced(apiKey)) return { outcome: 'LIMITED', retryAfterMs: this.settings.suspensionMs };
    if (now - state.windowStart >= 1000) {
      state.windowStart = now;
      state.used = { ORDER: 0, QUERY: 0 };
    }
    const budget =
      limitClass === 'ORDER' ? this.settings.orderWeightPerSecond : this.settings.queryWeightPerSecond;
    if (state.used[limitClass] + weight > budget) return this.suspend(state, now);
    state.used[limitClass] += weight;
    return { outcome: 'ALLOWED' };
  }

  /** Makes the next `count` requests answer 429 (for one key, or for any key). */
  forceLimit(count: number, apiKey?: string): void {
    if (apiKey === undefined) this.forcedForAnyKey = count;
    else this.forced.set(apiKey, count);
  }

  /** Lifts every suspension, ban and forced limit. */
  reset(): void {
    this.states.clear();
    this.forced.clear();
    this.forcedForAnyKey = 0;
  }

  private suspend(state: KeyState, now: number): RateLimitDecision {
    state.suspendedUntil = now + this.settings.suspensionMs;
    state.requestsWhileSuspended = 0;
    return { outcome: 'LIMITED', retryAfterMs: this.settings.suspensionMs };
  }

  private takeForced(apiKey: string): boolean {
    const forKey = this.forced.get(apiKey) ?? 0;
    if (forKey > 0) {
      this.forced.set(apiKey, forKey - 1);
      return true;
    }
    if (this.forcedForAnyKey > 0) {
      this.forcedForAnyKey -= 1;
      return true;
    }
    return false;
  }

  private stateOf(apiKey: string, now: number): KeyState {
    let state = this.states.get(apiKey);
    if (state === undefined) {
      state = {
        windowStart: now,
        used: { ORDER: 0, QUERY: 0 },
        suspendedUntil: 0,
        requestsWhileSuspended: 0,
        bannedUntil: 0,
      };
      this.states.set(apiKey, state);
    }
    return state;
  }
}
