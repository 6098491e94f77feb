import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { runPipelinedTransaction, SqlExecutor } from '@oms/persistence';

/**
 * Runs a unit of work in one Postgres transaction; `flushCommit` false lets COMMIT
 * return before the WAL reaches the disk.
 */
export type TransactionRunner = <T>(
  work: (executor: SqlExecutor) => Promise<T>,
  flushCommit: boolean,
) => Promise<T>;

/** Transactions on the app's TypeORM pool: the fold's, whose large appends go by COPY. */
export function typeOrmTransactions(dataSource: DataSource): TransactionRunner {
  return (work, flushCommit) =>
    dataSource.transaction(async (manager) => {
      if (!flushCommit) await manager.query('SET LOCAL synchronous_commit = off');
      return work(manager);
    });
}

/**
 * Transactions on a pool of pipelined connections: the desk commands', a few
 * statements each, where every round trip saved is latency a desk sees.
 */
export function pipelinedTransactions(pool: Pool): TransactionRunner {
  return (work, flushCommit) => runPipelinedTransaction(pool, work, { flushCommit });
}
