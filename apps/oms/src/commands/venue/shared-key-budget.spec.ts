import { DEFAULT_RATE_BUDGETS } from '@oms/exchange';
import { omsRateBudgets } from './shared-key-budget';

describe('omsRateBudgets', () => {
  it('keeps the whole budget of a key ingest does not use', () => {
    expect(omsRateBudgets(false, 0.25)).toEqual(DEFAULT_RATE_BUDGETS);
  });

  it('takes three quarters of a shared key by default, so OMS and ingest together stay inside it', () => {
    const oms = omsRateBudgets(true, 0.25);
    expect(oms.query.weight).toBe(3);
    expect(oms.order.weight).toBe(15);
    const ingestQuery = Math.floor(DEFAULT_RATE_BUDGETS.query.weight * 0.25);
    const ingestOrder = Math.floor(DEFAULT_RATE_BUDGETS.order.weight * 0.25);
    expect(oms.query.weight + ingestQuery).toBeLessThanOrEqual(DEFAULT_RATE_BUDGETS.query.weight);
    expect(oms.order.weight + ingestOrder).toBeLessThanOrEqual(DEFAULT_RATE_BUDGETS.order.weight);
  });

  it('never leaves the OMS without a request per window', () => {
    expect(omsRateBudgets(true, 0.9).query.weight).toBe(1);
  });
});
