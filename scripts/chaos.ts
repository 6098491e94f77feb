/**
 * `npm run chaos -- --seed N --minutes M`: the end-to-end fault suite. Random spot and
 * futures trading through the desk API and straight at the venue, with faults at random
 * (5XX before and after execution, hangs, stream drops, duplicates, reorders and closes,
 * forced 429, broker restart, OMS and ingest SIGKILL and restart). Then, after
 * quiescence, the OMS's orders, fills, positions and balances must equal the venue's
 * snapshot, no order may be placed twice, every stored event must be on oms.events.v1,
 * replay must equal live and the log chain must verify. Prints a summary; exits 1 naming every difference. The same seed replays the
 * same choices (timings of the processes still vary).
 */
import './chaos/quiet-logs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { DeskClient } from './demo/desk-client';
import { ChaosActions } from './chaos/chaos-actions';
import { ChaosStats } from './chaos/chaos-stats';
import { chaosSummary } from './chaos/chaos-summary';
import { ChaosWorld, startChaosWorld } from './chaos/chaos-world';
import {
  everyEventPublished,
  foldPositions,
  observedIds,
  relayCaughtUp,
  streamsOfInputs,
} from './chaos/kafka-checks';
import { oneOrderPerDeskRequest } from './chaos/desk-request-checks';
import { differencesBetween, readOms, readVenue } from './chaos/reconcile';
import { SeededRandom } from './chaos/seeded-random';

const root = join(__dirname, '..');
const print = (line: string) => process.stdout.write(`${line}\n`);

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index < 0) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

async function quiesce(world: ChaosWorld, desk: DeskClient, timeoutMs: number): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  let differences: string[] = ['not compared yet'];
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    try {
      differences = differencesBetween(
        await readOms(desk),
        await readVenue(world.venue.controlUrl, world.venue.demo.userId),
      );
    } catch (error) {
      differences = [`could not compare: ${error instanceof Error ? error.message : String(error)}`];
    }
    if (differences.length === 0) return [];
  }
  return differences;
}

/** How long after the quiescence window, if at all within `timeoutMs`, the OMS came to equal the venue. */
async function lateConvergence(world: ChaosWorld, desk: DeskClient, timeoutMs: number): Promise<string> {
  const started = Date.now();
  const differences = await quiesce(world, desk, timeoutMs);
  const seconds = Math.round((Date.now() - started) / 1000);
  return differences.length === 0
    ? `the OMS came to equal the venue ${seconds} s later (a slow OMS, not a lossy one)`
    : `still ${differences.length} difference(s) ${seconds} s later`;
}

/** Runs a CLI check; a failure's whole output is kept in the logs folder, beside the apps' logs. */
function cliCheck(script: string, args: string[], databaseUrl: string, logsDir: string): string {
  const result = spawnSync(
    process.execPath,
    ['-r', join(root, 'scripts/register.cjs'), join(root, script), ...args],
    {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
      timeout: 300_000,
    },
  );
  if (result.status === 0) return 'passed';
  const output = `${result.stdout}\n${result.stderr}`.trim();
  const file = join(logsDir, `${basename(script, '.ts')}.out`);
  writeFileSync(file, `${output}\n`);
  const said = output.split('\n').slice(-3).join(' | ');
  return `FAILED (exit ${result.status}): ${said} (whole output: ${file})`;
}

