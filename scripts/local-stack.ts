/**
 * The whole local stack in one process, on embedded defaults:
 * - Postgres: DATABASE_URL, or an embedded PostgreSQL 15 (data deleted on stop).
 * - Kafka: KAFKA_BROKERS, or the project's broker on KAFKA_LOCAL_PORT (its log in
 *   KAFKA_LOCAL_DATA_DIR, or in a folder deleted on stop).
 * - Exchange: EXCHANGE_REST_URL, or the simulated venue (VENUE_* settings).
 * - OMS and ingest apps.
 * `npm start` runs it until Ctrl-C; the e2e tests run it on free ports.
 */
import { INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadKafkaEnvironment, openKafkaEndpoint } from '@oms/kafka';
import { createLogger } from '@oms/platform';
import { listeningPort } from '@oms/platform/nest';
import { RunningVenue, startVenue } from '@oms/venue';
import { loadIngestConfig, startIngest } from '../apps/ingest/src';
import { loadOmsConfig, startOms } from '../apps/oms/src';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEmbeddedPostgres } = require('../tools/embedded-postgres/embedded-postgres.cjs') as {
  startEmbeddedPostgres: (options: {
    database: string;
  }) => Promise<{ url: string; port: number; folder: string; stop: () => Promise<void> }>;
};

const logger = createLogger('stack');

interface RunningComponent {
  readonly name: string;
  stop(): Promise<void>;
}

export interface LocalStack {
  readonly databaseUrl: string;
  readonly kafkaBrokers: string;
  readonly omsUrl: string;
  readonly ingestUrl: string;
  /** Present when the stack started the simulated venue. */
  readonly venue?: RunningVenue;
  /** Folders the stack created and deletes on stop. */
  readonly temporaryFolders: readonly string[];
  /** Stops every component in reverse order of start; safe to call twice. */
  stop(): Promise<void>;
}

function nestComponent(name: string, app: INestApplication): RunningComponent {
  return { name, stop: () => app.close() };
}

/**
 * Starts the stack with `env` (process.env by default). Components started before a
 * failure are stopped again before the error is rethrown.
 */
export async function startLocalStack(env: NodeJS.ProcessEnv = process.env): Promise<LocalStack> {
  const running: RunningComponent[] = [];
  const temporaryFolders: string[] = [];
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      for (const component of [...running].reverse()) {
        try {
          await component.stop();
          logger.info(`${component.name} stopped`);
        } catch (error) {
          logger.error({ err: error }, `${component.name} did not stop cleanly`);
        }
      }
    })());

  try {
    let databaseUrl = env.DATABASE_URL;
    if (databaseUrl) logger.info('Postgres: using DATABASE_URL');
    else {
      const postgres = await startEmbeddedPostgres({ database: 'oms' });
      running.push({ name: 'embedded Postgres', stop: () => postgres.stop() });
      temporaryFolders.push(postgres.folder);
      databaseUrl = postgres.url;
      logger.info(
        { port: postgres.port },
        'Postgres: embedded PostgreSQL 15 started (data is deleted on stop)',
      );
    }

    // Without KAFKA_LOCAL_DATA_DIR the project broker's log lives in a folder deleted on stop.
    const ephemeralKafkaDir =
      env.KAFKA_BROKERS || env.KAFKA_LOCAL_DATA_DIR
        ? undefined
        : mkdtempSync(join(tmpdir(), 'oms-local-kafka-'));
    if (ephemeralKafkaDir) temporaryFolders.push(ephemeralKafkaDir);
    const kafka = await openKafkaEndpoint(
      loadKafkaEnvironment(ephemeralKafkaDir ? { ...env, KAFKA_LOCAL_DATA_DIR: ephemeralKafkaDir } : env),
    );
    running.push({
      name: kafka.kind === 'project-broker' ? 'Kafka broker' : 'Kafka endpoint',
      stop: async () => {
        await kafka.close();
        if (ephemeralKafkaDir) rmSync(ephemeralKafkaDir, { recursive: true, force: true });
      },
    });
    const kafkaBrokers = kafka.brokers.join(',');
    logger.info({ brokers: kafka.brokers, kind: kafka.kind }, 'Kafka ready');

    let venue: RunningVenue | undefined;
    if (env.EXCHANGE_REST_URL) logger.info('Exchange: using EXCHANGE_REST_URL');
    else {
      const started = await startVenue({
        environment: env,
        marketTicking: env.VENUE_MARKET_TICKING !== 'off',
        // A local run pays funding as the real venue does; VENUE_FUNDING_SCHEDULE=off stops it.
        fundingSchedule: env.VENUE_FUNDING_SCHEDULE === undefined ? true : undefined,
      });
      venue = started;
      running.push({ name: 'simulated venue', stop: () => started.stop() });
      logger.info(
        { restUrl: started.restUrl, controlUrl: started.controlUrl },
        'Exchange: simulated venue started',
      );
    }

    const appEnv = { ...env, DATABASE_URL: databaseUrl, KAFKA_BROKERS: kafkaBrokers };
    const oms = await startOms(loadOmsConfig(appEnv), { handleSignals: false });
    running.push(nestComponent('OMS', oms));
    const ingest = await startIngest(loadIngestConfig(appEnv), { handleSignals: false });
    running.push(nestComponent('ingest', ingest));

    return {
      databaseUrl,
      kafkaBrokers,
      omsUrl: `http://127.0.0.1:${listeningPort(oms)}`,
      ingestUrl: `http://127.0.0.1:${listeningPort(ingest)}`,
      venue,
      temporaryFolders,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
