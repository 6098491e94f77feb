import { PoolClient } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import { hashState, SnapshotStore } from '@oms/persistence';
import { AggregateDeciders, aggregateKindOf, AnyDecider } from '../aggregates/aggregate-deciders';
import { AggregateStateStore, STATE_HASH_SQL, storedToDecided } from '../aggregates/aggregate-state.store';
import { CHECKPOINT_STATE_VERSION } from '../aggregates/stream-checkpoints';
import { col, UpsertColumn } from '../projections/multi-row-upsert';
import { ProjectedStream, ReadModelProjector } from '../projections/read-model.projector';
import { ReplayedEvent, streamEventLog } from './event-log-copy';
import { copyIntoFreshTable } from './fresh-table-copy';
import { rebuildSpotHoldings } from '../projections/spot-holdings';
import { compareRebuilt, ReplayDifference } from './replay-compare';
import { ReplayedRows } from './replayed-rows';
import {
  createRebuildTables,
  dropRebuildTables,
  keyRebuildTables,
  rebuiltName,
  REBUILT_TABLES,
  swapInRebuilt,
} from './replay-tables';

export interface ReplayProgress {
  readonly done: number;
  readonly total: number;
  readonly elapsedMs: number;
}

export interface ReplayOptions {
  /** Events folded between two progress reports. */
  readonly progressEvery?: number;
  /** Events folded between two projections of the streams they touched (bounds the events held). */
  readonly projectEvery?: number;
  readonly onProgress?: (progress: ReplayProgress) => void;
}

export interface ReplayResult {
  readonly events: number;
  readonly streams: number;
  readonly elapsedMs: number;
  /** Only for verify: each difference between the live and the rebuilt tables. */
  readonly differences: readonly ReplayDifference[];
}

/** Streams projected between two turns of the event loop while the states load. */
const PROJECTED_SLICE = 500;

/** Default of `projectEvery`: a rebuild of a large log holds the payloads of at most this many events. */
const PROJECT_EVERY = 50_000;

/** oms_aggregate_states as loaded: the hash is computed by Postgres, as when the fold keeps a state. */
const KEPT_STATE_COLUMNS: readonly UpsertColumn[] = [
  col('stream_id', 'text'),
  col('stream_type', 'text'),
  col('version', 'int'),
  col('state', 'jsonb'),
  col('state_hash', 'text', STATE_HASH_SQL('u.state')),
  col('updated_at', 'timestamptz', 'now()'),
];

function* keptStateRows(folded: ReadonlyMap<string, Folded>): Generator<readonly unknown[]> {
  for (const [streamId, { version, state }] of folded) {
    yield [streamId, aggregateKindOf(streamId), version, state, null, null];
  }
}

interface Folded {
  version: number;
  state: unknown;
  readonly decider: AnyDecider;
}

interface ReplayRun {
  readonly folded: Map<string, Folded>;
  position: string;
  events: number;
  readonly started: number;
  total: number;
  /** The checkpoints to check as the fold passes them (verify): hash by version, by stream. */
  readonly checkpoints: ReadonlyMap<string, ReadonlyMap<number, string>>;
  readonly checkpointDifferences: ReplayDifference[];
}

/** The streams touched since they were last projected: their state before, and the events that touched them. */
type Touched = Map<
  string,
  { readonly previousState: unknown; readonly events: ProjectedStream['events'][number][] }
>;

/**
 * Rebuilds every read model (and the kept aggregate states) from the event store into
 * fresh tables, in global order, with the live deciders and projector. The log streams
 * in with COPY while it is folded; the rows projected from the folded states are held
 * (one per key, the latest) and loaded into the fresh tables with COPY at the end, each
 * state written once. `rebuild` then swaps them in (under a lock, after catching up
 * with what the live fold committed meanwhile); `verify` compares them with the live
 * tables and lists each difference, leaving the live tables untouched.
 */
