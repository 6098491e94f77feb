/**
 * The OMS fold, on one Postgres beside the raw COPY rate of event rows:
 * - fold throughput: Kafka to event store, kept states and read models (observations/s
 *   and stored events/s, each as a ratio to COPY);
 * - replay throughput (npm run replay: log to fresh read models);
 * - fold latency p50/p99 at a fixed 1,000 observations/s (publish to commit);
 * - the next fill into a spot order holding N fills and a position holding N fills,
 *   beside the first fill's; the desk's P&L report over that position (its time, and
 *   the most of the heap it kept alive).
 * The COPY rate and the replay are the medians of three runs each.
 * Run: npm run bench -- fold (FOLD_BENCH_PARTS=history: the history cost alone;
 * FOLD_BENCH_PARTS=throughput: the COPY rate and the fold throughput alone;
 * FOLD_BENCH_PARTS=replay: COPY, fold and replay only; FOLD_BENCH_PARTS=latency: the
 * fold latency alone)
 */
import { Pool } from 'pg';
import { printBenchResult } from '@oms/platform';
import { measureCopyRate } from '@oms/persistence/benchmarking/copy-rate';
import { AggregateDeciders } from '../src/aggregates/aggregate-deciders';
import { createFoldServices } from '../src/aggregates/fold-services';
import { pipelinedTransactions } from '../src/aggregates/transaction-runner';
import { ReadModelReplay } from '../src/audit/read-model-replay';
import { ContractMultipliers } from '../src/fold/contract-multipliers';
import { KafkaFoldConsumer } from '../src/fold/kafka-fold.consumer';
import { mixedWorkload } from '../src/fold/test-support/mixed-workload';
import { MULTIPLIERS } from '../src/fold/test-support/observation-builders';
import { measureHistoryCost } from './fold-history-cost';
import { BenchEnvironment, openBenchEnvironment } from './fold-bench-setup';
import { startCpuUsage } from './fold-cpu-usage';

const ORDERS = Number(process.env.FOLD_BENCH_ORDERS ?? 3_000);
/**
 * The COPY rate and the replay are each measured this many times and their medians
 * compared: on this machine one run's COPY rate differs from the next by up to a third.
 */
const REPEATS = 3;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const listed = (values: readonly number[]) =>
  values.map((value) => Math.round(value).toLocaleString('en-US')).join(', ');

function percentile(sorted: readonly number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))];
}

/** Fold latency at a fixed 1,000 observations/s: publish time (observedAt) to commit. */
async function measureFoldLatency(environment: BenchEnvironment): Promise<void> {
  const latency = await environment.newDatabase('latency');
  const latencyWorkload = mixedWorkload(900).events.slice(0, 8_000);
  const latencyPublish = await environment.newPublisher('bench-latency', 4);
  const latencies: number[] = [];
  // Wired as the OMS is: small batches on pipelined connections (short transactions).
  const latencyPool = new Pool({ connectionString: latency.url, max: 4, pipeline: true });
  const consumer = new KafkaFoldConsumer(
    latency.dataSource,
    createFoldServices(
      latency.dataSource,
      new ContractMultipliers(MULTIPLIERS).lookup,
      undefined,
      pipelinedTransactions(latencyPool),
    ),
    {
      brokers: environment.brokers,
      topicPrefix: 'bench-latency',
      consumerGroup: 'bench-latency',
      onCommitted: (batch) => {
        const now = Date.now();
        for (const event of batch.events) latencies.push(now - Date.parse(event.envelope.observedAt));
      },
    },
  );
  await consumer.start();
  const rate = 1_000;
  const tick = 20;
  const perTick = (rate * tick) / 1000;
  const began = Date.now();
  for (let sent = 0; sent < latencyWorkload.length; sent += perTick) {
    const due = began + (sent / rate) * 1000;
    if (due > Date.now()) await new Promise((resolve) => setTimeout(resolve, due - Date.now()));
    await latencyPublish(latencyWorkload.slice(sent, sent + perTick), () => Date.now());
  }
  while (latencies.length < latencyWorkload.length) await new Promise((resolve) => setTimeout(resolve, 50));
  await consumer.stop();
  await latencyPool.end();
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `fold latency at 1,000 observations/s: p50 ${percentile(sorted, 0.5)} ms, p99 ${percentile(sorted, 0.99)} ms`,
  );
  printBenchResult([
    { metric: 'fold latency p50 at 1,000 observations/s', value: percentile(sorted, 0.5), unit: 'ms' },
    { metric: 'fold latency p99 at 1,000 observations/s', value: percentile(sorted, 0.99), unit: 'ms' },
  ]);
}

