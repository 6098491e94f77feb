import { Pool, PoolClient, QueryResult } from 'pg';
import { SqlExecutor } from '../event-store/event-store.types';
import { preparedName } from './prepared-statements';

/**
 * An executor over a pg client in pipeline mode (`new Pool({ pipeline: true })`): each
 * statement is written at once, even while earlier ones are still running, and answers
 * come back in order. Statements issued together cost one round trip instead of one
 * each. Results have the shapes TypeORM's `query` gives (rows; `[rows, rowCount]` for
 * UPDATE and DELETE), so code written against either executor reads them alike.
 *
 * COPY and cursors cannot share a pipelined connection (pg refuses them), so nothing on
 * it reaches the client itself: `connectionOf` finds no connection and batch appends
 * use their multi-row statement.
 */
export class PipelinedSqlExecutor implements SqlExecutor {
  readonly pipelined = true;
  private holdingWrites = false;
  /** Statements not answered yet, so that none is left unchecked at COMMIT. */
  private readonly outstanding = new Set<Promise<unknown>>();
  private firstFailure: { error: unknown } | undefined;

  constructor(private readonly client: PoolClient) {}

  query(sql: string, parameters?: unknown[]): Promise<unknown> {
    this.holdWrites();
    // A statement with parameters is prepared once per connection under a name derived
    // from its text: later runs skip parsing and planning it.
    const sent =
      parameters !== undefined && parameters.length > 0
        ? this.client.query({ name: preparedName(sql), text: sql, values: parameters })
        : this.client.query(sql);
    const answer = sent.then(typeOrmShapeOf);
    this.outstanding.add(answer);
    answer.then(
      () => this.outstanding.delete(answer),
      (error: unknown) => {
        this.outstanding.delete(answer);
        this.firstFailure ??= { error };
      },
    );
    return answer;
  }

  /** The first statement that failed, if any. */
  failure(): unknown {
    return this.firstFailure?.error;
  }

  /**
   * Waits for every statement issued so far, including any the caller chose not to
   * await (a last write sent together with COMMIT), and throws the first failure.
   */
  async settled(): Promise<void> {
    while (this.outstanding.size > 0) {
      await Promise.allSettled([...this.outstanding]);
    }
    if (this.firstFailure) throw this.firstFailure.error;
  }

  /**
   * Statements issued in one turn of the event loop leave in one socket write: the
   * server is woken once for the group, not once per statement (each wake-up costs a
   * context switch on a busy host).
   */
  private holdWrites(): void {
    if (this.holdingWrites) return;
    const socket = this.client.connection.stream;
    socket.cork();
    this.holdingWrites = true;
    process.nextTick(() => {
      this.holdingWrites = false;
      socket.uncork();
    });
  }
}

/** SQLSTATE of a statement sent after an earlier one failed in the same transaction. */
const IN_FAILED_TRANSACTION = '25P02';

function typeOrmShapeOf(result: QueryResult): unknown {
  return result.command === 'UPDATE' || result.command === 'DELETE'
    ? [result.rows, result.rowCount]
    : result.rows;
}

/** True for an executor whose statements may be issued without waiting for each other. */
export function isPipelined(executor: SqlExecutor): boolean {
  return (executor as { pipelined?: unknown }).pipelined === true;
}

/**
 * Runs tasks whose statements do not depend on each other's results or effects: started
 * in order and awaited together on a pipelined executor (their first statements share
 * one round trip), one after the other on any other. The first failure is thrown.
 */
export async function runIndependent(
  executor: SqlExecutor,
  tasks: ReadonlyArray<() => Promise<unknown>>,
): Promise<void> {
  if (!isPipelined(executor)) {
    for (const task of tasks) await task();
    return;
  }
  await Promise.all(tasks.map((task) => task()));
}

/**
 * A write whose answer nothing in the transaction reads (the server may still read its
 * effects: statements run in the order they were issued). On a pipelined executor it
 * is only issued: the work can return at once, so COMMIT leaves in the same socket write
 * as the transaction's last writes, and a failure fails the transaction before COMMIT
 * counts. On any other executor it is awaited.
 */
export async function issueWrite(executor: SqlExecutor, write: Promise<unknown>): Promise<void> {
  if (isPipelined(executor)) {
    // Checked by the transaction before COMMIT counts (PipelinedSqlExecutor.settled).
    write.catch(() => undefined);
    return;
  }
  await write;
}

export interface PipelinedTransactionOptions {
  /** False: COMMIT returns before the WAL reaches the disk (`synchronous_commit = off`). */
  readonly flushCommit?: boolean;
}

/**
 * Runs `work` in a transaction on a pipelined client: BEGIN goes out with the work's
 * first statement and COMMIT with its last, so a transaction of N dependent steps costs
 * N round trips. The work may leave its writes unawaited (see `issueWrite`): they
 * are checked before the transaction counts as committed. Any failure rolls back and
 * is rethrown; a client that cannot even roll back is destroyed rather than returned
 * to the pool.
 */
export async function runPipelinedTransaction<T>(
  pool: Pool,
  work: (executor: PipelinedSqlExecutor) => Promise<T>,
  options: PipelinedTransactionOptions = {},
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const executor = new PipelinedSqlExecutor(client);
    const begun = [executor.query('BEGIN')];
    if (options.flushCommit === false) begun.push(executor.query('SET LOCAL synchronous_commit = off'));
    // Awaited below; a failed BEGIN also fails the work's statements, which throw first.
    const opening = Promise.all(begun);
    opening.catch(() => undefined);
    try {
      const result = await work(executor);
      // COMMIT goes out behind every statement still running (writes the work did not
      // wait for, BEGIN itself when the work read nothing): when the work returns in the
      // turn it issued its writes, in the same socket write. Postgres answers COMMIT of a
      // transaction a failed statement aborted with ROLLBACK, not an error: the failure
      // is thrown.
      const commit = client.query('COMMIT');
      commit.catch(() => undefined);
      await opening;
      await executor.settled();
      const ended = await commit;
      if (ended.command !== 'COMMIT')
        throw new Error(`the transaction ended with ${ended.command}, not COMMIT`);
      return result;
    } catch (error) {
      await executor.settled().catch(() => undefined);
      await opening.catch(() => undefined);
      await client.query('ROLLBACK').catch((rollbackError: Error) => {
        broken = rollbackError;
      });
      // A statement behind a failed one only reports the aborted transaction: the cause
      // is the failure before it.
      throw (error as { code?: unknown }).code === IN_FAILED_TRANSACTION
        ? (executor.failure() ?? error)
        : error;
    }
  } finally {
    client.release(broken);
  }
}
