import { Client } from 'pg';
import { ExchangeClient, parseExchangeAccounts } from '@oms/exchange';
import { createTestDatabase, TestDatabase } from '@oms/persistence/test-support/test-database';
import { LocalStack, startLocalStack } from '../scripts/local-stack';
import { freePortStackEnvironment } from '../scripts/stack/free-port-stack-environment';

/**
 * The seam end to end: an order placed at the simulated venue by someone else reaches
 * ingest's stream and polls, Kafka, and the OMS fold, and shows in the desk read models
 * as an external order, through its cancel; its events carry their source.
 */
describe('OMS fold on the local stack (e2e)', () => {
  let database: TestDatabase;
  let stack: LocalStack;
  let exchange: ExchangeClient;
  let sql: Client;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    stack = await startLocalStack(freePortStackEnvironment(process.env, { DATABASE_URL: database.url }));
    const [demo] = parseExchangeAccounts(stack.appEnvironment.EXCHANGE_ACCOUNTS!);
    exchange = new ExchangeClient({
      baseUrl: stack.appEnvironment.EXCHANGE_REST_URL!,
      credentials: demo.credentials,
    });
    sql = new Client({ connectionString: database.url });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await exchange?.close();
    await stack?.stop();
    await database?.drop();
  });

  async function waitForOrder(clientOrderId: string, status: string): Promise<Record<string, unknown>> {
    const started = Date.now();
    for (;;) {
      const { rows } = await sql.query(
        `SELECT id, stream_id, origin, status, account, symbol, order_id FROM rm_orders WHERE client_order_id = $1`,
        [clientOrderId],
      );
      if (rows[0]?.status === status) return rows[0] as Record<string, unknown>;
      if (Date.now() - started > 30_000)
        throw new Error(`order ${clientOrderId} never reached ${status}: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('shows an order placed at the venue by someone else as external, then canceled, with its venue facts', async () => {
    const placed = await exchange.spot.placeOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: '1000',
      newClientOrderId: 'fold-e2e-1',
    });
    expect(placed.kind).toBe('accepted');
    const open = await waitForOrder('fold-e2e-1', 'NEW');
    expect(open).toMatchObject({ origin: 'external', symbol: 'BTCUSDT' });

    const canceled = await exchange.spot.cancelOrder({ clientOrderId: 'fold-e2e-1' });
    expect(canceled.kind).toBe('accepted');
    const closed = await waitForOrder('fold-e2e-1', 'CANCELED');
    expect(closed.id).toBe(open.id);
    const { rows } = await sql.query(
      `SELECT DISTINCT metadata->>'source' AS source, metadata->>'actor' AS actor FROM events WHERE stream_id = $1`,
      [closed.stream_id],
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every(
        (row: { source: string; actor: string | null }) =>
          ['ws', 'rest-poll'].includes(row.source) && row.actor === null,
      ),
    ).toBe(true);
    const { rows: dead } = await sql.query(`SELECT count(*)::int AS n FROM oms_parked_fills`);
    expect(dead).toEqual([{ n: 0 }]);
  });
});
