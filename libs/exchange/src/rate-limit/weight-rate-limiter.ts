import { RateLimitedError } from '../errors/exchange-errors';

/**
 * Rate categories of the seeds: query endpoints and order endpoints have their own
 * budget per API key; public market data is counted per client (one IP); internal
 * transfers are at most one per second on top of the order budget.
 */
export type RateCategory = 'query' | 'order' | 'public' | 'transfer';

export interface RateBudget {
  readonly weight: number;
  readonly windowMs: number;
}

export type RateBudgets = Readonly<Record<RateCategory, RateBudget>>;

/** Seeds: 5 query and 20 order requests per second per key; transfers once per second. */
export const DEFAULT_RATE_BUDGETS: RateBudgets = {
  query: { weight: 5, windowMs: 1_000 },
  order: { weight: 20, windowMs: 1_000 },
  public: { weight: 20, windowMs: 1_000 },
  transfer: { weight: 1, windowMs: 1_000 },
};

/** Longest a caller waits for budget by default before getting a RateLimitedError. */
export const DEFAULT_MAX_WAIT_MS = 5_000;
/** Added to every window by default (see `WeightRateLimiterOptions.safetyMarginMs`). */
export const DEFAULT_SAFETY_MARGIN_MS = 100;
/** A request's default time between taking its budget and reaching the venue (`transitAllowanceMs`). */
export const DEFAULT_TRANSIT_ALLOWANCE_MS = 500;

export interface RateCost {
  readonly category: RateCategory;
  readonly weight: number;
}

export interface WeightRateLimiterOptions {
  readonly budgets?: Partial<RateBudgets>;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** Longest a caller waits for budget before getting a RateLimitedError. */
  readonly maxWaitMs?: number;
  /** Suspension after a 429 (seeds: wait one minute). */
  readonly suspensionMs?: number;
  /** Block after a 418 when the venue does not say how long. */
  readonly ipBlockMs?: number;
  /**
   * Added to every window, past the moment the venue has surely counted the request
   * (see `RateGrant`): a little room for the venue's clock and window boundaries.
   */
  readonly safetyMarginMs?: number;
  /**
   * Longest a request is taken to need between taking its budget and reaching the
   * venue (a clock resync, a busy event loop, the network). A request under way
   * longer than this has arrived, and its spend ages from then on.
   */
  readonly transitAllowanceMs?: number;
}

/**
 * The budget a request took. The venue counts a request when it arrives: after the
 * budget was taken, and before the answer or within the transit allowance, whichever
 * comes first. A spend is held for a window (and the margin) past that moment, so any
 * two requests that meet in one venue window were both held when the later one took
 * its budget, however late either reached the venue.
 */
export interface RateGrant {
  /** The request has its answer, or failed: it has reached the venue by now, if ever. */
  complete(): void;
}

interface Spend {
  /** The latest the venue counted it: its completion, or its booking plus the transit allowance. */
  countedBy: number;
  readonly weight: number;
}

/** How often a caller waiting on a hold looks whether it was lifted. */
const HOLD_RECHECK_MS = 50;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sliding-window weight limiter per API key and category, each spend held from the
 * moment the venue has surely counted it (`RateGrant`). Requests wait for budget
 * (up to `maxWaitMs`); a key that got a 429 is suspended and nothing is sent with it
 * until the suspension ends, which is what keeps the client from ever earning a 418.
 */
export class WeightRateLimiter {
  private budgets: RateBudgets;
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxWaitMs: number;
  private readonly suspensionMs: number;
  private readonly ipBlockMs: number;
  private readonly safetyMarginMs: number;
  private readonly transitAllowanceMs: number;
  private readonly spends = new Map<string, Spend[]>();
  private readonly suspendedUntilByKey = new Map<string, number>();
  private ipBlockedUntil = 0;
  private heldUntil = 0;

  constructor(options: WeightRateLimiterOptions = {}) {
    this.budgets = { ...DEFAULT_RATE_BUDGETS, ...options.budgets };
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? realSleep;
    this.maxWaitMs = options.maxWaitMs ?? DEFAULT_MAX_WAIT_MS;
    this.suspensionMs = options.suspensionMs ?? 60_000;
    this.ipBlockMs = options.ipBlockMs ?? 10 * 60_000;
    this.safetyMarginMs = options.safetyMarginMs ?? DEFAULT_SAFETY_MARGIN_MS;
    this.transitAllowanceMs = options.transitAllowanceMs ?? DEFAULT_TRANSIT_ALLOWANCE_MS;
  }

