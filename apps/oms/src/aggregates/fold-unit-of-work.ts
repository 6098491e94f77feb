import { deterministicEventId } from '@oms/kafka';
import { appendBatch, appendInOneStatement, NewEvent, SqlExecutor, StreamAppend } from '@oms/persistence';
import { DomainError, streamTypeOf } from '@oms/domain';
import { AggregateDeciders } from './aggregate-deciders';
import { AggregateStateStore } from './aggregate-state.store';
import { DecidedEvent, EventOrigin } from './decided-event';

interface WorkingAggregate {
  /** The version the state was read at: the expected version of the append. */
  readonly loadedVersion: number;
  /** The state as read, before this unit of work's decisions. */
  readonly loadedState: unknown;
  state: unknown;
  readonly pending: NewEvent[];
  readonly decided: DecidedEvent[];
}

/** One stream's part of a unit of work: what it appends and the state it reaches. */
export interface PreparedStream {
  readonly streamId: string;
  readonly expectedVersion: number;
  readonly version: number;
  readonly state: unknown;
  /** The state before the appended events (absent for a stream re-folded from its start). */
  readonly previousState?: unknown;
  /** The events appended, in stream order. */
  readonly appended: readonly NewEvent[];
}

/** A committed stream (the same shape, once stored). */
export type CommittedStream = PreparedStream;

/**
 * The decisions of one Postgres transaction: aggregates are loaded once, each command
 * is decided on the state evolved so far, and every stream is appended with the
 * version it was read at (never 'any'), so a concurrent writer (the desk command side
 * or another OMS process) makes the append fail with StreamVersionConflictError and the
 * caller retries the whole transaction. Each decided event gets
 * deterministicEventId('oms-event', inputId, streamId, index).
 */
export class FoldUnitOfWork {
  private readonly working = new Map<string, WorkingAggregate>();
  private readonly nextIndex = new Map<string, number>();

  constructor(
    readonly executor: SqlExecutor,
    private readonly deciders: AggregateDeciders,
    private readonly states: AggregateStateStore,
  ) {}

  /** Loads the given aggregates in one statement (a batch prefetch). */
  async load(streamIds: readonly string[]): Promise<void> {
    const missing = [...new Set(streamIds)].filter((streamId) => !this.working.has(streamId));
    const loaded = await this.states.load(this.executor, missing);
    for (const snapshot of loaded.values()) {
      this.working.set(snapshot.streamId, {
        loadedVersion: snapshot.version,
        loadedState: snapshot.state,
        state: snapshot.state,
        pending: [],
        decided: [],
      });
    }
  }

  /**
   * Starts a stream expected not to exist yet (an order the OMS creates under a new
   * client id) without reading it: its decisions are appended with expected version 0,
   * so if it does exist the append fails with a version conflict and the retry reads it.
   */
  startNew(streamId: string): void {
    this.startAt(streamId, 0, this.deciders.of(streamId).initialState);
  }

  /**
   * Starts a stream from a state known without reading it (the committed state this
   * process keeps): if the stream has moved on since, the append fails with a version
   * conflict and the retry reads it.
   */
  startAt(streamId: string, version: number, state: unknown): void {
    if (this.working.has(streamId)) return;
    this.working.set(streamId, {
      loadedVersion: version,
      loadedState: state,
      state,
      pending: [],
      decided: [],
    });
  }

  async stateOf(streamId: string): Promise<unknown> {
    return (this.working.get(streamId) ?? (await this.aggregate(streamId))).state;
  }

  async versionOf(streamId: string): Promise<number> {
    const aggregate = this.working.get(streamId) ?? (await this.aggregate(streamId));
    return aggregate.loadedVersion + aggregate.pending.length;
  }

  /** The events decided on a stream in this unit of work so far, in order (not stored yet). */
  decidedEvents(streamId: string): readonly DecidedEvent[] {
    return this.working.get(streamId)?.decided ?? [];
  }

  /** Decides one command; the events are evolved into the working state and kept for commit. */
  async decide(
    streamId: string,
    command: unknown,
    origin: EventOrigin,
  ): Promise<DecidedEvent[] | DomainError> {
    const aggregate = this.working.get(streamId) ?? (await this.aggregate(streamId));
    const decider = this.deciders.of(streamId);
    const decided = decider.decide(command, aggregate.state);
    if (decided instanceof DomainError) return decided;
    for (const event of decided) {
      aggregate.state = decider.evolve(aggregate.state, event);
      aggregate.decided.push(event);
      aggregate.pending.push({
        eventId: this.eventId(origin.inputId, streamId),
        type: event.type,
        schemaVersion: event.schemaVersion,
        payload: event.data,
        metadata: {
          actor: origin.actor,
          source: origin.source,
          inputId: origin.inputId,
          correlationId: origin.correlationId,
        },
        correlationId: origin.correlationId,
        occurredAt: origin.occurredAt,
      });
    }
    return [...decided];
  }

  /**
   * What this unit of work will append: each changed stream with the version its
   * decisions were made on, its events, and its state and version once they are stored.
   */
  prepared(): PreparedStream[] {
    return [...this.working.entries()]
      .filter(([, aggregate]) => aggregate.pending.length > 0)
      .map(([streamId, aggregate]) => ({
        streamId,
        expectedVersion: aggregate.loadedVersion,
        version: aggregate.loadedVersion + aggregate.pending.length,
        previousState: aggregate.loadedState,
        state: aggregate.state,
        appended: aggregate.pending,
      }));
  }

  /**
   * Appends every prepared stream with the version its decisions were made on (the
   * last statement of the transaction, so the event log's append lock is held briefly).
   * Returns the streams of which the store already held some events (an input folded
   * before): their stored history is the truth and the caller re-folds them.
   * `inOneStatement`: the short append of a pipelined transaction (`appendInOneStatement`),
   * which holds the log head for less time but fails on events stored already.
   */
  async append(prepared: readonly PreparedStream[], inOneStatement = false): Promise<string[]> {
    const appends: StreamAppend[] = prepared.map((stream) => ({
      streamId: stream.streamId,
      streamType: streamTypeOf(stream.streamId),
      expectedVersion: stream.expectedVersion,
      events: stream.appended,
    }));
    if (inOneStatement) {
      // Refuses (failing the transaction) rather than skips events stored already.
      await appendInOneStatement(this.executor, appends);
      return [];
    }
    const results = await appendBatch(this.executor, appends);
    return results.filter((result) => result.duplicateEventIds.length > 0).map((result) => result.streamId);
  }

  /**
   * Loads an aggregate this unit of work has not met yet. Callers look in `working`
   * first: most decisions meet a prefetched aggregate, and awaiting an async call for
   * it cost a promise and a turn of the microtask queue per decision.
   */
  private async aggregate(streamId: string): Promise<WorkingAggregate> {
    if (!this.working.has(streamId)) await this.load([streamId]);
    const aggregate = this.working.get(streamId);
    if (aggregate === undefined) throw new Error(`aggregate ${streamId} could not be loaded`);
    return aggregate;
  }

  private eventId(inputId: string, streamId: string): string {
    const key = `${inputId}\u0000${streamId}`;
    const index = this.nextIndex.get(key) ?? 0;
    this.nextIndex.set(key, index + 1);
    return deterministicEventId('oms-event', inputId, streamId, index);
  }
}
