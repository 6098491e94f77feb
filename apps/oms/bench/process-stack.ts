/**
 * The local stack with every app in a process of its own, as deployed: Postgres
 * (embedded, or a scratch database on the DATABASE_URL server), the project broker, the
 * simulated venue (its market ticking, as `npm start` and the image run it), ingest and
 * the OMS, each the compiled build with the node flags docker/compose.yaml gives it.
 * Everything runs on free loopback ports in a throw-away folder that `stop()` deletes.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchAppProcess } from '../../../scripts/bench/bench-app-process';
import { compiledEntry, deployedNodeFlags, ensureFreshBuild } from '../../../scripts/bench/compiled-apps';
import { demoAccountEntry } from '../../../scripts/stack/demo-account';
import { scratchDatabase } from '../../../scripts/stack/scratch-database';
import { startStackPostgres } from '../../../scripts/stack/stack-postgres';
import { freePort } from '../../../scripts/stack/free-port';

export interface ProcessStack {
  readonly omsUrl: string;
  readonly ingestUrl: string;
  readonly venueRestUrl: string;
  readonly venueControlUrl: string;
  /** The demo user's spot account at the venue (the account `demo` of the desk API). */
  readonly demoSpotAccountId: string;
  /** EXCHANGE_ACCOUNTS as the apps were given it (the demo account's keys). */
  readonly exchangeAccounts: string;
  readonly databaseUrl: string;
  readonly deskToken: string;
  /** The app processes by name: broker, venue, ingest, oms. */
  readonly processes: ReadonlyMap<string, BenchAppProcess>;
  /** Throws when an app process has died. */
  assertRunning(): void;
  stop(): Promise<void>;
}

/** A value the venue prints in its banner (`label value`). */
function bannerValue(banner: string, label: string): string {
  const value = new RegExp(`(?:^|\\s)${label}\\s+(\\S+)`, 'm').exec(banner)?.[1];
  if (value === undefined) throw new Error(`the venue printed no ${label}:\n${banner}`);
  return value;
}

export interface ProcessStackOptions {
  /** Node flags added to the OMS's (diagnosis: `--trace-gc`, `--heapsnapshot-signal=SIGUSR2`). */
  readonly omsNodeArgs?: readonly string[];
  /** Node flags added to ingest's, likewise. */
  readonly ingestNodeArgs?: readonly string[];
  /** A folder to write each app's output to (`<app>.log`) when the stack stops. */
  readonly logDir?: string;
  /** Settings added to the venue's, ingest's and the OMS's environment (weight budgets, say). */
  readonly environment?: Readonly<Record<string, string>>;
  /**
   * The embedded Postgres with fsync, as a kept data folder runs it (`npm start`);
   * by default it is a throw-away cluster without fsync, as the tests run it.
   */
  readonly durablePostgres?: boolean;
}

