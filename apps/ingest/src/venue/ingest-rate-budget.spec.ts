import { ENDPOINTS } from '@oms/exchange';
import { fitsBudget, ingestRateBudgets } from './ingest-rate-budget';

describe('ingest weight budget', () => {
  it('a key of its own: the whole query budget of the key, every read fits', () => {
    const budgets = ingestRateBudgets(false, 0.25, 5);
    expect(budgets.query).toEqual({ weight: 5, windowMs: 1_000 });
    expect(fitsBudget(ENDPOINTS.accountTrades, budgets)).toBe(true);
  });

  it('a shared key: at most the share of the key in every one-second window, orders included', () => {
    const budgets = ingestRateBudgets(true, 0.25, 5);
    expect(budgets.query).toEqual({ weight: 1.25, windowMs: 1_000 });
    expect(budgets.order).toEqual({ weight: 5, windowMs: 1_000 });
  });

  it('on a shared key with the seeds budget, the weight-5 reads do not fit and are skipped', () => {
    const budgets = ingestRateBudgets(true, 0.25, 5);
    expect(fitsBudget(ENDPOINTS.accountTrades, budgets)).toBe(false);
    expect(fitsBudget(ENDPOINTS.spotOpenOrders, budgets)).toBe(true);
    expect(fitsBudget(ENDPOINTS.accountTrades, ingestRateBudgets(true, 0.25, 20))).toBe(true);
  });
});
