import fc from 'fast-check';
import { DomainError, DomainErrorCode } from '../shared/domain-error';
import { CostMethod } from './lot-ledger';
import { SpotPnlFill, SpotPnlInput, SpotPnlReport, spotPnlReport } from './spot-pnl';
import { SpotPnlFolding, SpotPnlFoldingOptions } from './spot-pnl-folding';

const NOON_1_JULY_2024 = 1_719_835_200_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function fill(id: string, side: 'BUY' | 'SELL', qty: string, price: string, time: number): SpotPnlFill {
  return { fillId: id, side, qty, price, fee: { asset: 'USDT', amount: '0.1' }, time };
}

function started(terms: Omit<SpotPnlInput, 'fills'>, options?: SpotPnlFoldingOptions): SpotPnlFolding {
  const folding = SpotPnlFolding.start(terms, options);
  if (folding instanceof DomainError) throw folding;
  return folding;
}

function foldInPages(
  terms: Omit<SpotPnlInput, 'fills'>,
  fills: readonly SpotPnlFill[],
  pageSizes: readonly number[],
): SpotPnlReport | DomainError {
  const folding = started(terms);
  let next = 0;
  for (const size of pageSizes) {
    const refused = folding.add(fills.slice(next, next + size));
    if (refused !== null) return refused;
    next += size;
  }
  return folding.add(fills.slice(next)) ?? folding.report();
}

/**
 * Fills already in (time, fillId) order: zero-padded ids so equal times still order by
 * index, times spread over a few UTC days, fees in quote, in base or none.
 */
const orderedFills = fc
  .array(
    fc.record({
      side: fc.constantFrom('BUY' as const, 'SELL' as const),
      hundredthsQty: fc.integer({ min: 1, max: 300 }),
      price: fc.integer({ min: 90, max: 110 }),
      fee: fc.constantFrom(null, { asset: 'USDT', amount: '0.05' }, { asset: 'ETH', amount: '0.0001' }),
      hoursLater: fc.integer({ min: 0, max: 9 }),
    }),
    { maxLength: 40 },
  )
  .map((drafts) => {
    let time = NOON_1_JULY_2024;
    return drafts.map((draft, index): SpotPnlFill => {
      time += draft.hoursLater * HOUR;
      return {
        fillId: `f${String(index).padStart(4, '0')}`,
        side: draft.side,
        qty: (draft.hundredthsQty / 100).toFixed(2),
        price: String(draft.price),
        fee: draft.fee,
        time,
      };
    });
  });

const anyTerms = fc.record({
  baseAsset: fc.constant('ETH'),
  quoteAsset: fc.constant('USDT'),
  method: fc.constantFrom<CostMethod>('average-cost', 'fifo'),
  markPrice: fc.constantFrom(null, '100', '104.5'),
  scale: fc.constantFrom(undefined, 2),
});