async function main(): Promise<number> {
  const seed = option('seed', 1);
  const minutes = option('minutes', 2);
  const omsCount = option('oms-processes', 1);
  const random = new SeededRandom(seed);
  const stats = new ChaosStats();
  print(
    `fault suite: seed ${seed}, ${minutes} minute(s); starting Postgres, broker, venue, ${omsCount} OMS process(es) and ingest`,
  );
  const logsDir = mkdtempSync(join(tmpdir(), `oms-chaos-logs-seed${seed}-`));
  const world = await startChaosWorld(root, seed, logsDir, omsCount);
  const actions = new ChaosActions(world, random, stats);
  const desk = new DeskClient(world.omsUrl, world.deskToken);
  try {
    const end = Date.now() + minutes * 60_000;
    const inFlight = new Set<Promise<void>>();
    while (Date.now() < end) {
      if (random.next() < 0.12) {
        await actions.fault();
      } else if (inFlight.size < 4) {
        const action = actions.trade().finally(() => inFlight.delete(action));
        inFlight.add(action);
      }
      await new Promise((resolve) => setTimeout(resolve, random.int(100, 600)));
    }
    print('trading stopped; clearing faults and waiting for quiescence');
    await Promise.all(inFlight);
    await actions.clearFaults();
    for (const oms of world.omsProcesses) if (!oms.running) await oms.start();
    if (!world.ingest.running) await world.ingest.start();
    await actions.settleTrackers(60_000);
    const differences = await quiesce(world, desk, 120_000);
    const openBreaks = await desk
      .get<{ items: unknown[] }>('/v1/breaks?status=open')
      .then((page) => page.items)
      .catch(() => null);
    const breaks = openBreaks === null ? 'unavailable' : openBreaks.length;
    const ingestHealth = await fetch(`${world.ingestUrl}/health`)
      .then((response) => response.text())
      .catch((error: unknown) => `unavailable (${String(error)})`);
    // Where the fold stood when OMS and venue still differed, and what the OMS said of
    // itself then: a fold that catches up only later shows here, not in the final position.
    const atComparison =
      differences.length === 0
        ? undefined
        : {
            folded: await foldPositions(world.databaseUrl, world.kafkaBrokers).catch(
              (error: unknown) => `unavailable (${String(error)})`,
            ),
            omsHealth: await fetch(`${world.omsUrl}/health`)
              .then((response) => response.text())
              .catch((error: unknown) => `unavailable (${String(error)})`),
            consumerMetrics: await fetch(`${world.omsUrl}/metrics`)
              .then((response) => response.text())
              .then((text) =>
                text
                  .split('\n')
                  .filter((line) =>
                    /^oms_kafka_(consumer_lag|handler_errors|consumer_crashes|events_consumed)/.test(line),
                  )
                  .join('; '),
              )
              .catch((error: unknown) => `unavailable (${String(error)})`),
          };
    // Tells a slow OMS from a lossy one: whether the difference closes on its own later.
    const afterWindow = differences.length === 0 ? undefined : await lateConvergence(world, desk, 240_000);
    const relayed = await relayCaughtUp(world.databaseUrl, 60_000);
    for (const oms of world.omsProcesses) await oms.stop();
    const folded = await foldPositions(world.databaseUrl, world.kafkaBrokers).catch(
      (error: unknown) => `unavailable (${String(error)})`,
    );
    const checks: Array<[string, string]> = [
      [
        'OMS equals venue (orders, fills, positions, balances)',
        differences.length === 0 ? 'passed' : `FAILED (${differences.length} differences)`,
      ],
      ['one order per desk request (repeats included)', await oneOrderPerDeskRequest(world.databaseUrl)],
      [
        'every stored event published to oms.events.v1',
        relayed
          ? await everyEventPublished(world.databaseUrl, world.kafkaBrokers, 60_000)
          : 'FAILED (the outbox relay did not reach the end of the log within 60 s)',
      ],
      [
        'log chain verifies (npm run verify-log)',
        cliCheck('scripts/verify-log.ts', ['--quiet'], world.databaseUrl, logsDir),
      ],
      [
        'replay equals live (npm run replay -- --verify)',
        cliCheck('scripts/replay.ts', ['--verify'], world.databaseUrl, logsDir),
      ],
    ];
    print('');
    print(chaosSummary(seed, minutes, stats, breaks, checks));
    print(`fold position (stored next offset / topic end): ${folded}`);
    print(`ingest health after quiescence: ${ingestHealth}`);
    if (atComparison) {
      print(`fold position when the comparison failed: ${atComparison.folded}`);
      print(`OMS health when the comparison failed: ${atComparison.omsHealth}`);
      print(`OMS consumer metrics when the comparison failed: ${atComparison.consumerMetrics}`);
    }
    if (afterWindow !== undefined) print(`after the quiescence window: ${afterWindow}`);
    for (const open of openBreaks ?? []) print(`open break: ${JSON.stringify(open)}`);
    const observed =
      differences.length > 0 ? await observedIds(world.kafkaBrokers, 60_000).catch(() => null) : null;
    const places = differences.map((difference) => {
      // "order 123 (...)" or "fill 456 of order 123 (...)": whether ingest published it, and where.
      const id = /^(?:order|fill) (\S+)/.exec(difference)?.[1];
      return { id, where: id === undefined ? undefined : observed?.get(id) };
    });
    const inputIds = places.flatMap(({ where }) => (where ?? []).flatMap((place) => place.eventId ?? []));
    const storedIn =
      inputIds.length > 0
        ? await streamsOfInputs(world.databaseUrl, inputIds).catch(() => new Map<string, string[]>())
        : new Map<string, string[]>();
    differences.forEach((difference, index) => {
      const { id, where } = places[index];
      const seen =
        observed === null || id === undefined
          ? ''
          : where === undefined
            ? ' [not on the topic]'
            : ` [on the topic: ${where
                .slice(0, 4)
                .map(
                  (place) =>
                    `p${place.partition}@${place.offset} ${place.type} ${place.eventId} -> ${
                      storedIn.get(place.eventId ?? '')?.join(',') ?? 'no event'
                    }`,
                )
                .join('; ')}]`;
      print(`difference: ${difference}${seen}`);
    });
    const failed = checks.filter(([, result]) => result !== 'passed');
    if (failed.length > 0) {
      print(
        `\nFAILED: ${failed.map(([name]) => name).join('; ')}. Re-run with --seed ${seed}; the apps' logs are in ${logsDir}.`,
      );
      return 1;
    }
    print('passed');
    rmSync(logsDir, { recursive: true, force: true });
    return 0;
  } finally {
    await actions.close();
    await world.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `fault suite could not run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(2);
  },
);
