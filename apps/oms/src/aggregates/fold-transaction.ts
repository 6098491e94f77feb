import {
  APPEND_DUPLICATE_OFFERED,
  isPipelined,
  runIndependent,
  SqlExecutor,
  StreamVersionConflictError,
  versionConflictOf,
} from '@oms/persistence';
import { createLogger } from '@oms/platform';
import { ReadModelProjector } from '../projections/read-model.projector';
import { AggregateDeciders } from './aggregate-deciders';
import { AggregateStateStore } from './aggregate-state.store';
import { FoldContext } from './fold-context';
import { CommittedStream } from './fold-unit-of-work';
import { PARKED_FILLS_WAITING } from './order-links.store';
import { StreamCheckpoints } from './stream-checkpoints';
import { TransactionRunner } from './transaction-runner';

const log = createLogger('FoldTransaction');

export interface FoldTransactionOptions {
  /** Runs last inside the transaction (the Kafka offsets' compare-and-set). */
  readonly beforeCommit?: (executor: SqlExecutor) => Promise<void>;
  readonly maxAttempts?: number;
  /**
   * False when everything the transaction records can be derived again after a
   * database crash (venue facts: Kafka still holds the observations and the offsets
   * roll back with them; a venue answer: the intent is durable and the resolver asks
   * the venue again), so COMMIT need not wait for the WAL to reach the disk. What the
   * OMS decides before acting outside the database (an intent before the venue call)
   * keeps the default, true.
   */
  readonly flushCommit?: boolean;
}

export interface FoldOutcome<T> {
  readonly result: T;
  readonly committed: readonly CommittedStream[];
  readonly context: FoldContext;
}

/**
 * One Postgres transaction of decisions: the work decides on aggregates, then the new
 * links and parked fills, the events (expected versions), the aggregate states, the
 * read models, the checkpoints due and (for the fold) the consumed offsets commit
 * together; the stored events are the outbox (`OutboxRelay` publishes them from the log).
 * A StreamVersionConflictError (another writer appended first) re-runs the whole work
 * on fresh state.
 */
export class FoldTransaction {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly deciders: AggregateDeciders,
    private readonly states: AggregateStateStore,
    private readonly projector: ReadModelProjector = new ReadModelProjector(),
    private readonly checkpoints?: StreamCheckpoints,
  ) {}

  /**
   * Streams of which the store already held some of the decided events (an input folded
   * before by another writer): their state is re-folded from the store and written
   * again, read models included, so what is kept is what is stored.
   */
  private async repairDuplicates(
    executor: SqlExecutor,
    streamIds: readonly string[],
  ): Promise<Map<string, CommittedStream>> {
    const repaired = new Map<string, CommittedStream>();
    if (streamIds.length === 0) return repaired;
    const rebuilt = await Promise.all(streamIds.map((streamId) => this.states.rebuild(executor, streamId)));
    await this.states.save(executor, rebuilt);
    const streams = [];
    for (const snapshot of rebuilt) {
      const rows = (await executor.query(
        `SELECT event_type AS type, payload, (extract(epoch from occurred_at) * 1000)::float8 AS occurred_at FROM events
         WHERE stream_id = $1 ORDER BY stream_version`,
        [snapshot.streamId],
      )) as Array<{ type: string; payload: unknown; occurred_at: number }>;
      streams.push({
        ...snapshot,
        events: rows.map((row) => ({
          type: row.type,
          payload: row.payload,
          occurredAt: Math.round(row.occurred_at),
        })),
      });
      repaired.set(snapshot.streamId, { ...snapshot, expectedVersion: snapshot.version, appended: [] });
    }
    await this.projector.project(executor, streams, []);
    return repaired;
  }

  async run<T>(
    work: (context: FoldContext) => Promise<T>,
    options: FoldTransactionOptions = {},
  ): Promise<FoldOutcome<T>> {
    const maxAttempts = options.maxAttempts ?? 20;
    // Short appends go in one statement until one meets an event stored already.
    let appendPlannedInApp = false;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const outcome = await this.transactions(async (executor) => {
          const context = new FoldContext(executor, this.deciders, this.states);
          const result = await work(context);
          const prepared = context.uow.prepared();
          // The writes go out together (one round trip on a pipelined connection). A
          // connection runs statements in the order it receives them, and each task here
          // issues its statements as soon as it starts: the states (whose hashes rm_orders
          // reads) before the read models, and the append last, as it holds the log head
          // until the transaction ends.
          let duplicates: string[] = [];
          await runIndependent(executor, [
            () => context.links.flush(),
            () => this.states.save(executor, prepared),
            () =>
              this.projector.project(
                executor,
                prepared.map((stream) => ({ ...stream, events: stream.appended })),
                context.marks,
              ),
            async () => {
              if (options.beforeCommit) await options.beforeCommit(executor);
            },
            async () => {
              duplicates = await context.uow.append(prepared, isPipelined(executor) && !appendPlannedInApp);
            },
          ]);
          const repaired = await this.repairDuplicates(executor, duplicates);
          const committed = prepared.map((stream) => repaired.get(stream.streamId) ?? stream);
          await this.checkpoints?.write(executor, committed);
          return { result, committed, context };
        }, options.flushCommit !== false);
        this.states.remember(outcome.committed);
        return outcome;
      } catch (failure) {
        const error = versionConflictOf(failure) ?? failure;
        if ((error as { code?: unknown }).code === APPEND_DUPLICATE_OFFERED && !appendPlannedInApp) {
          // An input folded before by another writer: decide again, appending with the
          // plan that skips what is stored and repairs the streams it concerns.
          appendPlannedInApp = true;
          continue;
        }
        if (!isRetryable(error) || attempt >= maxAttempts) throw error;
        log.debug({ attempt, err: error }, 'a concurrent writer came first; deciding again on fresh state');
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(error, attempt)));
      }
    }
  }
}

/**
 * A stale expected version is found under the log head's lock, so the writer that came
 * first has committed: the first retry reads its result at once. Later retries, and
 * deadlocks, back off a random few milliseconds so that contenders fall out of step.
 */
function retryDelayMs(error: unknown, attempt: number): number {
  if (
    (error instanceof StreamVersionConflictError || codeOf(error) === PARKED_FILLS_WAITING) &&
    attempt === 1
  ) {
    return 0;
  }
  return Math.random() * 5 * attempt;
}

function codeOf(error: unknown): unknown {
  return (
    (error as { code?: unknown; driverError?: { code?: unknown } }).driverError?.code ??
    (error as { code?: unknown }).code
  );
}

/** A stale expected version, fills waiting that were taken as none, or Postgres breaking a deadlock. */

function isRetryable(error: unknown): boolean {
  if (error instanceof StreamVersionConflictError) return true;
  const code = codeOf(error);
  return code === '40P01' || code === '40001' || code === PARKED_FILLS_WAITING;
}
