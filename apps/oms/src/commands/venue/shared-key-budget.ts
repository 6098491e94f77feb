import { DEFAULT_RATE_BUDGETS, RateBudgets } from '@oms/exchange';

/**
 * The OMS's part of a key's weight budget. When ingest polls with the same key, the two
 * processes keep apart budgets whose sum never exceeds the venue's (each rounds down),
 * so neither can earn the 429 that would suspend the key, and with it desk orders, for
 * a minute. Transfers are the OMS's alone; public market data is not counted per key.
 */
export function omsRateBudgets(sharesKeyWithIngest: boolean, ingestShare: number): RateBudgets {
  if (!sharesKeyWithIngest) return DEFAULT_RATE_BUDGETS;
  const omsPart = (budget: { weight: number; windowMs: number }) => ({
    windowMs: budget.windowMs,
    weight: Math.max(1, Math.floor(budget.weight * (1 - ingestShare))),
  });
  return {
    ...DEFAULT_RATE_BUDGETS,
    query: omsPart(DEFAULT_RATE_BUDGETS.query),
    order: omsPart(DEFAULT_RATE_BUDGETS.order),
  };
}
