import { DEFAULT_RATE_BUDGETS } from '@oms/exchange';
import { omsRateBudgets } from './shared-key-budget';

const SEEDS = { query: DEFAULT_RATE_BUDGETS.query.weight, order: DEFAULT_RATE_BUDGETS.order.weight };
const ingestPart = (weight: number, share: number) => Math.floor(weight * share);

describe('omsRateBudgets', () => {
  it('keeps the whole budget of a key ingest does not use', () => {
    expect(omsRateBudgets({ sharesKeyWithIngest: false, ingestShare: 0.25, omsProcessesPerKey: 1 })).toEqual(
      DEFAULT_RATE_BUDGETS,
    );
  });

  it('takes three quarters of a shared key by default, so OMS and ingest together stay inside it', () => {
    const oms = omsRateBudgets({ sharesKeyWithIngest: true, ingestShare: 0.25, omsProcessesPerKey: 1 });
    expect(oms.query.weight).toBe(3);
    expect(oms.order.weight).toBe(15);
    expect(oms.query.weight + ingestPart(SEEDS.query, 0.25)).toBeLessThanOrEqual(SEEDS.query);
    expect(oms.order.weight + ingestPart(SEEDS.order, 0.25)).toBeLessThanOrEqual(SEEDS.order);
  });

  it.each([2, 3])(
    'divides the OMS part among %i processes on one key, so all of them and ingest stay inside it',
    (processes) => {
      const oms = omsRateBudgets({
        sharesKeyWithIngest: true,
        ingestShare: 0.25,
        omsProcessesPerKey: processes,
      });
      expect(processes * oms.query.weight + ingestPart(SEEDS.query, 0.25)).toBeLessThanOrEqual(SEEDS.query);
      expect(processes * oms.order.weight + ingestPart(SEEDS.order, 0.25)).toBeLessThanOrEqual(SEEDS.order);
      expect(oms.query.weight).toBeGreaterThanOrEqual(1);
    },
  );

  it('divides a key ingest does not use among the OMS processes too', () => {
    const oms = omsRateBudgets({
      sharesKeyWithIngest: false,
      ingestShare: 0.25,
      omsProcessesPerKey: 2,
      keyBudget: { queryPerSecond: 100, orderPerSecond: 50 },
    });
    expect(oms.query.weight).toBe(50);
    expect(oms.order.weight).toBe(25);
  });

  it('leaves a process no budget of a category when its part is below one weight per second', () => {
    const oms = omsRateBudgets({ sharesKeyWithIngest: true, ingestShare: 0.25, omsProcessesPerKey: 4 });
    // 3.75 query weight among four processes: each would overrun the key with one.
    expect(oms.query.weight).toBe(0);
    expect(oms.order.weight).toBe(3);
  });
});