  /**
   * Waits until every cost fits its budget, then books them until the grant completes
   * and one window after; throws RateLimitedError instead of sending into a suspension.
   */
  async acquire(keyId: string, costs: readonly RateCost[], endpoint: string): Promise<RateGrant> {
    const deadline = this.now() + this.maxWaitMs;
    for (;;) {
      this.throwIfSuspended(keyId, endpoint);
      const now = this.now();
      const heldMs = costs.some((cost) => cost.category !== 'public') ? Math.max(0, this.heldUntil - now) : 0;
      const budgetMs = Math.max(0, ...costs.map((cost) => this.waitFor(keyId, cost, now)));
      if (heldMs === 0 && budgetMs === 0) {
        const spends = costs.map((cost) => this.book(keyId, cost, now));
        return {
          complete: () => {
            const completedAt = this.now();
            for (const spend of spends) spend.countedBy = Math.min(spend.countedBy, completedAt);
          },
        };
      }
      // A hold may be lifted early (holdFor(0)): it is looked at again soon, not slept out.
      const waitMs = heldMs > 0 ? Math.min(heldMs, HOLD_RECHECK_MS) : budgetMs;
      if (now + waitMs > deadline) {
        // A hold without an end: worth trying again after a caller's longest wait.
        const retryAfterMs = Math.max(heldMs, budgetMs);
        throw new RateLimitedError(
          endpoint,
          'local-budget',
          Number.isFinite(retryAfterMs) ? retryAfterMs : this.maxWaitMs,
          false,
        );
      }
      await this.sleep(waitMs);
    }
  }

  /**
   * Changes the budgets from now on, for example a key's share that shrank or grew as
   * other processes began or stopped sending with it. Spends already held count against
   * the new budgets: a smaller budget is waited for until they have aged out.
   */
  resize(budgets: Partial<RateBudgets>): void {
    this.budgets = { ...this.budgets, ...budgets };
  }

  /**
   * Grants nothing of the key's budgets for `ms` from now (Infinity: until the next
   * call): callers wait for the hold as for budget (looking every 50 ms whether it was
   * lifted), and get RateLimitedError at the end of their longest wait. `holdFor(0)`
   * lifts it. For a process that may not know its share of a key (it has just joined
   * the key's senders, or lost sight of them).
   * Public market data is counted per address, not per key, and is not held.
   */
  holdFor(ms: number): void {
    this.heldUntil = this.now() + ms;
  }

  /** The venue answered 429: suspend this key. */
  reportTooManyRequests(keyId: string, retryAfterMs?: number): number {
    const until = this.now() + Math.max(this.suspensionMs, retryAfterMs ?? 0);
    this.suspendedUntilByKey.set(keyId, Math.max(until, this.suspendedUntilByKey.get(keyId) ?? 0));
    return until - this.now();
  }

  /** The venue answered 418: the address is banned, so nothing is sent with any key. */
  reportIpBlocked(retryAfterMs?: number): number {
    this.ipBlockedUntil = Math.max(this.ipBlockedUntil, this.now() + (retryAfterMs ?? this.ipBlockMs));
    return this.ipBlockedUntil - this.now();
  }

  /** Remaining suspension of a key in ms (0 when it may send). */
  suspendedForMs(keyId: string): number {
    const now = this.now();
    return Math.max(0, this.ipBlockedUntil - now, (this.suspendedUntilByKey.get(keyId) ?? 0) - now);
  }

  private throwIfSuspended(keyId: string, endpoint: string): void {
    const now = this.now();
    if (this.ipBlockedUntil > now) {
      throw new RateLimitedError(endpoint, 'ip-blocked', this.ipBlockedUntil - now, false);
    }
    const keyUntil = this.suspendedUntilByKey.get(keyId) ?? 0;
    if (keyUntil > now) throw new RateLimitedError(endpoint, 'key-suspended', keyUntil - now, false);
  }

  private waitFor(keyId: string, cost: RateCost, now: number): number {
    const budget = this.budgets[cost.category];
    // A budget below one weight (a key's share split too thinly) grants nothing.
    if (budget.weight < 1) return Infinity;
    const spends = this.prune(keyId, cost.category, now);
    let used = spends.reduce((sum, spend) => sum + spend.weight, 0);
    // A weight above the whole budget is served alone in an empty window.
    const needed = Math.min(cost.weight, budget.weight);
    if (used + needed <= budget.weight) return 0;
    const heldMs = budget.windowMs + this.safetyMarginMs;
    // A completion can bring a spend's end forward, past spends booked before it.
    const byEnd = [...spends].sort((a, b) => a.countedBy - b.countedBy);
    for (const spend of byEnd) {
      used -= spend.weight;
      if (used + needed <= budget.weight) return spend.countedBy + heldMs - now;
    }
    return heldMs;
  }

  private book(keyId: string, cost: RateCost, now: number): Spend {
    const spend: Spend = { countedBy: now + this.transitAllowanceMs, weight: cost.weight };
    this.prune(keyId, cost.category, now).push(spend);
    return spend;
  }

  private prune(keyId: string, category: RateCategory, now: number): Spend[] {
    const bucketKey = `${keyId}\u0000${category}`;
    const heldMs = this.budgets[category].windowMs + this.safetyMarginMs;
    const kept = (this.spends.get(bucketKey) ?? []).filter((spend) => now - spend.countedBy < heldMs);
    this.spends.set(bucketKey, kept);
    return kept;
  }
}