async function main(): Promise<void> {
  const environment = await openBenchEnvironment();
  try {
    if (process.env.FOLD_BENCH_PARTS === 'latency') {
      await measureFoldLatency(environment);
      return;
    }
    if (process.env.FOLD_BENCH_PARTS === 'history') {
      await measureHistoryCost((await environment.newDatabase('history')).dataSource);
      return;
    }
    const throughputOnly = process.env.FOLD_BENCH_PARTS === 'throughput';
    const { dataSource } = await environment.newDatabase('throughput');
    const copyRuns: number[] = [];
    for (let run = 0; run < REPEATS; run += 1) {
      copyRuns.push((await measureCopyRate(dataSource, 100_000)).rowsPerSecond);
    }
    const copy = { rowsPerSecond: median(copyRuns) };
    console.log(
      `raw COPY of event rows: ${Math.round(copy.rowsPerSecond)} rows/s (runs: ${listed(copyRuns)})`,
    );
    printBenchResult({
      metric: 'fold bench: raw COPY of event rows',
      value: Math.round(copy.rowsPerSecond),
      unit: 'rows/s',
      detail: `median of ${REPEATS} runs of 100,000 rows (${listed(copyRuns)})`,
    });

    // Throughput: the whole workload waits in Kafka, then one consumer folds it.
    const workload = mixedWorkload(ORDERS);
    const publish = await environment.newPublisher('bench-throughput', 4);
    for (let start = 0; start < workload.events.length; start += 2_000) {
      await publish(workload.events.slice(start, start + 2_000));
    }
    const fold = createFoldServices(dataSource, new ContractMultipliers(MULTIPLIERS).lookup);
    let folded = 0;
    const cpuUsage = await startCpuUsage(dataSource);
    const started = process.hrtime.bigint();
    const done = new Promise<void>((resolve) => {
      const consumer = new KafkaFoldConsumer(dataSource, fold, {
        brokers: environment.brokers,
        topicPrefix: 'bench-throughput',
        consumerGroup: 'bench-throughput',
        partitionsConcurrently: process.env.FOLD_BENCH_CONCURRENCY
          ? Number(process.env.FOLD_BENCH_CONCURRENCY)
          : undefined,
        onCommitted: (batch) => {
          folded += batch.events.length;
          if (folded >= workload.events.length) void consumer.stop().then(resolve);
        },
      });
      void consumer.start();
    });
    await done;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const cpu = await cpuUsage();
    const [{ stored }] = await dataSource.query<Array<{ stored: number }>>(
      `SELECT count(*)::int AS stored FROM events`,
    );
    const observationRate = workload.events.length / seconds;
    const eventRate = stored / seconds;
    console.log(
      `fold throughput: ${Math.round(observationRate)} observations/s, ${Math.round(eventRate)} stored events/s ` +
        `(${(eventRate / copy.rowsPerSecond).toFixed(3)}x COPY; ${workload.events.length} observations, ${stored} events, ${seconds.toFixed(1)} s)`,
    );
    console.log(
      `fold CPU: ${cpu.processSeconds.toFixed(1)} s in this process (fold, broker, publisher), ` +
        `${cpu.postgresSeconds.toFixed(1)} s in Postgres backends`,
    );
    printBenchResult([
      {
        metric: 'fold throughput (Kafka to store and read models)',
        value: Math.round(observationRate),
        unit: 'observations/s',
      },
      { metric: 'fold throughput, stored events', value: Math.round(eventRate), unit: 'events/s' },
      {
        metric: 'fold throughput / COPY',
        value: Number((eventRate / copy.rowsPerSecond).toFixed(3)),
        unit: 'x',
        target: '>= 0.35',
      },
    ]);
    if (throughputOnly) return;

    // Each run rebuilds every read model from the whole log and swaps them in.
    const replayRuns: number[] = [];
    for (let run = 0; run < REPEATS; run += 1) {
      const replay = await new ReadModelReplay(dataSource, new AggregateDeciders(() => undefined)).rebuild();
      replayRuns.push((replay.events * 1000) / replay.elapsedMs);
    }
    const replayRate = median(replayRuns);
    console.log(
      `replay throughput: ${Math.round(replayRate)} events/s (${(replayRate / copy.rowsPerSecond).toFixed(3)}x COPY; runs: ${listed(replayRuns)})`,
    );
    printBenchResult([
      {
        metric: 'replay throughput',
        value: Math.round(replayRate),
        unit: 'events/s',
        detail: `median of ${REPEATS} rebuilds of ${stored.toLocaleString('en-US')} events (${listed(replayRuns)})`,
      },
      {
        metric: 'replay throughput / COPY',
        value: Number((replayRate / copy.rowsPerSecond).toFixed(3)),
        unit: 'x',
        target: '>= 0.5',
      },
    ]);
    if (process.env.FOLD_BENCH_PARTS === 'replay') return;

    await measureFoldLatency(environment);

    const history = await environment.newDatabase('history');
    await measureHistoryCost(history.dataSource);
  } finally {
    await environment.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
