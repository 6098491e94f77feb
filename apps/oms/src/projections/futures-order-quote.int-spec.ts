import { undoMigrationsThrough } from '@oms/persistence/test-support/undo-migrations';
import { ReadModelReplay } from '../audit/read-model-replay';
import { useFoldedDatabase } from '../fold/test-support/folded-database';
import { futuresFill, futuresOrder, T0 } from '../fold/test-support/observation-builders';

describe("a futures order's cumulative quote when only REST records (which carry none) report it", () => {
  const folded = useFoldedDatabase();

  const foldOne = (event: ReturnType<typeof futuresOrder>, observedAt: number) =>
    folded.foldInOneTransaction([event], observedAt);

  const quote = async (): Promise<string> =>
    (
      await folded.database.dataSource.query<Array<{ quote: string }>>(
        `SELECT cumulative_quote_qty::text AS quote FROM rm_orders WHERE order_id = '91'`,
      )
    )[0].quote;

  it('is the average price x contracts from the record, then the real fills once they make up the executed quantity', async () => {
    // The exchange's futures order record: executed and average, no quote.
    await foldOne(
      futuresOrder({
        orderId: '91',
        status: 'FILLED',
        origQty: '7',
        executedQty: '7',
        avgPrice: '2500.5',
        cumulativeQuoteQty: null,
        source: 'rest-poll',
        updateTime: T0 + 10,
      }),
      T0 + 11,
    );
    expect(await quote()).toBe('17503.5');
    // Its fills come by the trades poll: 3 at 2500 and 4 at 2501 (price x contracts).
    for (const [ticketId, price, quantity] of [
      ['q-1', '2500', '3'],
      ['q-2', '2501', '4'],
    ] as const) {
      await foldOne(
        futuresFill({ orderId: '91', ticketId, price, quantity, tradeTime: T0 + 5, source: 'rest-poll' }),
        T0 + 20,
      );
    }
    expect(await quote()).toBe('17504');
  });

  it('is not undone by a stream report held back and delivered after the fill, which says "0"', async () => {
    await foldOne(
      futuresOrder({
        orderId: '93',
        status: 'FILLED',
        origQty: '2',
        executedQty: '2',
        avgPrice: '2500',
        cumulativeQuoteQty: null,
        source: 'rest-ack',
        acknowledgedRequest: 'create',
        updateTime: T0 + 40,
      }),
      T0 + 41,
    );
    await foldOne(
      futuresOrder({
        orderId: '93',
        status: 'NEW',
        origQty: '2',
        executedQty: '0',
        avgPrice: '0',
        cumulativeQuoteQty: '0',
        source: 'ws',
        updateTime: T0 + 39,
      }),
      T0 + 42,
    );
    const [row] = await folded.database.dataSource.query<Array<{ status: string; quote: string }>>(
      `SELECT status, cumulative_quote_qty::text AS quote FROM rm_orders WHERE order_id = '93'`,
    );
    expect(row).toEqual({ status: 'FILLED', quote: '5000' });
  });

  it('brings rows the older rule wrote as "0" to the same figure, from the kept states', async () => {
    const recordOnly = (orderId: string, executedQty: string) =>
      foldOne(
        futuresOrder({
          orderId,
          status: 'FILLED',
          origQty: executedQty,
          executedQty,
          avgPrice: '2500.5',
          cumulativeQuoteQty: null,
          source: 'rest-poll',
          updateTime: T0 + 30,
        }),
        T0 + 31,
      );
    await recordOnly('92', '2');
    await undoMigrationsThrough(folded.database.dataSource, 'FuturesOrderQuoteFromFills1795880000000');
    await folded.database.dataSource.query(
      `UPDATE rm_orders SET cumulative_quote_qty = 0 WHERE order_id IN ('91', '92')`,
    );
    await folded.database.dataSource.runMigrations({ transaction: 'each' });
    expect(
      await folded.database.dataSource.query(
        `SELECT order_id, cumulative_quote_qty::text AS quote FROM rm_orders WHERE order_id IN ('91', '92') ORDER BY order_id`,
      ),
    ).toEqual([
      { order_id: '91', quote: '17504' },
      { order_id: '92', quote: '5001' },
    ]);
    expect(
      (await new ReadModelReplay(folded.database.dataSource, folded.fold.deciders).verify()).differences,
    ).toEqual([]);
  });
});
