/**
 * Desk-to-venue cost of the command path, on the whole stack with each app in a process
 * of its own as deployed (embedded Postgres, the project broker, the simulated venue,
 * ingest and the OMS, compiled, with their compose node flags):
 * - overhead of placing a spot order through the desk API (pre-trade checks, intent,
 *   venue call, acknowledgement, answer) over a direct libs/exchange call to the same
 *   venue, p50 and p99: on a throw-away stack (Postgres without fsync, as the tests run
 *   it), then on a kept data folder (`npm start`: each intent waits for the disk);
 * - a desk batch of 20 spot orders beside a direct batch call of 20, on the settled stack,
 *   then a desk cancel by ids of those 20 beside a direct one;
 * - time to certainty of orders whose create answered 5XX after the venue took them,
 *   from the uncertain answer to the resolution (OrderSubmissionResolved.tookMs).
 * Run: npm run bench -- commands (BENCH_OMS_NODE_ARGS and BENCH_INGEST_NODE_ARGS add node
 * flags to the OMS's and ingest's, for a diagnosis:
 * `BENCH_OMS_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/oms-profiles"`)
 */
import { availableParallelism } from 'node:os';
import { Client } from 'pg';
import { Agent, request } from 'undici';
import { ExchangeClient, parseExchangeAccounts } from '@oms/exchange';
import { printBenchResult } from '@oms/platform';
import { sample } from '../../../test/commands-support/prometheus-text';
import { ProcessStack, startProcessStack } from './process-stack';
import { StackCpu, startStackCpuUsage } from './stack-cpu-usage';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
/** Batches of BATCH_SIZE orders through the desk and directly, interleaved, on the settled stack. */
const BATCH_ROUNDS = 40;
const BATCH_SIZE = 20;
const UNCERTAIN = 100;
/** Long enough for ingest and the fold to take the last call's stream reports (fold p99 at 1,000/s: 22 ms). */
const SETTLE_MS = 50;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const round2 = (value: number) => Math.round(value * 100) / 100;

const totalOf = (cpu: StackCpu) => [...cpu.values()].reduce((total, ms) => total + ms, 0);

