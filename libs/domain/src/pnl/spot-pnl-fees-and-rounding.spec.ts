import { DomainError, DomainErrorCode } from '../shared/domain-error';
import { trade } from '../test-support/pnl-builders';
import { spotPnlReport } from './spot-pnl';

describe('spot P&L: fees in base, other assets, and report rounding', () => {
  it('a fee in base reduces the quantity bought and raises its unit cost', () => {
    const result = spotPnlReport({
      baseAsset: 'ETH',
      quoteAsset: 'USDT',
      method: 'average-cost',
      fills: [trade('BUY', '1', '3000', '0.001', 'ETH'), trade('SELL', '0.999', '3000', '2.997')],
      markPrice: null,
      scale: 2,
    });
    // Cash: -3000 + (2997 - 2.997) = -5.997, rounded half-to-even to 2 places.
    expect(result).toMatchObject({ position: '0', realizedPnl: '-6', feesPaid: '6', unrealizedPnl: null });
  });

  it('reports unrealized P&L against the mark both on the fee-inclusive cost and on trade prices, leaving the fee to the fees', () => {
    const result = spotPnlReport({
      baseAsset: 'ETH',
      quoteAsset: 'USDT',
      method: 'average-cost',
      fills: [trade('BUY', '1', '3000', '0.01', 'ETH')],
      markPrice: '3100',
    });
    // 0.99 ETH held for 3000 USDT; the fee, 0.01 ETH, is worth 30 at the trade price.
    expect(result).toMatchObject({
      position: '0.99',
      feesPaid: '30',
      unrealizedPnl: '69',
      unrealizedGrossPnl: '99',
    });
  });

  it('values a platform-coin fee at the price given, and refuses when none is given', () => {
    const fills = [trade('BUY', '1', '100', '2', 'HSK'), trade('SELL', '1', '110')];
    expect(
      spotPnlReport({
        baseAsset: 'ETH',
        quoteAsset: 'USDT',
        method: 'fifo',
        fills,
        markPrice: null,
        feeAssetPrices: { HSK: '0.5' },
      }),
    ).toMatchObject({ realizedPnl: '9', realizedGrossPnl: '10', feesPaid: '1' });
    const refused = spotPnlReport({
      baseAsset: 'ETH',
      quoteAsset: 'USDT',
      method: 'fifo',
      fills,
      markPrice: null,
    });
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe(DomainErrorCode.FeeAssetNotPriced);
    expect((refused as DomainError).field).toBe('input.fills[0].fee');
  });

  it('rounds only at the report boundary, half to even', () => {
    // Three buys at 1/3-ish prices: the average keeps 40 digits; the report rounds once.
    const fills = [
      trade('BUY', '1', '1'),
      trade('BUY', '1', '1'),
      trade('BUY', '1', '2'),
      trade('SELL', '3', '1.335'),
    ];
    const result = spotPnlReport({
      baseAsset: 'X',
      quoteAsset: 'USDT',
      method: 'average-cost',
      fills,
      markPrice: null,
      scale: 2,
    });
    // 3 x 1.335 - 4 = 0.005 -> 0.00 half-to-even (0.01 with half-up).
    expect(result).toMatchObject({ realizedPnl: '0' });
  });

  it('refuses a fill with a bad quantity, naming it', () => {
    const refused = spotPnlReport({
      baseAsset: 'ETH',
      quoteAsset: 'USDT',
      method: 'fifo',
      fills: [{ ...trade('BUY', '1', '100'), qty: 'ten' }],
      markPrice: null,
    });
    expect((refused as DomainError).field).toBe('input.fills[0].qty');
  });
});
