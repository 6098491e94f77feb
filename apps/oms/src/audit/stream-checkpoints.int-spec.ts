import { positionStreamId } from '@oms/domain';
import { hashState } from '@oms/persistence';
import { TestDatabase } from '@oms/persistence/test-support/test-database';
import { createFoldServices, FoldServices } from '../aggregates/fold-services';
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
import { AsOfService } from './as-of.service';
import { FoldCheck } from './fold-check';
import { ReadModelReplay } from './read-model-replay';
import { refoldStream } from './stream-refold';

const CHECKPOINT_EVERY = 10;
const BATCHES = 6;
const FILLS_PER_BATCH = 5;
const position = positionStreamId('acc1', PERPETUAL, 'LONG');

describe('Stream checkpoints: as-of reads and the continuous check start from one', () => {
  let database: TestDatabase;
  let fold: FoldServices;
  /** A time after each batch committed, before the next began. */
  const after: Date[] = [];

  const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

  beforeAll(async () => {
    database = await createFoldTestDatabase();
    fold = createFoldServices(
      database.dataSource,
      new ContractMultipliers(MULTIPLIERS).lookup,
      undefined,
      undefined,
      CHECKPOINT_EVERY,
    );
    let fill = 0;
    for (let batch = 0; batch < BATCHES; batch += 1) {
      await fold.transactions.run(async (context) => {
        if (batch === 0) {
          await fold.observations.fold(
            context,
            decodedEnvelope(futuresOrder({ orderId: '71', status: 'NEW', executedQty: '0' }), T0),
          );
        }
        for (let index = 0; index < FILLS_PER_BATCH; index += 1) {
          fill += 1;
          const event = futuresFill({
            orderId: '71',
            ticketId: `ck-${fill}`,
            quantity: '1',
            tradeTime: T0 + fill,
          });
          await fold.observations.fold(context, decodedEnvelope(event, T0 + fill));
        }
      });
      await pause();
      after.push(new Date());
      await pause();
    }
  });

  afterAll(async () => {
    await database?.drop();
  });

  it("keeps the position's state each time its version passes a multiple of the interval", async () => {
    const checkpoints = await database.dataSource.query<Array<{ version: number }>>(
      `SELECT version FROM aggregate_snapshots WHERE stream_id = $1 ORDER BY version`,
      [position],
    );
    const [{ version }] = await database.dataSource.query<Array<{ version: number }>>(
      `SELECT version FROM event_streams WHERE stream_id = $1`,
      [position],
    );
    expect(version).toBeGreaterThanOrEqual(3 * CHECKPOINT_EVERY);
    expect(checkpoints.map((row) => Math.floor(row.version / CHECKPOINT_EVERY))).toEqual(
      Array.from({ length: Math.floor(version / CHECKPOINT_EVERY) }, (_, index) => index + 1),
    );
  });

  it('gives the same as-of state from the checkpoint before the time as from the first event, at every time', async () => {
    const asOf = new AsOfService(database.dataSource, fold.deciders);
    for (const [batch, at] of after.entries()) {
      const fromCheckpoint = await refoldStream(database.dataSource, fold.deciders, position, {
        recordedUpTo: at,
      });
      const fromStart = await refoldStream(database.dataSource, fold.deciders, position, {
        recordedUpTo: at,
        checkpointAtMost: 0,
      });
      expect({ batch, state: fromCheckpoint.state, version: fromCheckpoint.version }).toEqual({
        batch,
        state: fromStart.state,
        version: fromStart.version,
      });
      // Past the first interval, the fold starts from a checkpoint, never past the time asked.
      if (fromStart.version >= CHECKPOINT_EVERY) {
        expect(fromCheckpoint.checkpoint?.version).toBeGreaterThan(fromStart.version - CHECKPOINT_EVERY);
        expect(fromCheckpoint.checkpoint!.version).toBeLessThanOrEqual(fromStart.version);
      }
      expect((await asOf.position('acc1', PERPETUAL, 'LONG', at))?.row).toMatchObject({
        contracts: String((batch + 1) * FILLS_PER_BATCH),
      });
    }
  });

  it('finds no difference, in the check and the replay, then names a newest checkpoint altered along with its hash', async () => {
    const check = new FoldCheck(database.dataSource, fold.deciders, { intervalMs: 60_000, sampleSize: 50 });
    const replay = new ReadModelReplay(database.dataSource, fold.deciders);
    expect(await check.round()).toEqual([]);
    expect((await replay.verify()).differences).toEqual([]);
    const [newest] = await database.dataSource.query<
      Array<{ version: number; state: Record<string, unknown> }>
    >(`SELECT version, state FROM aggregate_snapshots WHERE stream_id = $1 ORDER BY version DESC LIMIT 1`, [
      position,
    ]);
    const altered = { ...newest.state, symbol: 'ALTERED' };
    await database.dataSource.query(
      `UPDATE aggregate_snapshots SET state = $3::jsonb, state_hash = decode($4, 'hex')
       WHERE stream_id = $1 AND version = $2`,
      [position, newest.version, JSON.stringify(altered), hashState(altered)],
    );
    expect(await check.round()).toContainEqual(
      expect.objectContaining({ streamId: position, where: 'checkpoint', actual: hashState(altered) }),
    );
    expect((await replay.verify()).differences).toEqual([
      {
        table: 'aggregate_snapshots',
        key: { stream_id: position, version: newest.version },
        column: 'state_hash',
        live: hashState(altered),
        rebuilt: hashState(newest.state),
      },
    ]);
  });
});
