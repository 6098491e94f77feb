import { FuturesOrderSide } from '../observations/futures-order-observed';
import { DomainError } from '../shared/domain-error';
import { CostMethod } from '../pnl/lot-ledger';
import { PositionFill } from './futures-position.types';
import { PositionHistoryFolding } from './position-history-pnl';

const T0 = 1_722_000_000_000;

function fill(
  orderSide: FuturesOrderSide,
  contracts: string,
  price: string,
  index: number,
  multiplier = '0.001',
): PositionFill {
  return {
    fillId: `F${index}`,
    orderId: `O${index}`,
    orderSide,
    price,
    contracts,
    contractMultiplier: multiplier,
    fee: null,
    venueRealizedPnl: null,
    time: T0 + index * 1000,
    inferred: false,
  };
}

function folded(fills: readonly PositionFill[], method: CostMethod, markPrice: string) {
  const folding = new PositionHistoryFolding({ markPrice, settlementAsset: 'USDT' }, () => true, method);
  expect(folding.addFills(fills)).toBeNull();
  const result = folding.result([]);
  if (result instanceof DomainError) throw result;
  return result;
}

describe('a position history by FIFO: closing fills realize against the oldest open ones', () => {
  // Three lots opened long at different prices, then 10 contracts closed.
  const long = [
    fill('BUY_OPEN', '10', '3298.83', 1),
    fill('BUY_OPEN', '1', '3315.76', 2),
    fill('BUY_OPEN', '3', '3304.63', 3),
    fill('SELL_CLOSE', '10', '3306.15', 4),
  ];

  it('realizes the close against the first lot, and values the lots left at their own prices', () => {
    const fifo = folded(long, 'fifo', '3310');
    // (3306.15 - 3298.83) x 10 x 0.001; left: 1 at 3315.76 and 3 at 3304.63, marked at 3310.
    expect(fifo).toMatchObject({ realizedPnl: '0.0732', unrealizedPnl: '0.01035', contracts: '4' });
    expect(fifo.byDay.map((day) => day.realizedPnl)).toEqual(['0.0732']);
  });

  it('differs from average entry in how P&L falls between realized and unrealized, not in their sum', () => {
    const fifo = folded(long, 'fifo', '3310');
    const average = folded(long, 'average-cost', '3310');
    expect(average.realizedPnl).not.toBe(fifo.realizedPnl);
    expect(Number(average.realizedPnl) + Number(average.unrealizedPnl)).toBeCloseTo(
      Number(fifo.realizedPnl) + Number(fifo.unrealizedPnl),
      10,
    );
  });

  it('closes a short position against its oldest short lot', () => {
    const short = [
      fill('SELL_OPEN', '2', '100', 1, '1'),
      fill('SELL_OPEN', '2', '110', 2, '1'),
      fill('BUY_CLOSE', '2', '105', 3, '1'),
    ];
    expect(folded(short, 'fifo', '105')).toMatchObject({ realizedPnl: '-10', unrealizedPnl: '10' });
    expect(folded(short, 'average-cost', '105')).toMatchObject({ realizedPnl: '0', unrealizedPnl: '0' });
  });

  it('takes no checkpoint: checkpoints hold average entry only', () => {
    const folding = new PositionHistoryFolding(
      { markPrice: null, settlementAsset: 'USDT' },
      () => false,
      'fifo',
    );
    expect(folding.addFills(long)).toBeNull();
    expect(folding.checkpoint()).toBeInstanceOf(DomainError);
  });
});
