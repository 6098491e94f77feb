import {
  DEFAULT_RATE_BUDGETS,
  ExchangeAccount,
  RateBudget,
  RateBudgets,
  WeightRateLimiter,
} from '@oms/exchange';

/** The heaviest read ingest sends (account, trades, tradeOrders, balanceFlow weigh 5). */
export const HEAVIEST_INGEST_READ_WEIGHT = 5;

/**
 * Ingest's share of a key's budget. A key of its own (read-only) gets the key's whole
 * query budget. A key shared with the OMS gets `share` of it: the window is stretched
 * so the heaviest read still fits, keeping the average rate at `share` of the key's
 * (with the default 0.25 and 5 query weight per second: 5 weight per 4 s). Ingest
 * sends no orders, so its order budget only covers listen keys.
 */
export function ingestRateBudgets(shared: boolean, share: number, queryWeightPerSecond: number): RateBudgets {
  const query: RateBudget = { weight: queryWeightPerSecond, windowMs: 1_000 };
  if (!shared) return { ...DEFAULT_RATE_BUDGETS, query };
  const scale = (budget: RateBudget, heaviest: number): RateBudget => {
    const weight = Math.max(heaviest, Math.floor(budget.weight * share));
    return { weight, windowMs: Math.ceil((budget.windowMs * weight) / (budget.weight * share)) };
  };
  return {
    ...DEFAULT_RATE_BUDGETS,
    query: scale(query, HEAVIEST_INGEST_READ_WEIGHT),
    order: scale(DEFAULT_RATE_BUDGETS.order, 1),
  };
}

/**
 * The limiter of one account's ingest client. Polls wait for budget (up to 30 s)
 * rather than failing; a 429 suspends the key for the minute the seeds ask
 * (libs/exchange), and later polls wait for the suspension to end.
 */
export function ingestRateLimiter(
  account: ExchangeAccount,
  share: number,
  queryWeightPerSecond: number,
): WeightRateLimiter {
  return new WeightRateLimiter({
    budgets: ingestRateBudgets(account.ingestSharesTradingKey, share, queryWeightPerSecond),
    maxWaitMs: 30_000,
  });
}
