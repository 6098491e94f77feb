/**
 * Everything the fault suite runs: Postgres (embedded, or a scratch database on the
 * DATABASE_URL server), the project broker (restartable on the same port and log), the
 * simulated venue, and the OMS and ingest in processes of their own.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RunningKafkaBroker, startKafkaBroker } from '@oms/kafka-broker';
import { RunningVenue, startVenue } from '@oms/venue';
import { demoAccountEntry } from '../stack/demo-account';
import { scratchDatabase } from '../stack/scratch-database';
import { startStackPostgres } from '../stack/stack-postgres';
import { AppProcess } from './app-process';
import { freePort } from '../stack/free-port';

export interface ChaosWorld {
  readonly folder: string;
  readonly venue: RunningVenue;
  readonly databaseUrl: string;
  readonly deskToken: string;
  /** The first OMS process's address (the one the checks read through). */
  readonly omsUrl: string;
  /** Every OMS process's address, in the order of `omsProcesses`. */
  readonly omsUrls: readonly string[];
  /** Ingest's HTTP address (health, metrics). */
  readonly ingestUrl: string;
  /** The broker's address (it keeps its port across restarts). */
  readonly kafkaBrokers: readonly string[];
  /** The first OMS process. */
  readonly oms: AppProcess;
  /** The OMS processes: one consumer group, one venue key. */
  readonly omsProcesses: readonly AppProcess[];
  readonly ingest: AppProcess;
  /** A second key of the demo user, for orders the OMS did not place (external orders). */
  readonly externalKey: { apiKey: string; secretKey: string };
  restartBroker(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * `logsDir` keeps the apps' logs; the caller deletes it when the run passed. With
 * `omsCount` above one, the OMS processes share the consumer group and the venue key.
 */
export async function startChaosWorld(
  root: string,
  seed: number,
  logsDir: string,
  omsCount = 1,
): Promise<ChaosWorld> {
  const folder = mkdtempSync(join(tmpdir(), 'oms-chaos-'));
  chmodSync(folder, 0o755);
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    let databaseUrl: string;
    if (process.env.DATABASE_URL) {
      const scratch = await scratchDatabase(process.env.DATABASE_URL, `oms_chaos_${seed}_${Date.now()}`);
      stops.push(() => scratch.drop());
      databaseUrl = scratch.url;
    } else {
      const postgres = await startStackPostgres({}, join(folder, 'postgres'), folder);
      stops.push(() => postgres.stop());
      databaseUrl = postgres.url;
    }

    const brokerDir = join(folder, 'kafka');
    let broker: RunningKafkaBroker = await startKafkaBroker({ port: 0, dataDir: brokerDir });
    const brokerPort = broker.port;
    stops.push(() => broker.stop());

    const venue = await startVenue({
      port: 0,
      controlPort: 0,
      seed,
      marketTicking: true,
      fundingSchedule: false,
      // The fault suite trades faster than a desk; the weight budget must not be the fault.
      environment: {
        ...process.env,
        VENUE_ORDER_WEIGHT_PER_SECOND: '200',
        VENUE_QUERY_WEIGHT_PER_SECOND: '100',
      },
    });
    stops.push(() => venue.stop());
    const keyResponse = await fetch(`${venue.controlUrl}/accounts/${venue.demo.userId}/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'HMAC' }),
    });
    const created = (await keyResponse.json()) as { apiKey: string; secretKey: string };
    const externalKey = { apiKey: created.apiKey, secretKey: created.secretKey };

    const deskToken = `desk_${randomBytes(24).toString('base64url')}`;
    const omsPorts: number[] = [];
    for (let index = 0; index < omsCount; index += 1) omsPorts.push(await freePort());
    const ingestPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      KAFKA_BROKERS: `127.0.0.1:${brokerPort}`,
      EXCHANGE_REST_URL: venue.restUrl,
      EXCHANGE_WS_URL: venue.streamUrl,
      EXCHANGE_ACCOUNTS: JSON.stringify([await demoAccountEntry(venue, 'demo')]),
      // The apps keep to the same budgets the venue was given above.
      EXCHANGE_ORDER_WEIGHT_PER_SECOND: '200',
      EXCHANGE_QUERY_WEIGHT_PER_SECOND: '100',
      DESK_ADMIN_TOKEN: deskToken,
      OMS_HTTP_HOST: '127.0.0.1',
      INGEST_HTTP_PORT: String(ingestPort),
      INGEST_HTTP_HOST: '127.0.0.1',
      INGEST_JOURNAL_DIR: join(folder, 'ingest-journal'),
      INGEST_POLL_INTERVAL_MS: '5000',
      LOG_FORMAT: 'json',
      LOG_LEVEL: process.env.CHAOS_APP_LOG_LEVEL ?? 'info',
    };
    const omsUrls = omsPorts.map((port) => `http://127.0.0.1:${port}`);
    const omsProcesses = omsPorts.map(
      (port, index) =>
        new AppProcess(
          'oms',
          root,
          { ...env, OMS_HTTP_PORT: String(port) },
          `${omsUrls[index]}/health`,
          join(logsDir, index === 0 ? 'oms.log' : `oms-${index + 1}.log`),
        ),
    );
    const ingest = new AppProcess(
      'ingest',
      root,
      env,
      `http://127.0.0.1:${ingestPort}/health`,
      join(logsDir, 'ingest.log'),
    );
    stops.push(async () => {
      await Promise.all([...omsProcesses.map((oms) => oms.stop()), ingest.stop()]);
      for (const oms of omsProcesses) oms.close();
      ingest.close();
    });
    // One after the other: the first applies the migrations.
    for (const oms of omsProcesses) await oms.start();
    await ingest.start();

    return {
      folder,
      venue,
      databaseUrl,
      deskToken,
      omsUrl: omsUrls[0],
      omsUrls,
      ingestUrl: `http://127.0.0.1:${ingestPort}`,
      kafkaBrokers: [`127.0.0.1:${brokerPort}`],
      oms: omsProcesses[0],
      omsProcesses,
      ingest,
      externalKey,
      async restartBroker() {
        await broker.stop();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        broker = await startKafkaBroker({ port: brokerPort, dataDir: brokerDir });
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
