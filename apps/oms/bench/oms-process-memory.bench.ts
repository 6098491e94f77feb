/**
 * Each app's peak memory under load, as deployed: the project broker, the simulated
 * venue, ingest and the OMS each run as a process of its own (compiled, with the node
 * flags docker/compose.yaml gives them; process-stack.ts), and the load goes through
 * their real interfaces: venue fills on the private stream (through the venue's control
 * plane) at about 100 and then about 1,000 per second, which ingest publishes and the OMS
 * folds, while a desk places and cancels spot orders and polls its screens through the
 * desk REST API. Each process's peak RSS (Linux VmHWM) is read per phase and over the
 * whole run, against the 250 MB target.
 */
import { BenchFigure, PhaseFigures, printBenchResult, ProcessPhases } from '@oms/platform';
import { DeskLoad, describeDeskLoad } from './desk-load';
import { ProcessStack, startProcessStack } from './process-stack';
import { VenueFillStream } from './venue-fill-stream';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const TARGET = '<= 250 MB';

/** Venue observations the OMS has folded so far, and those of them its domain refused (its Prometheus counters). */
async function foldCounters(omsUrl: string): Promise<{ folded: number; refused: number }> {
  const metrics = await (await fetch(`${omsUrl}/metrics`)).text();
  const counter = (name: string) => {
    const value = new RegExp(`^${name} (\\d+(?:\\.\\d+)?)`, 'm').exec(metrics)?.[1];
    if (value === undefined) throw new Error(`the OMS exposes no ${name}`);
    return Number(value);
  };
  return { folded: counter('oms_fold_observations_total'), refused: counter('oms_fold_refusals_total') };
}

async function streamConnected(ingestUrl: string): Promise<void> {
  for (let tries = 0; ; tries += 1) {
    const health = await fetch(`${ingestUrl}/health`)
      .then((response) => response.json() as Promise<{ accounts?: { stream: string }[] }>)
      .catch(() => undefined);
    if (health?.accounts?.every((account) => account.stream === 'connected')) return;
    if (tries > 300) throw new Error(`ingest's venue stream did not connect: ${JSON.stringify(health)}`);
    await sleep(100);
  }
}

interface LoadPhase {
  readonly name: string;
  readonly fillsPerSecond: number;
  readonly seconds: number;
  /** How long the OMS may take after the load to fold what was sent. */
  readonly catchUpSeconds: number;
}

// OMS_PROCESS_BENCH_PHASE_SECONDS lengthens the load phases, to see whether a peak settles.
const PHASE_SECONDS = Number(process.env.OMS_PROCESS_BENCH_PHASE_SECONDS ?? 20);
const PHASES: readonly LoadPhase[] = [
  { name: 'fills 100/s and desk', fillsPerSecond: 100, seconds: PHASE_SECONDS, catchUpSeconds: 30 },
  { name: 'fills 1000/s and desk', fillsPerSecond: 1000, seconds: PHASE_SECONDS, catchUpSeconds: 60 },
];
const DESK_ORDERS_PER_SECOND = 2;
const DESK_QUERIES_PER_SECOND = 20;

/** Drives one phase's load and waits for the OMS to fold it; returns what was achieved, in words. */
async function runPhase(stack: ProcessStack, fills: VenueFillStream, phase: LoadPhase): Promise<string> {
  const before = await foldCounters(stack.omsUrl);
  const started = Date.now();
  const desk = new DeskLoad(stack.omsUrl, stack.deskToken, stack.venueRestUrl);
  const [stream, deskResult] = await Promise.all([
    fills.run(phase.fillsPerSecond, phase.seconds),
    desk.run(phase.seconds, DESK_ORDERS_PER_SECOND, DESK_QUERIES_PER_SECOND),
  ]);
  const loadEnded = Date.now();
  let after = await foldCounters(stack.omsUrl);
  while (after.folded - before.folded < stream.sent && Date.now() - loadEnded < phase.catchUpSeconds * 1000) {
    await sleep(250);
    after = await foldCounters(stack.omsUrl);
  }
  const folded = after.folded - before.folded;
  const foldSeconds = (Date.now() - started) / 1000;
  stack.assertRunning();
  const caughtUp =
    folded >= stream.sent
      ? `caught up ${((Date.now() - loadEnded) / 1000).toFixed(1)} s after the load`
      : `NOT caught up ${phase.catchUpSeconds} s after the load`;
  return (
    `${stream.sent} fills at ${(stream.sent / stream.seconds).toFixed(0)}/s (${stream.frames} frames); ` +
    `OMS folded ${folded} observations (${after.refused - before.refused} refused) in ${foldSeconds.toFixed(1)} s ` +
    `(${(folded / foldSeconds).toFixed(0)}/s, ${caughtUp}); ` +
    describeDeskLoad(deskResult)
  );
}

