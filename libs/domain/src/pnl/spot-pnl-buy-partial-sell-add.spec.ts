import { trade } from '../test-support/pnl-builders';
import { SpotPnlReport, spotPnlReport } from './spot-pnl';

// Buy 1 ETH @3000 (fee 3 USDT), sell 0.4 @3100 (fee 1.24), add 0.4 @2900 (fee 1.16),
// sell 0.5 @3200 (fee 1.6); mark 3050. Cash flows: -3003 +1238.76 -1161.16 +1598.4
// = -1327, plus 0.5 ETH at 3050 = 198 total whatever the method.
const fills = [
  trade('BUY', '1', '3000', '3'),
  trade('SELL', '0.4', '3100', '1.24'),
  trade('BUY', '0.4', '2900', '1.16'),
  trade('SELL', '0.5', '3200', '1.6'),
];

function report(method: 'average-cost' | 'fifo', upTo = fills.length): SpotPnlReport {
  const result = spotPnlReport({
    baseAsset: 'ETH',
    quoteAsset: 'USDT',
    method,
    fills: fills.slice(0, upTo),
    markPrice: '3050',
  });
  if (!('realizedPnl' in result)) throw result;
  return result;
}

describe('spot P&L: buy, partial sell, add, sell', () => {
  it('after the partial sell, realizes the gain net of both fees on the sold part', () => {
    const afterSell = report('average-cost', 2);
    expect(afterSell.realizedPnl).toBe('37.56');
    expect(afterSell.realizedGrossPnl).toBe('40');
    expect(afterSell.position).toBe('0.6');
    expect(afterSell.averageCost).toBe('3003');
  });

  it('adding averages the cost (fees included) by quantity', () => {
    const afterAdd = report('average-cost', 3);
    expect(afterAdd.position).toBe('1');
    expect(afterAdd.averageCost).toBe('2962.96');
    expect(afterAdd.averageEntryPrice).toBe('2960');
    expect(afterAdd.unrealizedPnl).toBe('87.04');
  });

  it('average cost: the last sell realizes against the blended cost', () => {
    const final = report('average-cost');
    expect(final.realizedPnl).toBe('154.48');
    expect(final.realizedGrossPnl).toBe('160');
    expect(final.unrealizedPnl).toBe('43.52');
    expect(final.totalPnl).toBe('198');
    expect(final.feesPaid).toBe('7');
  });

  it('FIFO: the last sell realizes against the oldest lot first', () => {
    const final = report('fifo');
    expect(final.realizedPnl).toBe('134.46');
    expect(final.realizedGrossPnl).toBe('140');
    expect(final.openLots).toEqual([
      { side: 'long', quantity: '0.1', averageCost: '3003' },
      { side: 'long', quantity: '0.4', averageCost: '2902.9' },
    ]);
    expect(final.unrealizedPnl).toBe('63.54');
    expect(final.totalPnl).toBe('198');
  });

  it('counts a fill reported twice once, and orders fills by time whatever the input order', () => {
    const shuffled = spotPnlReport({
      baseAsset: 'ETH',
      quoteAsset: 'USDT',
      method: 'fifo',
      fills: [fills[3], fills[1], fills[0], fills[2], fills[1]],
      markPrice: '3050',
    });
    expect(shuffled).toEqual(report('fifo'));
  });
});
