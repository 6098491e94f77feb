import {
  DEFAULT_RATE_BUDGETS,
  EndpointSpec,
  RateBudget,
  RateBudgets,
  WeightRateLimiter,
} from '@oms/exchange';

/**
 * Ingest's budget on a key. A key of its own (read-only) gets the key's whole query
 * budget. A key shared with the OMS gets `share` of every budget over the venue's own
 * one-second window: the OMS keeping to the rest, the two can never exceed the key's
 * limit together, whatever their timing, so a poll never earns the 429 that would
 * suspend the key and block desk orders.
 */
export function ingestRateBudgets(shared: boolean, share: number, queryWeightPerSecond: number): RateBudgets {
  const query: RateBudget = { weight: queryWeightPerSecond, windowMs: 1_000 };
  if (!shared) return { ...DEFAULT_RATE_BUDGETS, query };
  const scaled = (budget: RateBudget): RateBudget => ({
    weight: budget.weight * share,
    windowMs: budget.windowMs,
  });
  return { ...DEFAULT_RATE_BUDGETS, query: scaled(query), order: scaled(DEFAULT_RATE_BUDGETS.order) };
}

/**
 * Whether a request can ever be sent within the budget. On a shared key with the
 * seeds' 5 query weight per second, a quarter is 1.25: the weight-5 reads (spot
 * balances, spot trades, spot order history, the ledger) do not fit and are skipped,
 * which /health reports; a read-only key for ingest, or the key's real (larger)
 * budget in EXCHANGE_QUERY_WEIGHT_PER_SECOND, brings them back.
 */
export function fitsBudget(endpoint: EndpointSpec, budgets: RateBudgets): boolean {
  return endpoint.weight <= budgets[endpoint.rate].weight;
}

/**
 * How long past its window each spend stays booked, beyond the moment the venue has
 * surely counted the request (libs/exchange holds a spend until the answer, or for the
 * transit allowance). Ingest is not in a hurry, so it keeps a wider margin than
 * libs/exchange's 100 ms and leaves the OMS its part even around a venue window's edge.
 */
export const INGEST_SAFETY_MARGIN_MS = 300;

/**
 * The limiter of one account's ingest client. Polls wait for budget (up to 30 s)
 * rather than failing; a 429 suspends the key for the minute the seeds ask
 * (libs/exchange refuses to send meanwhile) and the poller waits it out.
 */
export function ingestRateLimiter(budgets: RateBudgets): WeightRateLimiter {
  return new WeightRateLimiter({ budgets, maxWaitMs: 30_000, safetyMarginMs: INGEST_SAFETY_MARGIN_MS });
}
