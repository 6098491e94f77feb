import { DomainError, omsClientOrderId, readSpotOrderRequest } from '@oms/domain';
import { IN_FLIGHT_STATUSES, spotHeld } from '../pre-trade/order-exposure';
import { useCommandReadModelsDatabase } from './test-support/command-read-models-database';

const ACCOUNT = 'acc-funds';
const T0 = 1_763_900_000_000;
const BTCUSDT = () => ({ baseAsset: 'BTC', quoteAsset: 'USDT' });

describe('CommandReadModels on Postgres: what commands read of open orders', () => {
  const postgres = useCommandReadModelsDatabase();

  async function place(name: string, fields: Record<string, string>) {
    const clientOrderId = omsClientOrderId(name);
    const ref = { market: 'spot', accountId: ACCOUNT, clientOrderId } as const;
    const request = readSpotOrderRequest({ accountId: ACCOUNT, symbol: 'BTCUSDT', ...fields });
    const result = await postgres.fold.commands.execute(
      ref,
      { type: 'PlaceSpotOrder', clientOrderId, actor: 'alice', request, now: T0 },
      { actor: 'alice', correlationId: `place-${name}` },
    );
    if (result instanceof DomainError) throw result;
    return ref;
  }

  it('sums what holding orders keep per symbol and side, leaving out orders no longer holding', async () => {
    await place('funds1', { side: 'BUY', type: 'LIMIT', timeInForce: 'GTC', quantity: '1', price: '30000' });
    await place('funds2', { side: 'BUY', type: 'MARKET', timeInForce: 'IOC', amount: '1000' });
    await place('funds3', { side: 'BUY', type: 'MARKET', timeInForce: 'IOC', quantity: '0.5' });
    await place('funds4', { side: 'SELL', type: 'LIMIT', timeInForce: 'GTC', quantity: '2', price: '31000' });
    const rejected = await place('funds5', {
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      quantity: '3',
      price: '29000',
    });
    const refusal = await postgres.fold.commands.execute(
      rejected,
      {
        type: 'RecordSubmissionRejected',
        venueCode: '-1131',
        venueMessage: 'Balance insufficient',
        now: T0 + 1,
      },
      { actor: 'alice', correlationId: 'reject-funds5', source: 'rest-ack' },
    );
    expect(refusal).not.toBeInstanceOf(DomainError);
    await postgres.database.dataSource.query(
      `INSERT INTO rm_balances (account, wallet, asset, free, locked, total, updated_at)
       VALUES ($1, 'spot', 'USDT', 50000, 0, 50000, now())`,
      [ACCOUNT],
    );

    const funds = await postgres.readModels.spotFunds(ACCOUNT, ['USDT', 'BTC']);

    expect(funds.totals).toEqual({ USDT: '50000' });
    // Buys: 1 x 30000 at their limit, 1000 unspent, 0.5 by quantity at the reference price.
    expect(spotHeld(funds.holdings, 'USDT', BTCUSDT, () => '32000').toFixed()).toBe('47000');
    expect(spotHeld(funds.holdings, 'BTC', BTCUSDT, () => '32000').toFixed()).toBe('2');
  });

  it('answers no total and nothing held for an account without balances or orders', async () => {
    expect(await postgres.readModels.spotFunds('acc-empty', ['USDT'])).toEqual({
      totals: {},
      holdings: [],
    });
  });

  it("reads an account's open orders through the open-orders index and its funds from the kept holdings, not through its history", async () => {
    // An account that has traded for a while: thousands of finished orders, a few open.
    await postgres.database.dataSource.query(
      `INSERT INTO rm_orders (id, stream_id, stream_version, account, market, symbol, side, type, time_in_force,
                              price, orig_qty, executed_qty, cumulative_quote_qty, client_order_id, status,
                              origin, created_at, updated_at, state_hash)
       SELECT gen_random_uuid(), 'spot-order:acc-history:c-' || i, 3, 'acc-history', 'spot', 'BTCUSDT',
              'BUY', 'LIMIT', 'GTC', 30000, 1, CASE WHEN i <= 5 THEN 0 ELSE 1 END,
              CASE WHEN i <= 5 THEN 0 ELSE 30000 END, 'c-' || i,
              CASE WHEN i <= 5 THEN 'NEW' WHEN i % 2 = 0 THEN 'FILLED' ELSE 'CANCELED' END,
              'desk', now(), now(), 'h'
         FROM generate_series(1, 5000) AS i`,
    );
    await postgres.database.dataSource.query(`ANALYZE rm_orders`);
    const statements: Array<{ sql: string; parameters: unknown[] }> = [];
    const query = postgres.database.dataSource.query.bind(postgres.database.dataSource);
    const spy = jest
      .spyOn(postgres.database.dataSource, 'query')
      .mockImplementation(async (sql, parameters) => {
        statements.push({ sql, parameters: parameters ?? [] });
        return query(sql, parameters);
      });
    try {
      const funds = await postgres.readModels.spotFunds('acc-history', ['USDT']);
      expect(spotHeld(funds.holdings, 'USDT', BTCUSDT, () => '30000').toFixed()).toBe('150000');
      await postgres.readModels.holdingOrders('acc-history', 'spot', IN_FLIGHT_STATUSES);
      expect(await postgres.readModels.openOrders('acc-history', 'spot')).toHaveLength(5);
    } finally {
      spy.mockRestore();
    }

    expect(statements).toHaveLength(3);
    const plans = [];
    for (const { sql, parameters } of statements) {
      const [{ 'QUERY PLAN': plan }] = await postgres.database.dataSource.query<
        Array<{ 'QUERY PLAN': unknown }>
      >(`EXPLAIN (FORMAT JSON) ${sql}`, parameters);
      plans.push(JSON.stringify(plan));
    }
    // The funds read sums the kept holdings, not the orders; the others read the open orders.
    expect(plans[0]).not.toContain('"Relation Name":"rm_orders"');
    for (const plan of plans.slice(1)) expect(plan).toContain('"Index Name":"rm_orders_open"');
  });
});
