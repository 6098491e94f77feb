import { ChaosStats } from './chaos-stats';
import { chaosSummary } from './chaos-summary';

describe('fault suite summary', () => {
  it('shows orders, faults by kind, time to certainty, breaks and each check', () => {
    const stats = new ChaosStats();
    stats.deskPlaced = 12;
    stats.countRefusal('PRE_TRADE_REFUSED');
    stats.externalPlaced = 3;
    stats.externalFailed = 1;
    stats.externalFailures.set('http-5xx', 1);
    stats.countFault('broker restart');
    stats.countFault('stream drop');
    stats.countFault('stream drop');
    stats.uncertain.set('a', 1_200);
    stats.uncertain.set('b', 300);
    stats.uncertain.set('c', null);
    const summary = chaosSummary(3, 10, stats, 0, [['log chain verifies', 'passed']]);
    for (const row of [
      /desk orders placed +12/,
      /desk requests refused \(4XX\) +1 \(PRE_TRADE_REFUSED 1\)/,
      /external orders \(accepted \/ failed\) +3 \/ 1 \(http-5xx 1\)/,
      /fault: broker restart +1/,
      /fault: stream drop +2/,
      /uncertain desk orders +3/,
      /time to certainty p50 \/ p99 \/ max +300 \/ 1200 \/ 1200 ms/,
      /uncertain orders never certain +1/,
      /log chain verifies +passed/,
    ])
      expect(summary).toMatch(row);
  });
});
