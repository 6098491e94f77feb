import { undoMigrationsThrough } from '@oms/persistence/test-support/undo-migrations';
import { AsOfService } from '../audit/as-of.service';
import { ReadModelReplay } from '../audit/read-model-replay';
import { useFoldedDatabase } from '../fold/test-support/folded-database';
import { spotOrder, T0 } from '../fold/test-support/observation-builders';

describe("an order's updatedAt when venue reports arrive out of their time order", () => {
  const folded = useFoldedDatabase();

  const foldOne = (event: ReturnType<typeof spotOrder>, observedAt: number) =>
    folded.foldInOneTransaction([event], observedAt);

  const updatedAt = async (orderId: string): Promise<{ id: string; updated_at: Date }> =>
    (
      await folded.database.dataSource.query<Array<{ id: string; updated_at: Date }>>(
        `SELECT id, updated_at FROM rm_orders WHERE order_id = $1`,
        [orderId],
      )
    )[0];

  it('never goes back: the row, as-of reads and a replay keep the latest venue time seen', async () => {
    // The create answer says FILLED at T0 + 10, without quote; the stream's report of the
    // fill, which brings the quote, is stamped T0 + 5 and comes after it.
    const filled = { orderId: '71', status: 'FILLED', executedQty: '1' } as const;
    await foldOne(
      spotOrder({ ...filled, updateTime: T0 + 10, source: 'rest-ack', acknowledgedRequest: 'create' }),
      T0 + 11,
    );
    expect((await updatedAt('71')).updated_at.getTime()).toBe(T0 + 10);
    await foldOne(
      spotOrder({
        ...filled,
        cumulativeQuoteQty: '3000',
        avgPrice: '3000',
        updateTime: T0 + 5,
        source: 'ws',
      }),
      T0 + 12,
    );
    const row = await updatedAt('71');
    expect(
      await folded.database.dataSource.query(`SELECT cumulative_quote_qty::text FROM rm_orders`),
    ).toEqual([{ cumulative_quote_qty: '3000' }]);
    expect(row.updated_at.getTime()).toBe(T0 + 10);

    const asOf = new AsOfService(folded.database.dataSource, folded.fold.deciders);
    expect((await asOf.order(row.id, new Date()))?.updatedAt).toBe(T0 + 10);
    const replay = new ReadModelReplay(folded.database.dataSource, folded.fold.deciders);
    expect((await replay.verify()).differences).toEqual([]);

    // A later report moves it on.
    await foldOne(
      spotOrder({ orderId: '71', updateTime: T0 + 20, status: 'CANCELED', source: 'ws' }),
      T0 + 21,
    );
    expect((await updatedAt('71')).updated_at.getTime()).toBe(T0 + 20);
  });

  it('brings rows written with the time of their last event, before this rule, to the latest time of their events', async () => {
    await undoMigrationsThrough(folded.database.dataSource, 'ReadModelLatestTimes1795870000000');
    // As the older projector left the order after the out-of-order report: its time.
    await folded.database.dataSource.query(`UPDATE rm_orders SET updated_at = $1 WHERE order_id = '71'`, [
      new Date(T0 + 5).toISOString(),
    ]);
    await folded.database.dataSource.runMigrations({ transaction: 'each' });
    expect((await updatedAt('71')).updated_at.getTime()).toBe(T0 + 20);
    const replay = new ReadModelReplay(folded.database.dataSource, folded.fold.deciders);
    expect((await replay.verify()).differences).toEqual([]);
  });
});
