import { DEFAULT_RATE_BUDGETS, RateBudgets } from '@oms/exchange';

/**
 * The OMS's part of a key's weight budget. When ingest polls with the same key, the two
 * processes keep apart budgets whose sum never exceeds the venue's (each rounds down),
 * so neither can earn the 429 that would suspend the key, and with it desk orders, for
 * a minute. Transfers are the OMS's alone; public market data is not counted per key.
 */
export function omsRateBudgets(
  sharesKeyWithIngest: boolean,
  ingestShare: number,
  keyBudget: { readonly queryPerSecond: number; readonly orderPerSecond: number } = {
    queryPerSecond: DEFAULT_RATE_BUDGETS.query.weight,
    orderPerSecond: DEFAULT_RATE_BUDGETS.order.weight,
  },
): RateBudgets {
  const omsShare = sharesKeyWithIngest ? 1 - ingestShare : 1;
  const omsPart = (weight: number) => ({
    windowMs: 1_000,
    weight: Math.max(1, Math.floor(weight * omsShare)),
  });
  return {
    ...DEFAULT_RATE_BUDGETS,
    query: omsPart(keyBudget.queryPerSecond),
    order: omsPart(keyBudget.orderPerSecond),
  };
}
