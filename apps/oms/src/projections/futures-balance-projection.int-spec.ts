import { futuresBalanceStreamId } from '@oms/domain';
import { hashState } from '@oms/persistence';
import { undoMigrationsThrough } from '@oms/persistence/test-support/undo-migrations';
import { STATE_HASH_SQL } from '../aggregates/aggregate-state.store';
import { AsOfService } from '../audit/as-of.service';
import { FoldCheck } from '../audit/fold-check';
import { ReadModelReplay } from '../audit/read-model-replay';
import { useFoldedDatabase } from '../fold/test-support/folded-database';
import { futuresBalance, T0 } from '../fold/test-support/observation-builders';

const CHECKPOINT_EVERY = 2;

interface BalanceRow {
  free: string;
  locked: string;
  total: string;
}

describe('futures balances in the read model, from polls and stream reports', () => {
  const folded = useFoldedDatabase({ checkpointEvery: CHECKPOINT_EVERY });
  const foldNow = (...events: ReturnType<typeof futuresBalance>[]) => folded.foldInOneTransaction(events, T0);

  const row = async (account: string): Promise<BalanceRow> => {
    const [found] = await folded.database.dataSource.query<BalanceRow[]>(
      `SELECT free::text, locked::text, total::text FROM rm_balances
        WHERE account = $1 AND wallet = 'futures' AND asset = 'USDT'`,
      [account],
    );
    return found;
  };

  it('keeps the polled wallet balance as the total when a stream report (whose f + l counts unrealized P&L) comes after the poll; free and locked follow the latest report', async () => {
    // Venue: available = wallet - margins + unrealized. Polled: wallet 1000, margins 90,
    // unrealized 20, available 930. Then the stream: unrealized 50, so f 960 and l 90.
    await foldNow(
      futuresBalance({ accountId: 'acc-w', venueTime: T0 }),
      futuresBalance({
        accountId: 'acc-w',
        walletBalance: '1050',
        available: '960',
        positionMargin: null,
        orderMargin: null,
        unrealizedPnl: null,
        venueTime: T0 + 1000,
        source: 'ws',
      }),
    );
    expect(await row('acc-w')).toEqual({ free: '960', locked: '90', total: '1000' });
    const asOf = new AsOfService(folded.database.dataSource, folded.fold.deciders);
    expect(await asOf.balance('acc-w', 'futures', 'USDT', new Date())).toMatchObject({
      free: '960',
      locked: '90',
      total: '1000',
    });

    // The next poll brings the wallet balance after a fee of 0.5.
    await foldNow(
      futuresBalance({
        accountId: 'acc-w',
        walletBalance: '999.5',
        available: '959.5',
        venueTime: T0 + 2000,
      }),
    );
    expect(await row('acc-w')).toEqual({ free: '959.5', locked: '90', total: '999.5' });
  });

  it('gives kept states and checkpoints of the older shape their latest polled report, after which the fold, the check, as-of and replay agree', async () => {
    const streamId = futuresBalanceStreamId('acc-m', 'USDT');
    await foldNow(
      futuresBalance({ accountId: 'acc-m', venueTime: T0 }),
      futuresBalance({
        accountId: 'acc-m',
        walletBalance: '1050',
        available: '960',
        venueTime: T0 + 1000,
        source: 'ws',
      }),
      futuresBalance({
        accountId: 'acc-m',
        walletBalance: '1040',
        available: '950',
        venueTime: T0 + 2000,
        source: 'ws',
      }),
    );
    const olderShape = (state: Record<string, unknown>) => {
      const { polled: _polled, ...rest } = state;
      return rest;
    };
    await undoMigrationsThrough(folded.database.dataSource, 'FuturesBalancePolledWallet1795850000000');
    const [kept] = await folded.database.dataSource.query<Array<{ state: Record<string, unknown> }>>(
      `SELECT state FROM oms_aggregate_states WHERE stream_id = $1`,
      [streamId],
    );
    await folded.database.dataSource.query(
      `UPDATE oms_aggregate_states SET state = $2::jsonb, state_hash = ${STATE_HASH_SQL('$2::jsonb')}
        WHERE stream_id = $1`,
      [streamId, JSON.stringify(olderShape(kept.state))],
    );
    const checkpoints = await folded.database.dataSource.query<
      Array<{ version: number; state: Record<string, unknown> }>
    >(`SELECT version, state FROM aggregate_snapshots WHERE stream_id = $1`, [streamId]);
    expect(checkpoints.length).toBeGreaterThan(0);
    for (const checkpoint of checkpoints) {
      const old = olderShape(checkpoint.state);
      await folded.database.dataSource.query(
        `UPDATE aggregate_snapshots SET state = $3::jsonb, state_hash = decode($4, 'hex')
          WHERE stream_id = $1 AND version = $2`,
        [streamId, checkpoint.version, JSON.stringify(old), hashState(old)],
      );
    }

    // The row as the older projector wrote it after the stream report: total f + l.
    await folded.database.dataSource.query(
      `UPDATE rm_balances SET locked = 90, total = 1040 WHERE account = 'acc-m' AND wallet = 'futures'`,
    );

    await folded.database.dataSource.runMigrations({ transaction: 'each' });

    expect(await row('acc-m')).toEqual({ free: '950', locked: '90', total: '1000' });
    expect(
      (await new ReadModelReplay(folded.database.dataSource, folded.fold.deciders).verify()).differences,
    ).toEqual([]);

    await foldNow(
      futuresBalance({
        accountId: 'acc-m',
        walletBalance: '1060',
        available: '970',
        venueTime: T0 + 3000,
        source: 'ws',
      }),
    );
    expect(await row('acc-m')).toEqual({ free: '970', locked: '90', total: '1000' });
    const asOf = new AsOfService(folded.database.dataSource, folded.fold.deciders);
    expect(await asOf.balance('acc-m', 'futures', 'USDT', new Date())).toMatchObject({ total: '1000' });
    const check = new FoldCheck(folded.database.dataSource, folded.fold.deciders, {
      intervalMs: 60_000,
      sampleSize: 50,
    });
    expect(await check.round()).toEqual([]);
    const replay = new ReadModelReplay(folded.database.dataSource, folded.fold.deciders);
    expect((await replay.verify()).differences).toEqual([]);
  });
});
