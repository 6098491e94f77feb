import { DataSource } from 'typeorm';
import { SqlExecutor, StoredEvent } from '@oms/persistence';
import { AggregateDeciders } from '../aggregates/aggregate-deciders';
import { AggregateStateStore, storedToDecided } from '../aggregates/aggregate-state.store';
import { ProjectedStream, ReadModelProjector } from '../projections/read-model.projector';
import { compareRebuilt, ReplayDifference } from './replay-compare';
import {
  createRebuildTables,
  dropRebuildTables,
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
  readonly pageSize?: number;
  readonly onProgress?: (progress: ReplayProgress) => void;
}

export interface ReplayResult {
  readonly events: number;
  readonly streams: number;
  readonly elapsedMs: number;
  /** Only for verify: each difference between the live and the rebuilt tables. */
  readonly differences: readonly ReplayDifference[];
}

/** Events folded between two writes of the touched streams' states and read models. */
const FLUSH_EVENTS = 50_000;

/** What a replay reads of a stored event. */
type ReplayedEvent = Pick<
  StoredEvent,
  'globalPosition' | 'streamId' | 'streamVersion' | 'type' | 'schemaVersion' | 'payload' | 'occurredAt'
>;

interface Folded {
  version: number;
  state: unknown;
}

/**
 * Rebuilds every read model (and the kept aggregate states) from the event store into
 * fresh tables, page by page in global order, with the live deciders and projector.
 * `rebuild` then swaps them in (under a lock, after catching up with what the live fold
 * committed meanwhile); `verify` compares them with the live tables and lists each
 * difference, leaving the live tables untouched.
 */
export class ReadModelReplay {
  private readonly states: AggregateStateStore;

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
      await this.foldPages(manager, run, options);
      await swapInRebuilt(manager);
    });
    await dropRebuildTables(this.dataSource);
    return {
      events: run.events,
      streams: run.folded.size,
      elapsedMs: Date.now() - run.started,
      differences: [],
    };
  }

  async verify(options: ReplayOptions = {}): Promise<ReplayResult> {
    const run = await this.fold(options);
    const differences = await this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      // Compare against the log as of this snapshot: fold what was committed since.
      await this.foldPages(manager, run, options);
      return compareRebuilt(manager);
    });
    await dropRebuildTables(this.dataSource);
    return { events: run.events, streams: run.folded.size, elapsedMs: Date.now() - run.started, differences };
  }

  private async fold(options: ReplayOptions) {
    await createRebuildTables(this.dataSource);
    const run = {
      folded: new Map<string, Folded>(),
      position: '0',
      events: 0,
      started: Date.now(),
      total: 0,
    };
    const [{ total }] = await this.dataSource.query<Array<{ total: number }>>(
      `SELECT count(*)::int AS total FROM events`,
    );
    run.total = total;
    await this.foldPages(this.dataSource, run, options);
    return run;
  }

  /**
   * Folds the log page by page and writes the states and read models of the streams a
   * run of pages touched once per run (every `FLUSH_EVENTS` events and at the end), not
   * once per page: a stream whose events span many pages is written once, with the rows
   * its latest state gives (rows are pure functions of the state, so the tables end
   * the same).
   */
  private async foldPages(
    executor: SqlExecutor,
    run: { folded: Map<string, Folded>; position: string; events: number; started: number; total: number },
    options: ReplayOptions,
  ): Promise<void> {
    const projector = new ReadModelProjector(rebuiltName);
    let touched = new Map<string, ProjectedStream['events'][number][]>();
    let pending = 0;
    const flush = async () => {
      const streams = [...touched.entries()].map(([streamId, events]) => ({
        streamId,
        events,
        ...run.folded.get(streamId)!,
      }));
      touched = new Map();
      pending = 0;
      await this.states.save(executor, streams, rebuiltName('oms_aggregate_states'));
      await projector.project(executor, streams, []);
    };
    const pageSize = options.pageSize ?? 5_000;
    // The next page is read while this one is folded: Postgres and the fold overlap. A
    // read still in flight when folding fails is not awaited, so it must not go unhandled.
    const read = (after: string) => {
      const page = this.readPage(executor, after, pageSize);
      page.catch(() => undefined);
      return page;
    };
    let nextPage = read(run.position);
    for (;;) {
      const page = await nextPage;
      if (page.length === 0) break;
      run.position = page[page.length - 1].globalPosition;
      nextPage = read(run.position);
      for (const event of page) {
        const decider = this.deciders.of(event.streamId);
        let folded = run.folded.get(event.streamId);
        if (folded === undefined) {
          folded = { version: 0, state: decider.initialState };
          run.folded.set(event.streamId, folded);
        }
        folded.state = decider.evolve(
          folded.state,
          storedToDecided(event.type, event.schemaVersion, event.payload),
        );
        folded.version = event.streamVersion;
        const events = touched.get(event.streamId);
        const projected = { type: event.type, payload: event.payload, occurredAt: event.occurredAt };
        if (events === undefined) touched.set(event.streamId, [projected]);
        else events.push(projected);
      }
      pending += page.length;
      run.events += page.length;
      run.total = Math.max(run.total, run.events);
      if (pending >= FLUSH_EVENTS) await flush();
      options.onProgress?.({ done: run.events, total: run.total, elapsedMs: Date.now() - run.started });
    }
    if (touched.size > 0) await flush();
  }

  /**
   * One page of the log in global order, with only what folding and projecting need
   * (no metadata, ids or recorded times to parse), on the executor's connection (inside
   * the swap or verify transaction, that transaction's).
   */
  private async readPage(executor: SqlExecutor, after: string, limit: number): Promise<ReplayedEvent[]> {
    const rows = (await executor.query(
      `SELECT global_position::text AS global_position, stream_id, stream_version, event_type, schema_version,
              payload, floor(extract(epoch FROM occurred_at) * 1000)::float8 AS occurred_at
       FROM events WHERE global_position > $1::bigint ORDER BY events.global_position LIMIT $2`,
      [after, limit],
    )) as Array<{
      global_position: string;
      stream_id: string;
      stream_version: number;
      event_type: string;
      schema_version: number;
      payload: unknown;
      occurred_at: number;
    }>;
    return rows.map((row) => ({
      globalPosition: row.global_position,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      type: row.event_type,
      schemaVersion: row.schema_version,
      payload: row.payload,
      occurredAt: row.occurred_at,
    }));
  }
}
