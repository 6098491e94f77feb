/**
 * `npm start`: the whole local stack in one process, on embedded defaults.
 * - Postgres: DATABASE_URL, or an embedded PostgreSQL 15 (data deleted on exit).
 * - Kafka: KAFKA_BROKERS, or the project's broker on LOCAL_KAFKA_PORT (log deleted on exit).
 * - Exchange: EXCHANGE_REST_URL, or the simulated venue (VENUE_* settings, market ticking).
 * - OMS and ingest apps.
 * Ctrl-C (SIGINT) or SIGTERM stops everything in reverse order and leaves no process
 * or temporary folder behind.
 */
import { INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKafkaBroker } from '@oms/kafka-broker';
import { startVenue } from '@oms/venue';
import { createLogger } from '@oms/platform';
import { startIngest, loadIngestConfig } from '../apps/ingest/src';
import { startOms, loadOmsConfig } from '../apps/oms/src';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startEmbeddedPostgres } = require('../tools/embedded-postgres/embedded-postgres.cjs') as {
  startEmbeddedPostgres: (options: {
    database: string;
  }) => Promise<{ url: string; port: number; stop: () => Promise<void> }>;
};

const logger = createLogger('stack');

interface RunningComponent {
  readonly name: string;
  stop(): Promise<void>;
}

const running: RunningComponent[] = [];

function nestComponent(name: string, app: INestApplication): RunningComponent {
  return { name, stop: () => app.close() };
}

async function startPostgres(): Promise<string> {
  if (process.env.DATABASE_URL) {
    logger.info('Postgres: using DATABASE_URL');
    return process.env.DATABASE_URL;
  }
  const postgres = await startEmbeddedPostgres({ database: 'oms' });
  running.push({ name: 'embedded Postgres', stop: () => postgres.stop() });
  logger.info({ port: postgres.port }, 'Postgres: embedded PostgreSQL 15 started (data is deleted on exit)');
  return postgres.url;
}

async function startKafka(): Promise<string> {
  if (process.env.KAFKA_BROKERS) {
    logger.info('Kafka: using KAFKA_BROKERS');
    return process.env.KAFKA_BROKERS;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'oms-local-kafka-'));
  const broker = await startKafkaBroker({ port: Number(process.env.LOCAL_KAFKA_PORT ?? 9092), dataDir });
  running.push({
    name: 'Kafka broker',
    stop: async () => {
      await broker.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
  logger.info({ brokers: broker.brokers }, 'Kafka: project broker started');
  return broker.brokers.join(',');
}

async function startExchange(): Promise<void> {
  if (process.env.EXCHANGE_REST_URL) {
    logger.info('Exchange: using EXCHANGE_REST_URL');
    return;
  }
  const venue = await startVenue({ marketTicking: true });
  running.push({ name: 'simulated venue', stop: () => venue.stop() });
  logger.info({ restUrl: venue.restUrl, controlUrl: venue.controlUrl }, 'Exchange: simulated venue started');
  // The simulated venue's demo key is a local fixture, not a secret: show it for trying the API by hand.
  process.stdout.write(
    [
      'Simulated exchange',
      `  REST           ${venue.restUrl}`,
      `  Private stream ${venue.streamUrl}/api/v1/ws/{listenKey}`,
      `  Control plane  ${venue.controlUrl}`,
      `  Demo key       ${venue.demo.keyHeader}: ${venue.demo.apiKey}`,
      `  Demo secret    ${venue.demo.secretKey} (HMAC-SHA256)`,
      '',
    ].join('\n'),
  );
}

async function start(): Promise<void> {
  const databaseUrl = await startPostgres();
  process.env.KAFKA_BROKERS = await startKafka();
  await startExchange();
  const oms = await startOms(loadOmsConfig({ ...process.env, DATABASE_URL: databaseUrl }), {
    handleSignals: false,
  });
  running.push(nestComponent('OMS', oms));
  const ingest = await startIngest(loadIngestConfig(), { handleSignals: false });
  running.push(nestComponent('ingest', ingest));
  logger.info(
    {
      oms: `http://127.0.0.1:${process.env.OMS_HTTP_PORT ?? 3000}`,
      ingest: `http://127.0.0.1:${process.env.INGEST_HTTP_PORT ?? 3001}`,
    },
    'stack is up; Ctrl-C stops it',
  );
}

let stopping = false;
async function stop(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const component of running.reverse()) {
    try {
      await component.stop();
      logger.info(`${component.name} stopped`);
    } catch (error) {
      logger.error({ err: error }, `${component.name} did not stop cleanly`);
    }
  }
  process.exit(exitCode);
}

process.once('SIGINT', () => void stop(0));
process.once('SIGTERM', () => void stop(0));

start().catch((error: unknown) => {
  logger.fatal({ err: error }, 'the stack failed to start');
  void stop(1);
});