/** Each part's CPU per round, largest first. */
function cpuDetail(cpu: StackCpu): string {
  return [...cpu]
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${round2(ms / ROUNDS)}`)
    .join(', ');
}

const PLACEMENT_STEPS = ['pre-trade', 'intent', 'venue', 'outcome', 'answer'];

const scrapeOms = async (stack: ProcessStack) => (await fetch(`${stack.omsUrl}/metrics`)).text();

/** Mean milliseconds of each spot placement step between two scrapes of the OMS's metrics. */
function stepMeans(before: string, after: string): Map<string, number> {
  const delta = (text: string, suffix: string, step: string) =>
    sample(text, `oms_desk_order_step_seconds_${suffix}`, { market: 'spot', step });
  return new Map(
    PLACEMENT_STEPS.map((step) => {
      const count = delta(after, 'count', step) - delta(before, 'count', step);
      const seconds = delta(after, 'sum', step) - delta(before, 'sum', step);
      return [step, count === 0 ? 0 : round2((seconds * 1000) / count)];
    }),
  );
}

const STACK_SETTINGS = {
  VENUE_ORDER_WEIGHT_PER_SECOND: '100000',
  VENUE_QUERY_WEIGHT_PER_SECOND: '100000',
  EXCHANGE_ORDER_WEIGHT_PER_SECOND: '100000',
  EXCHANGE_QUERY_WEIGHT_PER_SECOND: '100000',
  LOG_LEVEL: 'error',
};

interface Bench {
  readonly stack: ProcessStack;
  readonly desk: (price: string) => Promise<unknown>;
  /**
   * Milliseconds of ROUNDS direct venue calls and ROUNDS desk orders, interleaved, and
   * the CPU each part of the stack used meanwhile; each call `pauseMs` after the last.
   */
  overhead(pauseMs?: number): Promise<{
    directMs: number[];
    deskMs: number[];
    wallMs: number;
    cpu: StackCpu;
    /** Mean milliseconds of each placement step over the desk orders (the OMS's own metric). */
    stepsMs: ReadonlyMap<string, number>;
    /** Fold transactions decided again meanwhile (another writer, mostly an answer, came first). */
    foldRetries: number;
  }>;
  /**
   * Milliseconds of BATCH_ROUNDS direct batches and desk batches of BATCH_SIZE, and of
   * cancelling each by ids, interleaved, SETTLE_MS apart.
   */
  batches(): Promise<{
    directMs: number[];
    deskMs: number[];
    directCancelMs: number[];
    deskCancelMs: number[];
  }>;
  close(): Promise<void>;
}

async function openBench(durablePostgres: boolean): Promise<Bench> {
  const stack = await startProcessStack(7, {
    environment: STACK_SETTINGS,
    durablePostgres,
    omsNodeArgs: process.env.BENCH_OMS_NODE_ARGS?.split(' ').filter((flag) => flag !== ''),
    ingestNodeArgs: process.env.BENCH_INGEST_NODE_ARGS?.split(' ').filter((flag) => flag !== ''),
  });
  const [demo] = parseExchangeAccounts(stack.exchangeAccounts);
  const unlimited = { weight: 1e9, windowMs: 1_000 };
  const direct = new ExchangeClient({
    baseUrl: stack.venueRestUrl,
    credentials: demo.credentials,
    rateBudgets: { query: unlimited, order: unlimited, public: unlimited, transfer: unlimited },
  });
  const headers = { authorization: `Bearer ${stack.deskToken}`, 'content-type': 'application/json' };
  const order = (price: string) => ({
    account: 'demo',
    symbol: 'BTCUSDT',
    side: 'BUY',
    type: 'LIMIT',
    quantity: '0.002',
    price,
  });
  // The desk is called with the HTTP client libs/exchange uses for the direct call (undici
  // with keep-alive), so the difference is the OMS's work, not two clients' costs.
  const deskAgent = new Agent({ keepAliveTimeout: 30_000 });
  const desk = async (price: string) => {
    const response = await request(`${stack.omsUrl}/v1/spot/orders`, {
      dispatcher: deskAgent,
      method: 'POST',
      headers,
      body: JSON.stringify(order(price)),
    });
    const body = (await response.body.json()) as { status?: string };
    if (response.statusCode !== 201) throw new Error(`desk order refused: ${JSON.stringify(body)}`);
    return body;
  };
  const placeDirect = (price: string) =>
    direct.spot.placeOrder({ symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.002', price });
  // A batch names its account once; its orders do not.
  const batchOf = (price: string) =>
    Array.from({ length: BATCH_SIZE }, () => {
      const { account: _account, ...entry } = order(price);
      return entry;
    });
  const deskBatch = async (price: string) => {
    const response = await request(`${stack.omsUrl}/v1/spot/orders/batch`, {
      dispatcher: deskAgent,
      method: 'POST',
      headers,
      body: JSON.stringify({ account: 'demo', orders: batchOf(price) }),
    });
    const body = (await response.body.json()) as { results?: Array<{ order?: { id: string } }> };
    if (response.statusCode !== 201 || body.results?.some((result) => result.order === undefined)) {
      throw new Error(`desk batch refused: ${JSON.stringify(body)}`);
    }
    return (body.results ?? []).map((result) => result.order!.id);
  };
  const deskCancelByIds = async (ids: readonly string[]) => {
    const response = await request(`${stack.omsUrl}/v1/spot/orders/cancel-by-ids`, {
      dispatcher: deskAgent,
      method: 'POST',
      headers,
      body: JSON.stringify({ account: 'demo', ids }),
    });
    const body = (await response.body.json()) as { results?: Array<{ order?: unknown }> };
    if (response.statusCode !== 202 || body.results?.some((result) => result.order === undefined)) {
      throw new Error(`desk cancel by ids refused: ${JSON.stringify(body)}`);
    }
  };
  let directBatches = 0;
  const placeDirectBatch = async (price: string) => {
    directBatches += 1;
    const outcome = await direct.spot.placeBatch(
      batchOf(price).map(({ symbol, quantity }, index) => ({
        symbol,
        side: 'BUY' as const,
        type: 'LIMIT' as const,
        quantity,
        price,
        newClientOrderId: `bench-batch-${directBatches}-${index}`,
      })),
    );
    if (outcome.kind !== 'accepted') throw new Error(`direct batch refused: ${JSON.stringify(outcome)}`);
    return outcome.value.entries.flatMap((entry) => (entry.kind === 'accepted' ? [entry.order.orderId] : []));
  };
  const directCancelByIds = async (orderIds: readonly string[]) => {
    const outcome = await direct.spot.cancelOrdersByIds(orderIds);
    if (outcome.kind !== 'accepted')
      throw new Error(`direct cancel by ids refused: ${JSON.stringify(outcome)}`);
  };
  return {
    stack,
    desk,
    async overhead(pauseMs = 0) {
      // Warm both paths (connections, prepared plans, JIT).
      for (let i = 0; i < 30; i += 1) {
        await desk('900');
        await placeDirect('900');
      }
      const deskMs: number[] = [];
      const directMs: number[] = [];
      const stepsBefore = await scrapeOms(stack);
      const cpuUsage = await startStackCpuUsage(stack);
      const began = performance.now();
      const pause = () => (pauseMs > 0 ? new Promise((resolve) => setTimeout(resolve, pauseMs)) : undefined);
      for (let i = 0; i < ROUNDS; i += 1) {
        await pause();
        let started = performance.now();
        await placeDirect('901');
        directMs.push(performance.now() - started);
        await pause();
        started = performance.now();
        await desk('902');
        deskMs.push(performance.now() - started);
      }
      const wallMs = performance.now() - began;
      const cpu = await cpuUsage();
      const stepsAfter = await scrapeOms(stack);
      const foldRetries =
        sample(stepsAfter, 'oms_fold_retries_total') - sample(stepsBefore, 'oms_fold_retries_total');
      return { directMs, deskMs, wallMs, cpu, stepsMs: stepMeans(stepsBefore, stepsAfter), foldRetries };
    },
    async batches() {
      const deskMs: number[] = [];
      const directMs: number[] = [];
      const deskCancelMs: number[] = [];
      const directCancelMs: number[] = [];
      const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      const timed = async <T>(work: () => Promise<T>, into: number[], kept: boolean): Promise<T> => {
        const started = performance.now();
        const result = await work();
        if (kept) into.push(performance.now() - started);
        return result;
      };
      for (let i = 0; i < BATCH_ROUNDS + 5; i += 1) {
        // The first five rounds warm the paths.
        const kept = i >= 5;
        await settle();
        const venueIds = await timed(() => placeDirectBatch('904'), directMs, kept);
        await settle();
        const ids = await timed(() => deskBatch('905'), deskMs, kept);
        await settle();
        await timed(() => directCancelByIds(venueIds), directCancelMs, kept);
        await settle();
        await timed(() => deskCancelByIds(ids), deskCancelMs, kept);
      }
      return { directMs, deskMs, deskCancelMs, directCancelMs };
    },
    async close() {
      await direct.close();
      await deskAgent.close();
      await stack.stop();
    },
  };
}

async function main(): Promise<void> {
  // A throw-away stack, as the tests run it: Postgres without fsync, so the figures are
  // the OMS's own work.
  const bench = await openBench(false);
  const { stack, desk } = bench;
  try {
    const { directMs, deskMs, wallMs, cpu, foldRetries } = await bench.overhead();
    const overheadP50 = percentile(deskMs, 50) - percentile(directMs, 50);
    const overheadP99 = percentile(deskMs, 99) - percentile(directMs, 99);
    // The same calls, each once the stack has folded the last one's reports: what the
    // command path costs without two cores shared with that work.
    const settled = await bench.overhead(SETTLE_MS);
    const batches = await bench.batches();

    // Orders the venue took but answered 5XX: from the uncertain answer to certain.
    await fetch(`${stack.venueControlUrl}/faults/http`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'FAIL_AFTER', count: UNCERTAIN }),
    });
    const uncertain: string[] = [];
    for (let i = 0; i < UNCERTAIN; i += 1) {
      const placed = (await desk('903')) as { id: string; status: string };
      if (placed.status === 'UNCERTAIN') uncertain.push(placed.id);
    }
    const database = new Client({ connectionString: stack.databaseUrl });
    await database.connect();
    const deadline = Date.now() + 60_000;
    let took: number[] = [];
    while (Date.now() < deadline) {
      const rows = await database.query<{ took: string }>(
        `SELECT e.payload->>'tookMs' AS took FROM events e JOIN rm_orders o ON o.stream_id = e.stream_id
          WHERE e.event_type = 'OrderSubmissionResolved' AND o.id = ANY($1::uuid[])`,
        [uncertain],
      );
      // A stream report folded a moment before the 5XX was recorded resolves at once; its
      // tookMs can read -1 ms across two clocks of one process, which is 0.
      took = rows.rows.map((row) => Math.max(0, Number(row.took)));
      if (took.length === uncertain.length) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await database.end();

    printBenchResult([
      {
        metric: 'direct venue call p50',
        value: round2(percentile(directMs, 50)),
        unit: 'ms',
        detail: `${ROUNDS} spot limit orders`,
      },
      {
        metric: 'desk order p50',
        value: round2(percentile(deskMs, 50)),
        unit: 'ms',
        detail: `${ROUNDS} spot limit orders`,
      },
      { metric: 'desk-to-venue overhead p50', value: round2(overheadP50), unit: 'ms' },
      { metric: 'desk-to-venue overhead p99', value: round2(overheadP99), unit: 'ms', target: '<= 3 ms' },
      ...[50, 99].map((p) => ({
        metric: `desk-to-venue overhead p${p}, one call at a time on a settled stack`,
        value: round2(percentile(settled.deskMs, p) - percentile(settled.directMs, p)),
        unit: 'ms',
        detail: `${ROUNDS} rounds, each call ${SETTLE_MS} ms after the last; desk order p${p} ${round2(percentile(settled.deskMs, p))} ms, direct ${round2(percentile(settled.directMs, p))} ms`,
      })),
      {
        metric: 'fold transactions decided again, per desk order',
        value: round2(foldRetries / ROUNDS),
        unit: 'retries',
        detail: `one call after another; ${round2(settled.foldRetries / ROUNDS)} on the settled stack`,
      },
      {
        metric: 'desk order steps, mean, settled stack (pre-trade + intent + venue + outcome + answer)',
        value: round2([...settled.stepsMs.values()].reduce((sum, ms) => sum + ms, 0)),
        unit: 'ms',
        detail: [...settled.stepsMs].map(([step, ms]) => `${step} ${ms}`).join(', '),
      },
      ...[50, 99].map((p) => ({
        metric: `desk batch of ${BATCH_SIZE} spot orders p${p}, settled stack`,
        value: round2(percentile(batches.deskMs, p)),
        unit: 'ms',
        detail: `${BATCH_ROUNDS} batches, each ${SETTLE_MS} ms after the last; direct venue batch p${p} ${round2(percentile(batches.directMs, p))} ms`,
      })),
      ...[50, 99].map((p) => ({
        metric: `desk cancel by ids of ${BATCH_SIZE} spot orders p${p}, settled stack`,
        value: round2(percentile(batches.deskCancelMs, p)),
        unit: 'ms',
        detail: `the orders of each desk batch; direct venue cancel by ids p${p} ${round2(percentile(batches.directCancelMs, p))} ms`,
      })),
      {
        metric: 'stack CPU per round (direct call + desk order)',
        value: round2(totalOf(cpu) / ROUNDS),
        unit: 'ms',
        detail: `${cpuDetail(cpu)}; ${round2(wallMs / ROUNDS)} ms of wall time per round on ${availableParallelism()} cores`,
      },
      {
        metric: 'time to certainty p50',
        value: round2(percentile(took, 50)),
        unit: 'ms',
        detail: `${took.length} of ${uncertain.length} orders answered 5XX after the venue took them`,
      },
      {
        metric: 'time to certainty p99',
        value: round2(percentile(took, 99)),
        unit: 'ms',
        target: '<= 1000 ms',
      },
    ]);
  } finally {
    await bench.close();
  }

  // A kept data folder, as `npm start` runs: every intent waits for this disk's fsync.
  const durable = await openBench(true);
  try {
    const { directMs, deskMs } = await durable.overhead();
    const detail = `Postgres with fsync (a kept data folder): the intent's commit waits for the disk`;
    printBenchResult([
      {
        metric: 'desk-to-venue overhead p50, durable Postgres',
        value: round2(percentile(deskMs, 50) - percentile(directMs, 50)),
        unit: 'ms',
        detail,
      },
      {
        metric: 'desk-to-venue overhead p99, durable Postgres',
        value: round2(percentile(deskMs, 99) - percentile(directMs, 99)),
        unit: 'ms',
        detail,
      },
    ]);
  } finally {
    await durable.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
