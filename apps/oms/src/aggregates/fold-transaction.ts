import { DataSource } from 'typeorm';
import { SqlExecutor, StreamVersionConflictError } from '@oms/persistence';
import { createLogger } from '@oms/platform';
import { writeOutbox } from '../outbox/outbox.writer';
import { ReadModelProjector } from '../projections/read-model.projector';
import { AggregateDeciders } from './aggregate-deciders';
import { AggregateStateStore } from './aggregate-state.store';
import { FoldContext } from './fold-context';
import { CommittedStream } from './fold-unit-of-work';

const log = createLogger('FoldTransaction');

export interface FoldTransactionOptions {
  /** Runs last inside the transaction (the Kafka offsets' compare-and-set). */
  readonly beforeCommit?: (executor: SqlExecutor) => Promise<void>;
  readonly maxAttempts?: number;
}

export interface FoldOutcome<T> {
  readonly result: T;
  readonly committed: readonly CommittedStream[];
  readonly context: FoldContext;
}

/**
 * One Postgres transaction of decisions: the work decides on aggregates, then the new
 * links and parked fills, the events (expected versions), the aggregate states, the
 * read models, the outbox and (for the fold) the consumed offsets commit together.
 * A StreamVersionConflictError (another writer appended first) re-runs the whole work
 * on fresh state.
 */
export class FoldTransaction {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deciders: AggregateDeciders,
    private readonly states: AggregateStateStore,
    private readonly projector: ReadModelProjector = new ReadModelProjector(),
  ) {}

  async run<T>(
    work: (context: FoldContext) => Promise<T>,
    options: FoldTransactionOptions = {},
  ): Promise<FoldOutcome<T>> {
    const maxAttempts = options.maxAttempts ?? 20;
    for (let attempt = 1; ; attempt += 1) {
      try {
        const outcome = await this.dataSource.transaction(async (manager) => {
          const context = new FoldContext(manager, this.deciders, this.states);
          const result = await work(context);
          await context.links.flush();
          const committed = await context.uow.commit();
          await this.projector.project(
            manager,
            committed.map((stream) => ({ ...stream, events: stream.appended })),
            context.marks,
          );
          await writeOutbox(manager, committed);
          if (options.beforeCommit) await options.beforeCommit(manager);
          return { result, committed, context };
        });
        this.states.remember(outcome.committed);
        return outcome;
      } catch (error) {
        if (!isRetryable(error) || attempt >= maxAttempts) throw error;
        log.debug({ attempt, err: error }, 'a concurrent writer came first; deciding again on fresh state');
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }
}

/** A stale expected version, or Postgres breaking a deadlock between two batches. */
function isRetryable(error: unknown): boolean {
  if (error instanceof StreamVersionConflictError) return true;
  const code =
    (error as { code?: unknown; driverError?: { code?: unknown } }).driverError?.code ??
    (error as { code?: unknown }).code;
  return code === '40P01' || code === '40001';
}
