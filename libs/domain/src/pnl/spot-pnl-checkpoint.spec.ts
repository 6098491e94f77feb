import { DomainError, DomainErrorCode } from '../shared/domain-error';
import { CostMethod } from './lot-ledger';
import { SpotPnlFill, SpotPnlInput } from './spot-pnl';
import { SpotPnlCheckpoint, SpotPnlFolding } from './spot-pnl-folding';
import { utcDay } from './utc-day';

/** 2024-07-01T00:00:00Z. */
const FIRST_DAY = 1_719_792_000_000;
const DAY_MS = 86_400_000;

/** Buys and sells over `days` days (selling through flat into short now and then), fees in quote or base. */
function fillsOverDays(days: number): SpotPnlFill[] {
  const sides = ['BUY', 'BUY', 'SELL', 'BUY', 'SELL', 'SELL', 'SELL'] as const;
  return Array.from({ length: days * 7 }, (_, index) => ({
    fillId: `S${String(index).padStart(4, '0')}`,
    side: sides[index % 7],
    qty: String(0.1 + (index % 4) / 10),
    price: String(3_000 + ((index * 13) % 70)),
    fee: index % 3 === 0 ? { asset: 'ETH', amount: '0.0001' } : { asset: 'USDT', amount: '0.2' },
    time: FIRST_DAY + Math.floor(index / 7) * DAY_MS + (index % 7) * 60_000,
  }));
}

const terms = (method: CostMethod): Omit<SpotPnlInput, 'fills'> => ({
  baseAsset: 'ETH',
  quoteAsset: 'USDT',
  method,
  markPrice: '3050',
  feeAssetPrices: { HSK: '0.5' },
});

describe('a spot P&L folding resumed from a checkpoint', () => {
  const fills = fillsOverDays(10);
  const periodStart = FIRST_DAY + 6 * DAY_MS;
  const keepDay = (day: string) => day >= utcDay(periodStart);
  const before = fills.filter((fill) => fill.time < periodStart);
  const after = fills.filter((fill) => fill.time >= periodStart);
  const folding = (method: CostMethod) => SpotPnlFolding.start(terms(method), { keepDay }) as SpotPnlFolding;

  it.each(['average-cost', 'fifo'] as const)(
    'reports exactly what one folding of every fill reports (%s), through a JSON round trip',
    (method) => {
      const whole = folding(method);
      expect(whole.add(fills)).toBeNull();
      const first = folding(method);
      expect(first.add(before)).toBeNull();
      const checkpoint = first.checkpoint() as SpotPnlCheckpoint;
      expect(checkpoint.fillsCounted).toBe(before.length);
      const resumed = SpotPnlFolding.resume(JSON.parse(JSON.stringify(checkpoint)), terms(method), {
        keepDay,
      });
      if (resumed instanceof DomainError) throw resumed;
      expect(resumed.add(after)).toBeNull();
      expect(resumed.report()).toEqual(whole.report());
    },
  );

  it('gives no checkpoint once a fee in a third asset was folded: its value follows the prices', () => {
    const first = folding('fifo');
    first.add([...before.slice(0, 3), { ...before[3], fee: { asset: 'HSK', amount: '2' } }]);
    expect(first.checkpoint()).toMatchObject({ code: DomainErrorCode.InvalidField, field: 'checkpoint' });
  });

  it("refuses a checkpoint of another method, and names a malformed checkpoint's field", () => {
    const first = folding('fifo');
    first.add(before);
    const checkpoint = first.checkpoint() as SpotPnlCheckpoint;
    expect(SpotPnlFolding.resume(checkpoint, terms('average-cost'), { keepDay })).toMatchObject({
      field: 'checkpoint.method',
    });
    expect(
      SpotPnlFolding.resume({ ...checkpoint, feesPaid: 'lots' }, terms('fifo'), { keepDay }),
    ).toMatchObject({ field: 'checkpoint.feesPaid' });
  });

  it('still refuses a fill that does not sort after the checkpoint', () => {
    const first = folding('fifo');
    first.add(before);
    const resumed = SpotPnlFolding.resume(first.checkpoint(), terms('fifo'), { keepDay }) as SpotPnlFolding;
    expect(resumed.add([before[before.length - 1]])).toBeInstanceOf(DomainError);
  });
});