/** Starts the stack; what started before a failure is stopped again before the error is rethrown. */
export async function startProcessStack(
  seed: number,
  options: ProcessStackOptions = {},
): Promise<ProcessStack> {
  const apps = ['apps/oms', 'apps/ingest', 'apps/venue', 'tools/kafka-broker'].map(compiledEntry);
  ensureFreshBuild(apps);
  const [omsEntry, ingestEntry, venueEntry, brokerEntry] = apps;
  const folder = mkdtempSync(join(tmpdir(), 'oms-process-bench-'));
  // The embedded Postgres runs as the postgres OS user when we are root.
  chmodSync(folder, 0o755);
  const processes = new Map<string, BenchAppProcess>();
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch((error: unknown) => console.error(error));
    rmSync(folder, { recursive: true, force: true });
  };
  const run = (app: BenchAppProcess) => {
    processes.set(app.name, app);
    stops.push(async () => {
      await app.stop();
      if (options.logDir) writeFileSync(join(options.logDir, `${app.name}.log`), app.log);
    });
    return app;
  };
  try {
    let databaseUrl: string;
    if (process.env.DATABASE_URL) {
      const scratch = await scratchDatabase(process.env.DATABASE_URL, `oms_process_bench_${Date.now()}`);
      stops.push(() => scratch.drop());
      databaseUrl = scratch.url;
    } else {
      const postgres = await startStackPostgres(
        {},
        join(folder, 'postgres'),
        options.durablePostgres ? undefined : folder,
      );
      stops.push(() => postgres.stop());
      databaseUrl = postgres.url;
    }

    const brokerPort = await freePort();
    const broker = run(
      new BenchAppProcess('broker', brokerEntry, {
        args: ['--data', join(folder, 'kafka'), '--port', String(brokerPort), '--host', '127.0.0.1'],
      }),
    );
    await broker.printed(/Kafka broker ready/);

    const [venuePort, controlPort] = [await freePort(), await freePort()];
    const venue = run(
      new BenchAppProcess('venue', venueEntry, {
        nodeFlags: deployedNodeFlags('venue'),
        args: ['--port', String(venuePort), '--control-port', String(controlPort), '--host', '127.0.0.1'],
        environment: {
          VENUE_SEED: String(seed),
          LOG_FORMAT: 'json',
          LOG_LEVEL: 'warn',
          ...options.environment,
        },
      }),
    );
    const banner = await venue.printed(/^\s*userId \S+/m);
    const venueRestUrl = bannerValue(banner, 'REST');
    const venueControlUrl = bannerValue(banner, 'Control plane');
    const account = await demoAccountEntry(
      {
        controlUrl: venueControlUrl,
        demo: {
          userId: bannerValue(banner, 'userId'),
          apiKey: bannerValue(banner, 'apiKey'),
          secretKey: bannerValue(banner, 'secretKey'),
        },
      },
      'demo',
    );

    const deskToken = `desk_${randomBytes(24).toString('base64url')}`;
    const [omsPort, ingestPort] = [await freePort(), await freePort()];
    const environment: NodeJS.ProcessEnv = {
      NODE_ENV: 'production',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      KAFKA_BROKERS: `127.0.0.1:${brokerPort}`,
      EXCHANGE_REST_URL: venueRestUrl,
      EXCHANGE_WS_URL: venueRestUrl.replace(/^http/, 'ws'),
      EXCHANGE_ACCOUNTS: JSON.stringify([account]),
      DESK_ADMIN_TOKEN: deskToken,
      // The benchmark's desk queries are its load, not abuse.
      DESK_REQUESTS_PER_MINUTE: '1000000',
      OMS_HTTP_PORT: String(omsPort),
      OMS_HTTP_HOST: '127.0.0.1',
      INGEST_HTTP_PORT: String(ingestPort),
      INGEST_HTTP_HOST: '127.0.0.1',
      INGEST_JOURNAL_DIR: join(folder, 'ingest-journal'),
      ...options.environment,
    };
    const omsUrl = `http://127.0.0.1:${omsPort}`;
    const ingestUrl = `http://127.0.0.1:${ingestPort}`;
    // The OMS first: it migrates the schema; ingest does not need it.
    const oms = run(
      new BenchAppProcess('oms', omsEntry, {
        nodeFlags: [...deployedNodeFlags('oms-1'), ...(options.omsNodeArgs ?? [])],
        environment,
      }),
    );
    await oms.healthy(`${omsUrl}/health`);
    const ingest = run(
      new BenchAppProcess('ingest', ingestEntry, {
        nodeFlags: [...deployedNodeFlags('ingest'), ...(options.ingestNodeArgs ?? [])],
        environment,
      }),
    );
    await ingest.healthy(`${ingestUrl}/health`);

    return {
      omsUrl,
      ingestUrl,
      venueRestUrl,
      venueControlUrl,
      demoSpotAccountId: bannerValue(banner, 'spot account'),
      exchangeAccounts: JSON.stringify([account]),
      databaseUrl,
      deskToken,
      processes,
      assertRunning: () => {
        for (const app of processes.values()) app.assertRunning();
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