describe('SpotPnlFolding', () => {
  it('gives the same report as spotPnlReport over the whole array, whatever the page sizes, for both methods', () => {
    fc.assert(
      fc.property(
        anyTerms,
        orderedFills,
        fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 10 }),
        (chosen, fills, pageSizes) => {
          const whole = spotPnlReport({ ...chosen, fills });
          expect(whole).not.toBeInstanceOf(DomainError);
          expect(foldInPages(chosen, fills, pageSizes)).toEqual(whole);
        },
      ),
      { numRuns: 200 },
    );
  });

  it.each(['average-cost', 'fifo'] as const)(
    '%s: one fill per page matches the whole array on a buy, partial sell, add, sell-through-zero sequence',
    (method) => {
      const fills = [
        fill('a', 'BUY', '1', '100', NOON_1_JULY_2024),
        fill('b', 'SELL', '0.4', '110', NOON_1_JULY_2024 + DAY),
        fill('c', 'BUY', '0.4', '95', NOON_1_JULY_2024 + DAY),
        fill('d', 'SELL', '1.5', '105', NOON_1_JULY_2024 + 2 * DAY),
      ];
      const chosen = { baseAsset: 'ETH', quoteAsset: 'USDT', method, markPrice: '101' };
      const whole = spotPnlReport({ ...chosen, fills });
      expect(whole).toMatchObject({ position: '-0.5', fillsCounted: 4 });
      expect(foldInPages(chosen, fills, [1, 1, 1, 1])).toEqual(whole);
    },
  );

  it('keepDay keeps only the chosen days in byDay while the totals still count every fill', () => {
    const chosen = { baseAsset: 'ETH', quoteAsset: 'USDT', method: 'fifo' as const, markPrice: '100' };
    const fills = [
      fill('a', 'BUY', '1', '100', NOON_1_JULY_2024),
      fill('b', 'SELL', '0.5', '110', NOON_1_JULY_2024 + DAY),
      fill('c', 'SELL', '0.25', '90', NOON_1_JULY_2024 + 2 * DAY),
      fill('d', 'SELL', '0.25', '120', NOON_1_JULY_2024 + 2 * DAY + HOUR),
    ];
    const whole = spotPnlReport({ ...chosen, fills });
    if (whole instanceof DomainError) throw whole;
    const folding = started(chosen, { keepDay: (day) => day === '2024-07-03' });
    expect(folding.add(fills.slice(0, 2))).toBeNull();
    expect(folding.add(fills.slice(2))).toBeNull();

    const kept = folding.report();
    expect(kept).toEqual({ ...whole, byDay: whole.byDay.filter((line) => line.day === '2024-07-03') });
    expect(kept).toMatchObject({
      fillsCounted: 4,
      realizedPnl: '7.1',
      feesPaid: '0.4',
      byDay: [{ day: '2024-07-03', realizedPnl: '2.25', realizedGrossPnl: '2.5', feesPaid: '0.2' }],
    });
  });

  it('refuses a later page fill that sorts before the previous fill, naming its index across pages', () => {
    const folding = started({ baseAsset: 'ETH', quoteAsset: 'USDT', method: 'fifo', markPrice: null });
    expect(
      folding.add([
        fill('a', 'BUY', '1', '100', NOON_1_JULY_2024),
        fill('b', 'BUY', '1', '100', NOON_1_JULY_2024 + HOUR),
      ]),
    ).toBeNull();

    const refused = folding.add([
      fill('c', 'SELL', '1', '100', NOON_1_JULY_2024 + 2 * HOUR),
      fill('d', 'SELL', '1', '100', NOON_1_JULY_2024 + HOUR - 1),
    ]);

    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: DomainErrorCode.InvalidField, field: 'input.fills[3]' });
  });

  it('refuses a fillId repeated in a later page, and an equal time with a smaller fillId, naming each by its index across pages', () => {
    const reportTerms = {
      baseAsset: 'ETH',
      quoteAsset: 'USDT',
      method: 'average-cost' as const,
      markPrice: null,
    };
    const first = [
      fill('a', 'BUY', '1', '100', NOON_1_JULY_2024),
      fill('m', 'BUY', '1', '100', NOON_1_JULY_2024 + HOUR),
    ];

    const repeating = started(reportTerms);
    expect(repeating.add(first)).toBeNull();
    expect(repeating.add([first[1]])).toMatchObject({ field: 'input.fills[2]' });

    const sameTimeSmallerId = started(reportTerms);
    expect(sameTimeSmallerId.add(first)).toBeNull();
    expect(sameTimeSmallerId.add([fill('b', 'SELL', '1', '100', NOON_1_JULY_2024 + HOUR)])).toMatchObject({
      field: 'input.fills[2]',
    });
  });

  it('keeps answering with the refusal after a fill is refused, so no report silently misses a fill', () => {
    const folding = started({ baseAsset: 'ETH', quoteAsset: 'USDT', method: 'fifo', markPrice: null });
    expect(folding.add([fill('a', 'BUY', '1', '100', NOON_1_JULY_2024)])).toBeNull();
    const refused = folding.add([{ ...fill('b', 'SELL', '1', '100', NOON_1_JULY_2024 + HOUR), qty: 'ten' }]);

    expect(refused).toMatchObject({ field: 'input.fills[1].qty' });
    expect(folding.add([fill('c', 'SELL', '1', '100', NOON_1_JULY_2024 + 2 * HOUR)])).toBe(refused);
    expect(folding.report()).toBe(refused);
  });

  it('names an unpriced fee asset in a later page by its index across pages', () => {
    const folding = started({ baseAsset: 'ETH', quoteAsset: 'USDT', method: 'fifo', markPrice: null });
    expect(folding.add([fill('a', 'BUY', '1', '100', NOON_1_JULY_2024)])).toBeNull();
    const refused = folding.add([
      { ...fill('b', 'SELL', '1', '100', NOON_1_JULY_2024 + HOUR), fee: { asset: 'HSK', amount: '1' } },
    ]);
    expect(refused).toMatchObject({ code: DomainErrorCode.FeeAssetNotPriced, field: 'input.fills[1].fee' });
  });

  it('start refuses bad report terms with the field names spotPnlReport uses', () => {
    const reportTerms = { baseAsset: 'ETH', quoteAsset: 'USDT', method: 'fifo' as const, markPrice: null };
    expect(SpotPnlFolding.start({ ...reportTerms, markPrice: '-1' })).toMatchObject({
      field: 'input.markPrice',
    });
    expect(SpotPnlFolding.start({ ...reportTerms, scale: 1.5 })).toMatchObject({ field: 'input.scale' });
    expect(SpotPnlFolding.start({ ...reportTerms, method: 'lifo' as CostMethod })).toMatchObject({
      field: 'input.method',
    });
    expect(SpotPnlFolding.start({ ...reportTerms, baseAsset: '' })).toMatchObject({
      field: 'input.baseAsset',
    });
  });
});
