import { omsClientOrderId } from '@oms/domain';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices, FoldServices } from '../aggregates/fold-services';
import { ContractMultipliers } from '../fold/contract-multipliers';
import { decodedEnvelope } from '../fold/test-support/fold-fixtures';
import { createFoldTestDatabase } from '../fold/test-support/fold-test-database';
import { futuresFill, futuresOrder, MULTIPLIERS, T0 } from '../fold/test-support/observation-builders';
import { AsOfService } from './as-of.service';
import { relationRowsRead } from '@oms/persistence/test-support/plan-rows';
import { FOLD_CHECK_SAMPLE, FoldCheck } from './fold-check';

describe('as-of reads and the continuous check', () => {
  let database: TestDatabase;
  let fold: FoldServices;
  let asOf: AsOfService;
  const clientOrderId = omsClientOrderId('asof1');
  let afterFirst: Date;
  let omsOrderId: string;

  const foldNow = (...events: ReturnType<typeof futuresFill>[]) =>
    fold.transactions.run(async (context) => {
      for (const [index, event] of events.entries()) {
        await fold.observations.fold(context, decodedEnvelope(event, T0 + index));
      }
    });

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    fold = createFoldServices(database.dataSource, new ContractMultipliers(MULTIPLIERS).lookup);
    asOf = new AsOfService(database.dataSource, fold.deciders);
    await foldNow(
      futuresOrder({
        orderId: '61',
        clientOrderId,
        status: 'PARTIALLY_FILLED',
        executedQty: '2',
        avgPrice: '2500',
      }),
      futuresFill({ orderId: '61', clientOrderId, ticketId: 'a-1', quantity: '2', source: 'ws', fee: null }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    afterFirst = new Date();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await foldNow(
      futuresOrder({
        orderId: '61',
        clientOrderId,
        status: 'FILLED',
        executedQty: '5',
        avgPrice: '2500',
        updateTime: T0 + 50,
      }),
      futuresFill({
        orderId: '61',
        clientOrderId,
        ticketId: 'a-2',
        quantity: '3',
        source: 'ws',
        fee: null,
        tradeTime: T0 + 49,
      }),
    );
    [{ id: omsOrderId }] = await database.dataSource.query<Array<{ id: string }>>(`SELECT id FROM rm_orders`);
  });

  afterAll(async () => {
    await database.drop();
  });

  it('gives an order, its position and nothing before it existed, as the OMS knew them at a past time', async () => {
    expect(await asOf.order(omsOrderId, afterFirst)).toMatchObject({
      status: 'PARTIALLY_FILLED',
      executedQty: '2',
    });
    expect(await asOf.order(omsOrderId, new Date())).toMatchObject({ status: 'FILLED', executedQty: '5' });
    expect(await asOf.order(omsOrderId, new Date(0))).toBeNull();
    expect((await asOf.position('acc1', 'ETHUSDT-PERPETUAL', 'LONG', afterFirst))?.row).toMatchObject({
      contracts: '2',
    });
    expect((await asOf.position('acc1', 'ETHUSDT-PERPETUAL', 'LONG', new Date()))?.row).toMatchObject({
      contracts: '5',
    });
    expect(await asOf.order('00000000-0000-5000-8000-000000000000', new Date())).toBeNull();
  });

  it('finds no difference in a sample of aggregates, and names one whose kept state was altered', async () => {
    const check = new FoldCheck(database.dataSource, fold.deciders, { intervalMs: 60_000, sampleSize: 50 });
    expect(await check.round()).toEqual([]);
    const [{ stream_id }] = await database.dataSource.query<Array<{ stream_id: string }>>(
      `SELECT stream_id FROM rm_orders WHERE id = $1`,
      [omsOrderId],
    );
    await database.dataSource.query(`UPDATE rm_orders SET state_hash = 'altered' WHERE id = $1`, [
      omsOrderId,
    ]);
    expect(await check.round()).toEqual([
      expect.objectContaining({ streamId: stream_id, where: 'rm_orders', actual: 'altered' }),
    ]);
  });

  it('names a spot holding kept otherwise than the holding orders sum to', async () => {
    const check = new FoldCheck(database.dataSource, fold.deciders, { intervalMs: 60_000, sampleSize: 0 });
    expect(await check.round()).toEqual([]);
    await database.dataSource.query(
      `INSERT INTO rm_spot_holding_changes (account, symbol, side, remaining_qty, unspent_amount, limit_quote,
                                            market_remaining_qty, open_orders)
       VALUES ('acc-check', 'ETHUSDT', 'SELL', 0.25, 0, 0, 0, 0)`,
    );
    expect(await check.round()).toEqual([
      {
        where: 'rm_spot_holdings',
        key: { account: 'acc-check', symbol: 'ETHUSDT', side: 'SELL' },
        amount: 'remaining_qty',
        expected: '0',
        actual: '0.25',
      },
    ]);
  });

  it('samples the kept states reading a share of them, not every state', async () => {
    await database.dataSource.query(
      `INSERT INTO oms_aggregate_states (stream_id, stream_type, version, state, state_hash)
       SELECT 'sample-check:' || i, 'sample-check', 1, '{}'::jsonb, 'h' FROM generate_series(1, 20000) AS i`,
    );
    try {
      await database.dataSource.query(`ANALYZE oms_aggregate_states`);
      const read = await relationRowsRead(
        database.dataSource,
        FOLD_CHECK_SAMPLE,
        [20],
        'oms_aggregate_states',
      );
      expect(read).toBeLessThan(10_000);
    } finally {
      await database.dataSource.query(`DELETE FROM oms_aggregate_states WHERE stream_type = 'sample-check'`);
    }
  });
});
