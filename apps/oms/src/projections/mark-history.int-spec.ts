import { MarkPriceObserved } from '@oms/domain';
import { marksAt } from '../desk/shared/marks-at';
import { useFoldedDatabase } from '../fold/test-support/folded-database';
import { PERPETUAL, T0 } from '../fold/test-support/observation-builders';

const mark = (price: string, priceTime: number): MarkPriceObserved => ({
  type: 'MarkPriceObserved',
  schemaVersion: 1,
  data: { accountId: 'acc1', symbol: PERPETUAL, kind: 'mark', price, priceTime, source: 'rest-poll' },
});

describe('marks folded: the latest of each symbol, and every one by its time', () => {
  const folded = useFoldedDatabase();

  it('keeps each mark in the history, so the mark held at a past time can be read', async () => {
    for (const [price, time] of [
      ['2500', T0],
      ['2510', T0 + 10_000],
    ] as const) {
      await folded.foldInOneTransaction([mark(price, time)], time + 1);
    }
    expect(await folded.database.dataSource.query(`SELECT price::text FROM rm_marks`)).toEqual([
      { price: '2510' },
    ]);
    expect(
      await folded.database.dataSource.query(`SELECT price::text FROM oms_mark_history ORDER BY time`),
    ).toEqual([{ price: '2500' }, { price: '2510' }]);

    expect((await marksAt(folded.database.dataSource, new Date(T0 + 5_000))).get(PERPETUAL)).toEqual({
      price: '2500',
      time: new Date(T0),
    });
    expect((await marksAt(folded.database.dataSource, new Date(T0 + 10_000))).get(PERPETUAL)?.price).toBe(
      '2510',
    );
    expect((await marksAt(folded.database.dataSource, new Date(T0 - 1))).has(PERPETUAL)).toBe(false);
  });
});
