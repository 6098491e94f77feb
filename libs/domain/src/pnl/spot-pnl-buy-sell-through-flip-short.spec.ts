import { trade } from '../test-support/pnl-builders';
import { spotPnlReport } from './spot-pnl';

// Long 1 @100, sell 1.5 @110 (fee 0.33): closes the long and opens 0.5 short, the fee
// spread over the whole 1.5. Buy back 0.5 @105 (fee 0.105). Cash: -100 + 164.67 - 52.605.
describe('spot P&L: buy, sell through zero (flip short), buy back', () => {
  const fills = [
    trade('BUY', '1', '100'),
    trade('SELL', '1.5', '110', '0.33'),
    trade('BUY', '0.5', '105', '0.105'),
  ];

  it.each(['average-cost', 'fifo'] as const)(
    '%s: the flip leaves a short lot at the effective sell price',
    (method) => {
      expect(
        spotPnlReport({
          baseAsset: 'ETH',
          quoteAsset: 'USDT',
          method,
          fills: fills.slice(0, 2),
          markPrice: '108',
        }),
      ).toMatchObject({
        position: '-0.5',
        averageCost: '109.78',
        realizedPnl: '9.78',
        unrealizedPnl: '0.89',
      });
    },
  );

  it.each(['average-cost', 'fifo'] as const)(
    '%s: buying back closes the short and realizes on it',
    (method) => {
      expect(
        spotPnlReport({ baseAsset: 'ETH', quoteAsset: 'USDT', method, fills, markPrice: '108' }),
      ).toMatchObject({
        position: '0',
        realizedPnl: '12.065',
        realizedGrossPnl: '12.5',
        unrealizedPnl: '0',
        openLots: [],
      });
    },
  );
});
