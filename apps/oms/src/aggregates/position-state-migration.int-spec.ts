import { positionStreamId } from '@oms/domain';
import { hashState } from '@oms/persistence';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { undoMigrationsThrough } from '@oms/persistence/test-support/undo-migrations';
import { ReadModelReplay } from '../audit/read-model-replay';
import { FoldCheck } from '../audit/fold-check';
import { ContractMultipliers } from '../fold/contract-multipliers';
import { decodedEnvelope } from '../fold/test-support/fold-fixtures';
import { createFoldTestDatabase } from '../fold/test-support/fold-test-database';
import {
  futuresFill,
  futuresOrder,
  MULTIPLIERS,
  PERPETUAL,
  T0,
} from '../fold/test-support/observation-builders';
import { STATE_HASH_SQL } from './aggregate-state.store';
import { createFoldServices, FoldServices } from './fold-services';

const DAY_MS = 86_400_000;
const CHECKPOINT_EVERY = 4;
const position = positionStreamId('acc1', PERPETUAL, 'LONG');

type PositionState = Record<string, unknown> & { settled: Record<string, unknown> };

/** The per-day totals a kept position state carried before this migration. */
const OLD_DAYS = {
  '2025-11-23': { realizedPnl: '0', fees: { USDT: '1.5' }, funding: {} },
  '2025-11-24': { realizedPnl: '0', fees: { USDT: '0.5' }, funding: {} },
};

describe('the position-states-without-days migration, on kept states and checkpoints of the old shape', () => {
  let database: TestDatabase;
  let fold: FoldServices;

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    fold = createFoldServices(
      database.dataSource,
      new ContractMultipliers(MULTIPLIERS).lookup,
      undefined,
      undefined,
      CHECKPOINT_EVERY,
    );
    await fold.transactions.run(async (context) => {
      await fold.observations.fold(
        context,
        decodedEnvelope(futuresOrder({ orderId: '91', status: 'NEW', executedQty: '0' }), T0),
      );
      for (let fill = 1; fill <= 6; fill += 1) {
        const event = futuresFill({
          orderId: '91',
          ticketId: `day-${fill}`,
          quantity: '1',
          tradeTime: T0 + (fill % 2) * DAY_MS + fill,
        });
        await fold.observations.fold(context, decodedEnvelope(event, T0 + fill));
      }
    });
  });

  afterAll(async () => {
    await database?.drop();
  });

  const kept = async () =>
    (
      await database.dataSource.query<Array<{ state: PositionState; state_hash: string }>>(
        `SELECT state, state_hash FROM oms_aggregate_states WHERE stream_id = $1`,
        [position],
      )
    )[0];

  const checkpoints = () =>
    database.dataSource.query<
      Array<{ version: number; state: PositionState; state_hash: string; taken_at: Date }>
    >(
      `SELECT version, state, encode(state_hash, 'hex') AS state_hash, taken_at
         FROM aggregate_snapshots WHERE stream_id = $1 ORDER BY version`,
      [position],
    );

  const withDays = (state: PositionState) => ({ ...state, settled: { ...state.settled, days: OLD_DAYS } });

  it('drops the days from both, with hashes that match, and the check and the replay then find nothing', async () => {
    const folded = await kept();
    const foldedCheckpoints = await checkpoints();
    expect(foldedCheckpoints.length).toBeGreaterThan(0);

    // Back to before the migration (and any after it), with the states as the older code kept them.
    await undoMigrationsThrough(database.dataSource, 'PositionStatesWithoutDays1795780000000');
    const old = withDays(folded.state);
    await database.dataSource.query(
      `UPDATE oms_aggregate_states SET state = $2::jsonb, state_hash = ${STATE_HASH_SQL('$2::jsonb')}
        WHERE stream_id = $1`,
      [position, JSON.stringify(old)],
    );
    for (const checkpoint of foldedCheckpoints) {
      const oldCheckpoint = withDays(checkpoint.state);
      await database.dataSource.query(
        `UPDATE aggregate_snapshots SET state = $3::jsonb, state_hash = decode($4, 'hex')
          WHERE stream_id = $1 AND version = $2`,
        [position, checkpoint.version, JSON.stringify(oldCheckpoint), hashState(oldCheckpoint)],
      );
    }
    expect((await kept()).state.settled).toHaveProperty('days');
    expect((await checkpoints())[0].state.settled).toHaveProperty('days');

    await database.dataSource.runMigrations({ transaction: 'each' });

    expect(await kept()).toEqual(folded);
    const migrated = await checkpoints();
    expect(migrated).toEqual(foldedCheckpoints);
    for (const checkpoint of migrated) expect(checkpoint.state_hash).toBe(hashState(checkpoint.state));

    const check = new FoldCheck(database.dataSource, fold.deciders, { intervalMs: 60_000, sampleSize: 50 });
    expect(await check.round()).toEqual([]);
    const replay = new ReadModelReplay(database.dataSource, fold.deciders);
    expect((await replay.verify()).differences).toEqual([]);
  });
});