export class ReadModelReplay {
  private readonly states: AggregateStateStore;
  private readonly projector = new ReadModelProjector(rebuiltName);

  constructor(
    private readonly dataSource: DataSource,
    private readonly deciders: AggregateDeciders,
  ) {
    this.states = new AggregateStateStore(deciders);
  }

  async rebuild(options: ReplayOptions = {}): Promise<ReplayResult> {
    const run = await this.fold(options);
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`LOCK TABLE ${REBUILT_TABLES.join(', ')} IN EXCLUSIVE MODE`);
      await this.catchUp(manager, run, options);
      await swapInRebuilt(manager);
      await rebuildSpotHoldings(manager);
    });
    await dropRebuildTables(this.dataSource);
    return {
      events: run.events,
      streams: run.folded.size,
      elapsedMs: Date.now() - run.started,
      differences: [],
    };
  }

  /**
   * Rebuilds aside and lists every difference from the live tables; each stream's
   * checkpoints (aggregate_snapshots) are checked too, as the fold passes their versions.
   */
  async verify(options: ReplayOptions = {}): Promise<ReplayResult> {
    const checkpoints = await new SnapshotStore(this.dataSource).stateHashes(CHECKPOINT_STATE_VERSION);
    const run = await this.fold(options, checkpoints);
    const differences = await this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      // Compare against the log as of this snapshot: fold what was committed since.
      await this.catchUp(manager, run, options);
      return compareRebuilt(manager);
    });
    await dropRebuildTables(this.dataSource);
    return {
      events: run.events,
      streams: run.folded.size,
      elapsedMs: Date.now() - run.started,
      differences: [...differences, ...run.checkpointDifferences],
    };
  }

  /** Folds the whole log into the fresh tables, loading each once. */
  private async fold(
    options: ReplayOptions,
    checkpoints: ReadonlyMap<string, ReadonlyMap<number, string>> = new Map(),
  ): Promise<ReplayRun> {
    await createRebuildTables(this.dataSource);
    const run: ReplayRun = {
      folded: new Map(),
      position: '0',
      events: 0,
      started: Date.now(),
      total: 0,
      checkpoints,
      checkpointDifferences: [],
    };
    const [{ total }] = await this.dataSource.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM events`,
    );
    run.total = total;
    const rows = new ReplayedRows();
    const project = (streams: readonly ProjectedStream[]) => rows.add(this.projector.rowsOf(streams, []));
    const last = await this.withConnection(this.dataSource, (client) =>
      this.foldLog(client, run, options, project),
    );
    // The states are final: they load while the rows of the last stretch are projected
    // (in slices, so that the load's stream flows meanwhile). Rows are pure functions of
    // the state they were projected from: the latest wins. A table whose rows read the
    // kept states (rm_orders its state hash) loads after them, the others at once.
    const statesTable = rebuiltName('oms_aggregate_states');
    const statesLoaded = this.withConnection(this.dataSource, (client) =>
      copyIntoFreshTable(client, statesTable, KEPT_STATE_COLUMNS, keptStateRows(run.folded)),
    );
    statesLoaded.catch(() => undefined); // awaited below; must not go unhandled meanwhile
    for (let start = 0; start < last.length; start += PROJECTED_SLICE) {
      project(last.slice(start, start + PROJECTED_SLICE));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const tables = [...rows.entries()];
    const readsStates = (columns: readonly UpsertColumn[]) =>
      columns.some((column) => column.select?.includes(statesTable) === true);
    const load = (loaded: typeof tables) =>
      this.withConnection(this.dataSource, async (client) => {
        for (const { table, columns, rows: tableRows } of loaded) {
          await copyIntoFreshTable(client, table, columns, tableRows);
        }
      });
    await Promise.all([
      statesLoaded.then(() => load(tables.filter((entry) => readsStates(entry.columns)))),
      load(tables.filter((entry) => !readsStates(entry.columns))),
    ]);
    await keyRebuildTables(this.dataSource);
    return run;
  }

  /** Folds what was committed after the run's position, upserting the streams it touches. */
  private async catchUp(manager: EntityManager, run: ReplayRun, options: ReplayOptions): Promise<void> {
    const project = async (streams: readonly ProjectedStream[]) => {
      await this.states.save(manager, streams, rebuiltName('oms_aggregate_states'));
      await this.projector.project(manager, streams, []);
    };
    const last = await this.withConnection(manager, (client) => this.foldLog(client, run, options, project));
    if (last.length > 0) await project(last);
  }

  /**
   * Folds the log after the run's position and hands the streams a stretch of it touched
   * to `project` (every `projectEvery` events) with their latest states, a stream whose
   * events span a stretch once, from its state at the end. Returns the streams touched
   * since the last stretch, for the caller to project.
   */
  private async foldLog(
    client: PoolClient,
    run: ReplayRun,
    options: ReplayOptions,
    project: (streams: readonly ProjectedStream[]) => void | Promise<void>,
  ): Promise<ProjectedStream[]> {
    let touched: Touched = new Map();
    let pending = 0;
    const take = (): ProjectedStream[] => {
      const streams = [...touched].map(([streamId, { previousState, events }]) => {
        const { version, state } = run.folded.get(streamId)!;
        return { streamId, events, version, state, previousState };
      });
      touched = new Map();
      pending = 0;
      return streams;
    };
    const progressEvery = options.progressEvery ?? 5_000;
    const projectEvery = options.projectEvery ?? PROJECT_EVERY;
    let unreported = 0;
    const report = () => {
      unreported = 0;
      options.onProgress?.({ done: run.events, total: run.total, elapsedMs: Date.now() - run.started });
    };
    await streamEventLog(client, run.position, async (events) => {
      for (const event of events) {
        this.foldEvent(run, touched, event);
        run.position = event.globalPosition;
        run.events += 1;
        pending += 1;
        unreported += 1;
        if (unreported >= progressEvery) {
          run.total = Math.max(run.total, run.events);
          report();
        }
        if (pending >= projectEvery) await project(take());
      }
    });
    run.total = Math.max(run.total, run.events);
    if (unreported > 0 || run.events === 0) report();
    return take();
  }

  private foldEvent(run: ReplayRun, touched: Touched, event: ReplayedEvent): void {
    let folded = run.folded.get(event.streamId);
    if (folded === undefined) {
      const decider = this.deciders.of(event.streamId);
      folded = { version: 0, state: decider.initialState, decider };
      run.folded.set(event.streamId, folded);
    }
    // The event itself is what the projector reads of it (type, payload, occurredAt).
    const touching = touched.get(event.streamId);
    if (touching === undefined) touched.set(event.streamId, { previousState: folded.state, events: [event] });
    else touching.events.push(event);
    folded.state = folded.decider.evolve(
      folded.state,
      storedToDecided(event.type, event.schemaVersion, event.payload),
    );
    folded.version = event.streamVersion;
    const checkpoint = run.checkpoints.get(event.streamId)?.get(event.streamVersion);
    if (checkpoint !== undefined) {
      const replayed = hashState(folded.state);
      if (replayed !== checkpoint) {
        run.checkpointDifferences.push({
          table: 'aggregate_snapshots',
          key: { stream_id: event.streamId, version: event.streamVersion },
          column: 'state_hash',
          live: checkpoint,
          rebuilt: replayed,
        });
      }
    }
  }

  /** The pg connection of a transaction's manager, or one of the pool's for the data source. */
  private async withConnection<T>(
    executor: DataSource | EntityManager,
    work: (client: PoolClient) => Promise<T>,
  ): Promise<T> {
    const runner = executor instanceof DataSource ? executor.createQueryRunner() : executor.queryRunner!;
    const client = (await runner.connect()) as PoolClient;
    try {
      return await work(client);
    } finally {
      if (executor instanceof DataSource) await runner.release();
    }
  }
}
