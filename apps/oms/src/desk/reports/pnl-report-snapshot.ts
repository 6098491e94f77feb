import { QueryRunner } from 'typeorm';
import { CheckpointsToKeep, HistoryWatches } from './pnl-checkpoints';
import { PnlReportScope } from './pnl-histories';

/**
 * Runs a P&L report's reads in one REPEATABLE READ snapshot, so every read sees the same
 * moment of the read models, and keeps the checkpoints its folds took once the snapshot
 * has ended. The watches of the scope's histories begin before the snapshot: whatever
 * changes a history after they begin is either in the snapshot or on the history's
 * change row, which the keeper reads.
 */
export async function inReportSnapshot<T>(
  runner: QueryRunner,
  scope: PnlReportScope,
  read: (toKeep: CheckpointsToKeep) => Promise<T>,
): Promise<T> {
  const watches = await HistoryWatches.start(runner, scope);
  const toKeep = new CheckpointsToKeep();
  await runner.startTransaction('REPEATABLE READ');
  try {
    // The snapshot is taken by the transaction's first statement, in `read`: after the watches.
    const result = await read(toKeep);
    await runner.commitTransaction();
    await toKeep.keep(runner, watches);
    return result;
  } finally {
    if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
  }
}
