import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { undoMigrationsThrough } from '@oms/persistence/test-support/undo-migrations';
import { OrderFill, orderStreamKey, spotOrderStreamId } from '@oms/domain';
import { ObservationEvent } from '@oms/observations';
import { createFoldTestDatabase } from '../fold/test-support/fold-test-database';
import { decodedEnvelope } from '../fold/test-support/fold-fixtures';
import { MULTIPLIERS, T0, spotFill, spotOrder } from '../fold/test-support/observation-builders';
import { ContractMultipliers } from '../fold/contract-multipliers';
import { createFoldServices, FoldServices } from './fold-services';
import { STATE_HASH_SQL } from './aggregate-state.store';

interface KeptRow {
  state: Record<string, unknown> & { recentFills: OrderFill[] };
  state_hash: string;
}

describe('the order-fill-reports migration, on kept order states of the old shape', () => {
  let database: TestDatabase;
  let fold: FoldServices;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    fold = createFoldServices(database.dataSource, new ContractMultipliers(MULTIPLIERS).lookup);
  });

  afterAll(async () => {
    await database.drop();
  });

  const foldAll = (...events: ObservationEvent[]) =>
    fold.transactions.run(async (context) => {
      for (const [index, event] of events.entries()) {
        await fold.observations.fold(context, decodedEnvelope(event, T0 + index));
      }
    });

  const kept = async (streamId: string): Promise<KeptRow | undefined> =>
    (
      await database.dataSource.query<KeptRow[]>(
        `SELECT state, state_hash FROM oms_aggregate_states WHERE stream_id = $1`,
        [streamId],
      )
    )[0];

  /** The state as the code before the totals kept it: every fill in a map by fill id. */
  const oldShape = (state: KeptRow['state']) => {
    const { recentFills, settledFills: _settled, ...rest } = state;
    return { ...rest, fills: Object.fromEntries(recentFills.map((fill) => [fill.fillId, fill])) };
  };

  it('rewrites an order of at most 64 fills to the state its events fold to, and drops a larger one', async () => {
    const small = spotOrderStreamId('acc1', orderStreamKey({ orderId: '81', clientOrderId: 'ext-81' }));
    const large = spotOrderStreamId('acc1', orderStreamKey({ orderId: '82', clientOrderId: 'ext-82' }));
    await foldAll(
      spotOrder({ orderId: '81', clientOrderId: 'ext-81', origQty: '10' }),
      // Out of time order, and ids that sort differently as numbers and as text.
      spotFill({ orderId: '81', ticketId: '900', tradeTime: T0 + 30, fee: null, source: 'ws' }),
      spotFill({ orderId: '81', ticketId: '1000', tradeTime: T0 + 20 }),
      spotFill({ orderId: '81', ticketId: '99', tradeTime: T0 + 20 }),
      spotFill({ orderId: '81', ticketId: '900', tradeTime: T0 + 30 }),
      spotOrder({ orderId: '82', clientOrderId: 'ext-82', origQty: '10' }),
      spotFill({ orderId: '82', ticketId: '1', tradeTime: T0 + 20 }),
    );
    const folded = (await kept(small))!;
    expect(folded.state.recentFills.map((fill) => fill.fillId)).toEqual(['1000', '99', '900']);
    const largeFolded = (await kept(large))!;
    const largeOld = oldShape(largeFolded.state);
    const manyFills = Object.fromEntries(
      Array.from({ length: 65 }, (_, k) => [
        `m${k}`,
        { ...largeFolded.state.recentFills[0], fillId: `m${k}` },
      ]),
    );
    await database.dataSource.query(
      `UPDATE oms_aggregate_states SET state = $2::jsonb, state_hash = 'old' WHERE stream_id = $1`,
      [small, JSON.stringify(oldShape(folded.state))],
    );
    await database.dataSource.query(
      `UPDATE oms_aggregate_states SET state = $2::jsonb, state_hash = 'old' WHERE stream_id = $1`,
      [large, JSON.stringify({ ...largeOld, fills: manyFills })],
    );
    await database.dataSource.query(`UPDATE rm_orders SET state_hash = 'old' WHERE stream_id = $1`, [small]);

    // Back to before the order-fill-reports migration (and any after it), then forward.
    await undoMigrationsThrough(database.dataSource, 'IndexOrderFillReports1795670000000');
    await database.dataSource.runMigrations({ transaction: 'each' });

    const converted = (await kept(small))!;
    expect(converted.state).toEqual(folded.state);
    const [{ hash }] = await database.dataSource.query<Array<{ hash: string }>>(
      `SELECT ${STATE_HASH_SQL('$1::jsonb')} AS hash`,
      [JSON.stringify(folded.state)],
    );
    expect(converted.state_hash).toBe(hash);
    expect(
      await database.dataSource.query(`SELECT state_hash FROM rm_orders WHERE stream_id = $1`, [small]),
    ).toEqual([{ state_hash: hash }]);
    expect(await kept(large)).toBeUndefined();
  });
});
