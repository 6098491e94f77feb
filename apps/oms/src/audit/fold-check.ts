import { DataSource } from 'typeorm';
import { Counter, Gauge } from 'prom-client';
import { registeredMetric } from '../metrics/registered-metric';
import { hashState } from '@oms/persistence';
import { createLogger } from '@oms/platform';
import { AggregateDeciders } from '../aggregates/aggregate-deciders';
import { STATE_HASH_SQL } from '../aggregates/aggregate-state.store';
import { compareSpotHoldings, SpotHoldingDifference } from '../projections/spot-holdings';
import { refoldStream } from './stream-refold';

const log = createLogger('FoldCheck');

/**
 * Up to $1 kept states picked at random, with their rm_orders rows. The pick reads a
 * share of the table's pages (TABLESAMPLE SYSTEM) sized for about ten times the sample
 * and at least 16 pages, from the planner's row and page counts (all of it before the
 * first ANALYZE): ordering every state by random() read the whole table each round.
 */
export const FOLD_CHECK_SAMPLE = `
  SELECT a.stream_id, a.version, a.state_hash, o.state_hash AS order_hash, o.stream_version AS order_version
  FROM (SELECT s.stream_id, s.version, s.state_hash
        FROM oms_aggregate_states s TABLESAMPLE SYSTEM ((
          SELECT least(100, greatest(100.0 * $1 * 10 / greatest(c.reltuples, 1),
                                     100.0 * 16 / greatest(c.relpages, 1)))::float4
          FROM pg_class c WHERE c.oid = 'oms_aggregate_states'::regclass))
        ORDER BY random() LIMIT $1) a
  LEFT JOIN rm_orders o ON o.stream_id = a.stream_id`;

const checked = () =>
  registeredMetric(
    'oms_fold_check_aggregates_total',
    () =>
      new Counter({
        name: 'oms_fold_check_aggregates_total',
        help: 'Aggregates re-folded from the store by the continuous check',
      }),
  );
const differences = () =>
  registeredMetric(
    'oms_fold_check_differences_total',
    () =>
      new Counter({
        name: 'oms_fold_check_differences_total',
        help: 'Aggregates whose re-folded state differs from the kept state or read model, and spot holdings kept otherwise than their orders sum to',
      }),
  );
const lastDifferences = () =>
  registeredMetric(
    'oms_fold_check_last_differences',
    () =>
      new Gauge({
        name: 'oms_fold_check_last_differences',
        help: 'Differences found by the latest check round',
      }),
  );

export type FoldCheckDifference =
  | {
      readonly streamId: string;
      /** aggregate-state and rm_orders: the kept row; checkpoint: a stream's newest checkpoint. */
      readonly where: 'aggregate-state' | 'rm_orders' | 'checkpoint';
      readonly expected: string;
      readonly actual: string | null;
    }
  | {
      /** A spot holding kept otherwise than its orders sum to (the pre-trade funds read). */
      readonly where: 'rm_spot_holdings';
      readonly key: SpotHoldingDifference['key'];
      readonly amount: SpotHoldingDifference['amount'];
      readonly expected: string;
      readonly actual: string;
    };

/**
 * The continuous check: every interval, a random sample of aggregates is re-folded
 * from the event store and its state hash compared with the kept state
 * (oms_aggregate_states) and, for orders, with rm_orders.state_hash; and the kept spot
 * holdings are compared with what the holding orders of rm_orders sum to. A difference
 * is a metric and a warning log line naming the stream or the holding.
 */
export class FoldCheck {
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly deciders: AggregateDeciders,
    private readonly options: { readonly intervalMs: number; readonly sampleSize?: number },
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = true;
      this.round().then(
        () => (this.running = false),
        (error: unknown) => {
          this.running = false;
          log.error({ err: error }, 'fold check round failed');
        },
      );
    }, this.options.intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * The kept state is re-folded from the stream's newest checkpoint: that checkpoint is
   * checked in turn, re-folded from the one before it (or the first event). Each link of
   * a stream's checkpoints is checked when it is the newest, so the chain back to the
   * first event is, at a cost of two checkpoint intervals per sampled stream.
   */
  private async verifyCheckpoint(
    streamId: string,
    checkpoint: { readonly version: number; readonly stateHash: string },
  ): Promise<FoldCheckDifference | null> {
    const refolded = await refoldStream(this.dataSource, this.deciders, streamId, {
      checkpointAtMost: checkpoint.version - 1,
      upToVersion: checkpoint.version,
    });
    const expected = hashState(refolded.state);
    return expected === checkpoint.stateHash
      ? null
      : { streamId, where: 'checkpoint', expected, actual: checkpoint.stateHash };
  }

  async round(): Promise<FoldCheckDifference[]> {
    const sample = await this.dataSource.query<
      Array<{
        stream_id: string;
        version: number;
        state_hash: string;
        order_hash: string | null;
        order_version: number | null;
      }>
    >(FOLD_CHECK_SAMPLE, [this.options.sampleSize ?? 20]);
    const found: FoldCheckDifference[] = [];
    for (const row of sample) {
      const refolded = await refoldStream(this.dataSource, this.deciders, row.stream_id);
      // A stream appended since the sample was read is checked next time.
      if (refolded.version !== row.version) continue;
      const [{ hash: expected }] = await this.dataSource.query<Array<{ hash: string }>>(
        `SELECT ${STATE_HASH_SQL('$1::jsonb')} AS hash`,
        [JSON.stringify(refolded.state)],
      );
      if (expected !== row.state_hash) {
        found.push({ streamId: row.stream_id, where: 'aggregate-state', expected, actual: row.state_hash });
      }
      if (row.order_version === row.version && row.order_hash !== null && row.order_hash !== expected) {
        found.push({ streamId: row.stream_id, where: 'rm_orders', expected, actual: row.order_hash });
      }
      if (refolded.checkpoint !== null) {
        const checkpoint = await this.verifyCheckpoint(row.stream_id, refolded.checkpoint);
        if (checkpoint !== null) found.push(checkpoint);
      }
    }
    // One statement, one snapshot: the kept holdings and the orders as of the same moment.
    for (const held of await compareSpotHoldings(this.dataSource, 'rm_orders')) {
      found.push({
        where: 'rm_spot_holdings',
        key: held.key,
        amount: held.amount,
        expected: held.orders,
        actual: held.kept,
      });
    }
    checked().inc(sample.length);
    differences().inc(found.length);
    lastDifferences().set(found.length);
    for (const difference of found)
      log.warn(difference, 're-folded aggregate or summed orders differ from what the OMS keeps');
    return found;
  }
}
