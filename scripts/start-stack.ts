/**
 * `npm start`: the whole local stack in one process, on embedded defaults.
 * - Postgres: DATABASE_URL, or an embedded PostgreSQL 15 (data deleted on exit).
 * - OMS and ingest apps.
 * Ctrl-C (SIGINT) or SIGTERM stops everything in reverse order and leaves no process
 * or temporary folder behind.
 */
import { INestApplication } from '@nestjs/common';
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

async function start(): Promise<void> {
  const databaseUrl = await startPostgres();
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
