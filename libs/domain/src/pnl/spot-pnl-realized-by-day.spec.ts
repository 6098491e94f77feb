import { spotPnlReport } from './spot-pnl';

const NOON_1_JULY_2024 = 1_719_835_200_000;
const DAY = 86_400_000;

// Buy 1 @100 (fee 0.1) on 1 July, sell half @110 (fee 0.055) on 2 July, the rest @90
// (fee 0.045) on 3 July: each day carries what its fills realized and paid.
describe('spot P&L: realized by UTC day', () => {
  it('splits realized P&L and fees by the day of the fill that caused them', () => {
    const report = spotPnlReport({
      baseAsset: 'ETH',
      quoteAsset: 'USDT',
      method: 'average-cost',
      markPrice: null,
      fills: [
        {
          fillId: 'a',
          side: 'BUY',
          qty: '1',
          price: '100',
          fee: { asset: 'USDT', amount: '0.1' },
          time: NOON_1_JULY_2024,
        },
        {
          fillId: 'b',
          side: 'SELL',
          qty: '0.5',
          price: '110',
          fee: { asset: 'USDT', amount: '0.055' },
          time: NOON_1_JULY_2024 + DAY,
        },
        {
          fillId: 'c',
          side: 'SELL',
          qty: '0.5',
          price: '90',
          fee: { asset: 'USDT', amount: '0.045' },
          time: NOON_1_JULY_2024 + 2 * DAY,
        },
      ],
    });
    expect(report).toMatchObject({
      realizedPnl: '-0.2',
      byDay: [
        { day: '2024-07-01', realizedPnl: '0', realizedGrossPnl: '0', feesPaid: '0.1' },
        { day: '2024-07-02', realizedPnl: '4.895', realizedGrossPnl: '5', feesPaid: '0.055' },
        { day: '2024-07-03', realizedPnl: '-5.095', realizedGrossPnl: '-5', feesPaid: '0.045' },
      ],
    });
  });
});