function phaseFigure(figures: PhaseFigures, load: string): BenchFigure {
  return {
    metric: `${figures.process} peak RSS: ${figures.phase}`,
    value: figures.peakRssMb,
    unit: 'MB',
    target: TARGET,
    detail: `${figures.process} CPU ${(figures.cpuMs / 1000).toFixed(1)} s in the phase; ${load}`,
  };
}

async function main(): Promise<void> {
  const startedAt = Date.now();
  // Diagnosis: OMS_PROCESS_BENCH_OMS_NODE_ARGS='--trace-gc' OMS_PROCESS_BENCH_LOG_DIR=/tmp/x keeps the apps' output.
  // For heap snapshots, '--heapsnapshot-signal=SIGWINCH --diagnostic-dir=/tmp/x' and `kill -WINCH <pid>`:
  // the apps shut down on SIGUSR2 (NestJS shutdown hooks listen to it).
  const stack = await startProcessStack(4242, {
    omsNodeArgs: (process.env.OMS_PROCESS_BENCH_OMS_NODE_ARGS ?? '').split(' ').filter(Boolean),
    logDir: process.env.OMS_PROCESS_BENCH_LOG_DIR,
  });
  try {
    const pids = new Map([...stack.processes].map(([name, app]) => [name, app.pid]));
    const phases = new ProcessPhases(pids);
    await streamConnected(stack.ingestUrl);
    await sleep(3_000);
    const loads = new Map<string, string>([
      ['start and idle', 'started (the OMS migrating the schema), venue stream connected, 3 s idle'],
    ]);
    phases.endPhase('start and idle');
    console.log(`stack up and idle ${((Date.now() - startedAt) / 1000).toFixed(1)} s after the start`);

    const fills = new VenueFillStream(stack.venueControlUrl, stack.demoSpotAccountId);
    for (const phase of PHASES) {
      const load = await runPhase(stack, fills, phase);
      loads.set(phase.name, load);
      const ended = phases.endPhase(phase.name);
      console.log(`${phase.name}: ${load}`);
      console.log(
        `  peak RSS ${ended.map((figures) => `${figures.process} ${figures.peakRssMb} MB`).join(', ')}`,
      );
    }

    const figures: BenchFigure[] = [];
    const perPhase = phases.peaksArePerPhase
      ? ''
      : ' (peaks could not be reset: each includes the earlier phases)';
    for (const [name, app] of stack.processes) {
      const runs =
        name === 'broker'
          ? 'the project broker; production runs Apache Kafka'
          : `compiled JS as the image runs it, node ${app.nodeFlags.join(' ') || 'without flags'}`;
      figures.push({
        metric: `${name} peak RSS`,
        value: phases.peakOf(name),
        unit: 'MB',
        target: TARGET,
        detail: `whole run, own process (${runs})${perPhase}`,
      });
      for (const figuresOfPhase of phases.phases.filter((figures) => figures.process === name))
        figures.push(phaseFigure(figuresOfPhase, loads.get(figuresOfPhase.phase) ?? ''));
    }
    printBenchResult(figures);
    console.log(`run took ${((Date.now() - startedAt) / 1000).toFixed(0)} s`);
  } finally {
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
