import { DataSource } from 'typeorm';
import { relationRowsRead } from '@oms/persistence/test-support/plan-rows';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldTestDatabase } from '../../fold/test-support/fold-test-database';
import { ListFillsHandler, ListFillsQuery } from '../fills/list-fills.query';
import { ListOrdersHandler, ListOrdersQuery } from '../orders/list-orders.query';

/** The statement and parameters a desk list sends, run for real. */
async function capturedStatement(
  dataSource: DataSource,
  list: () => Promise<unknown>,
): Promise<{ sql: string; parameters: unknown[] }> {
  const statements: Array<{ sql: string; parameters: unknown[] }> = [];
  const query = dataSource.query.bind(dataSource);
  const spy = jest.spyOn(dataSource, 'query').mockImplementation(async (sql, parameters) => {
    statements.push({ sql, parameters: parameters ?? [] });
    return query(sql, parameters);
  });
  try {
    await list();
  } finally {
    spy.mockRestore();
  }
  expect(statements).toHaveLength(1);
  return statements[0];
}

describe("Desk lists of one account's orders and fills", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    // A busy account, and two others whose rows are all older than its: a list of the
    // older accounts that walks the newest-first index of every account reads the busy
    // account's 50,000 rows first.
    await database.dataSource.query(
      `INSERT INTO rm_orders (id, stream_id, stream_version, account, market, symbol, side, type, executed_qty,
                              cumulative_quote_qty, status, origin, created_at, updated_at, state_hash)
       SELECT gen_random_uuid(), 'spot-order:' || a.account || ':' || i, 1, a.account, 'spot', 'BTCUSDT', 'BUY',
              'LIMIT', 0, 0, 'NEW', 'desk', a.since + i * interval '1 second', now(), 'h'
         FROM (VALUES ('recent', 50000, now() - interval '1 day'), ('older', 20000, now() - interval '30 days'),
                      ('oldest', 5000, now() - interval '60 days'))
              AS a(account, rows, since),
              generate_series(1, a.rows) AS i`,
    );
    await database.dataSource.query(
      `INSERT INTO rm_fills (account, market, fill_id, order_id, symbol, side, price, qty, quote_qty, time, sources)
       SELECT a.account, 'spot', a.account || '-' || i, 'o-' || i, 'BTCUSDT', 'BUY', 1, 1, 1,
              a.since + i * interval '1 second', '{ws}'
         FROM (VALUES ('recent', 50000, now() - interval '1 day'), ('older', 20000, now() - interval '30 days'),
                      ('oldest', 5000, now() - interval '60 days'))
              AS a(account, rows, since),
              generate_series(1, a.rows) AS i`,
    );
    await database.dataSource.query(`ANALYZE rm_orders`);
    await database.dataSource.query(`ANALYZE rm_fills`);
  });

  afterAll(async () => {
    await database?.drop();
  });

  it("reads a page of one account's orders through its own index, not every account's newer orders", async () => {
    const handler = new ListOrdersHandler(database.dataSource);
    const { sql, parameters } = await capturedStatement(database.dataSource, async () => {
      const page = await handler.execute(new ListOrdersQuery({}, ['older'], 100));
      expect(page.items).toHaveLength(100);
    });
    expect(await relationRowsRead(database.dataSource, sql, parameters, 'rm_orders')).toBe(101);
  });

  it("reads a page of one account's fills through its own index, not every account's newer fills", async () => {
    const handler = new ListFillsHandler(database.dataSource);
    const { sql, parameters } = await capturedStatement(database.dataSource, async () => {
      const page = await handler.execute(new ListFillsQuery({}, ['older'], 100));
      expect(page.items).toHaveLength(100);
    });
    expect(await relationRowsRead(database.dataSource, sql, parameters, 'rm_fills')).toBe(101);
  });

  it("reads a page of several accounts' orders through each account's index, and merges them newest first", async () => {
    const handler = new ListOrdersHandler(database.dataSource);
    let newestFirst: string[] = [];
    const { sql, parameters } = await capturedStatement(database.dataSource, async () => {
      const page = await handler.execute(new ListOrdersQuery({}, ['older', 'oldest'], 100));
      newestFirst = page.items.map((order) => `${order.account} ${order.createdAt}`);
      expect(page.items.every((order) => order.account === 'older')).toBe(true);
    });
    expect(newestFirst).toEqual([...newestFirst].sort((left, right) => (left < right ? 1 : -1)));
    expect(await relationRowsRead(database.dataSource, sql, parameters, 'rm_orders')).toBeLessThanOrEqual(
      2 * 101,
    );
  });

  it("pages several accounts' fills by cursor across the accounts' boundary, reading each account's index", async () => {
    const handler = new ListFillsHandler(database.dataSource);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 6; page += 1) {
      const { sql, parameters } = await capturedStatement(database.dataSource, async () => {
        const listed = await handler.execute(
          new ListFillsQuery({ symbol: 'BTCUSDT' }, ['older', 'oldest'], 1_000, cursor),
        );
        seen.push(...listed.items.map((fill) => fill.fillId));
        cursor = listed.nextCursor ?? undefined;
      });
      // The two accounts' rows at most (the planner may sort what follows the cursor).
      expect(await relationRowsRead(database.dataSource, sql, parameters, 'rm_fills')).toBeLessThanOrEqual(
        25_000,
      );
    }
    expect(seen).toHaveLength(6_000);
    expect(new Set(seen).size).toBe(6_000);
    expect(seen.slice(0, 2)).toEqual(['older-20000', 'older-19999']);
  });
});
