import { DomainError, omsClientOrderId, readSpotOrderRequest } from '@oms/domain';
import { useCommandReadModelsDatabase } from './test-support/command-read-models-database';

const ACCOUNT = 'acc-pending';
const T0 = 1_763_900_000_000;

describe('CommandReadModels.pendingOrders on Postgres: the orders the resolver rebuilds at start', () => {
  const postgres = useCommandReadModelsDatabase();

  async function execute(name: string, command: Record<string, unknown>, source = 'oms') {
    const clientOrderId = omsClientOrderId(name);
    const ref = { market: 'spot', accountId: ACCOUNT, clientOrderId } as const;
    const result = await postgres.fold.commands.execute(
      ref,
      { clientOrderId, ...command } as never,
      {
        actor: 'alice',
        correlationId: `${name}-${String(command.type)}`,
        source,
      } as never,
    );
    if (result instanceof DomainError) throw result;
    return result;
  }

  const place = (name: string) =>
    execute(name, {
      type: 'PlaceSpotOrder',
      actor: 'alice',
      request: readSpotOrderRequest({
        accountId: ACCOUNT,
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        timeInForce: 'GTC',
        quantity: '1',
        price: '30000',
      }),
      now: T0,
    });

  async function pendingClientIds(): Promise<string[]> {
    const rows = await postgres.readModels.pendingOrders();
    return rows.map((row) => String((row.state as { clientOrderId?: unknown }).clientOrderId)).sort();
  }

  it('lists an order from its intent until its submission is settled (rejected, or absent after being uncertain)', async () => {
    await place('pending1');
    await place('pending2');
    await place('pending3');
    expect(await pendingClientIds()).toEqual(
      ['pending1', 'pending2', 'pending3'].map((name) => omsClientOrderId(name)).sort(),
    );

    await execute('pending1', {
      type: 'RecordSubmissionUncertain',
      reason: 'http-5xx',
      detail: 'HTTP 503',
      now: T0 + 1,
    });
    await execute(
      'pending2',
      {
        type: 'RecordSubmissionRejected',
        venueCode: '-1131',
        venueMessage: 'Balance insufficient',
        now: T0 + 1,
      },
      'rest-ack',
    );
    await execute('pending3', {
      type: 'RecordSubmissionUncertain',
      reason: 'timeout',
      detail: 'no answer in 5 s',
      now: T0 + 1,
    });
    await execute('pending3', {
      type: 'ResolveSubmissionAbsent',
      lookups: 3,
      venueCode: '-2013',
      venueMessage: 'Order does not exist.',
      now: T0 + 2,
    });

    expect(await pendingClientIds()).toEqual([omsClientOrderId('pending1')]);
  });

  it('reads the pending streams it keeps, not every order state', async () => {
    // Thousands of settled orders: the rescan must not grow with them.
    await postgres.database.dataSource.query(
      `INSERT INTO oms_aggregate_states (stream_id, stream_type, version, state, state_hash)
       SELECT 'spot-order:acc-settled:c-' || i, 'spot-order', 3,
              jsonb_build_object('submission', jsonb_build_object('phase', 'accepted'),
                                 'cancel', jsonb_build_object('phase', 'none')), 'h'
         FROM generate_series(1, 5000) AS i`,
    );
    await postgres.database.dataSource.query(`ANALYZE oms_aggregate_states, oms_pending_order_states`);
    expect(await pendingClientIds()).toEqual([omsClientOrderId('pending1')]);

    const statements: string[] = [];
    const query = postgres.database.dataSource.query.bind(postgres.database.dataSource);
    const spy = jest
      .spyOn(postgres.database.dataSource, 'query')
      .mockImplementation(async (sql, parameters) => {
        statements.push(sql);
        return query(sql, parameters);
      });
    try {
      await postgres.readModels.pendingOrders();
    } finally {
      spy.mockRestore();
    }
    const [{ 'QUERY PLAN': plan }] = await postgres.database.dataSource.query<
      Array<{ 'QUERY PLAN': unknown }>
    >(`EXPLAIN (FORMAT JSON) ${statements[0]}`);
    expect(JSON.stringify(plan)).not.toMatch(
      /"Node Type":"Seq Scan"[^}]*"Relation Name":"oms_aggregate_states"/,
    );
  });
});
