/**
 * Where the local stack keeps its state: OMS_DATA_DIR (`npm start` defaults it to
 * `.data/`) holds the embedded Postgres cluster, the project broker's log, the generated
 * desk token and the simulated venue's journal and run counter, so a restart continues
 * the same world. Without OMS_DATA_DIR (the e2e tests) the stack uses a throw-away folder that
 * it deletes on stop.
 */
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface DataFolder {
  readonly path: string;
  /** False for a throw-away folder, deleted when the stack stops. */
  readonly persistent: boolean;
  readonly postgresDir: string;
  readonly kafkaDir: string;
  /** Releases the folder: removes the lock, and the whole folder when it is throw-away. */
  release(): void;
}

const LOCK_FILE = 'stack.pid';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of a running stack that holds `path`, if any. */
export function lockHolder(path: string): number | undefined {
  const file = join(path, LOCK_FILE);
  if (!existsSync(file)) return undefined;
  const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
  return Number.isFinite(pid) && pid > 0 && pid !== process.pid && isAlive(pid) ? pid : undefined;
}

const THROW_AWAY_PREFIX = 'oms-local-stack-';

/**
 * Deletes throw-away folders whose stack died without stopping (a killed test worker):
 * the next stack cleans up after it.
 */
export function sweepAbandonedFolders(root = tmpdir()): void {
  for (const name of readdirSync(root)) {
    if (!name.startsWith(THROW_AWAY_PREFIX)) continue;
    const folder = join(root, name);
    const file = join(folder, LOCK_FILE);
    const pid = existsSync(file) ? Number.parseInt(readFileSync(file, 'utf8'), 10) : NaN;
    if (Number.isFinite(pid) && pid !== process.pid && !isAlive(pid))
      rmSync(folder, { recursive: true, force: true });
  }
}

export function openDataFolder(env: NodeJS.ProcessEnv): DataFolder {
  const persistent = Boolean(env.OMS_DATA_DIR);
  if (!persistent) sweepAbandonedFolders();
  // The embedded Postgres runs as the postgres OS user when we are root: every folder
  // on the way must be traversable by it, which os.tmpdir() and a 0755 folder are.
  const path = persistent
    ? resolve(env.OMS_DATA_DIR as string)
    : mkdtempSync(join(tmpdir(), THROW_AWAY_PREFIX));
  mkdirSync(path, { recursive: true, mode: 0o755 });
  chmodSync(path, 0o755);
  const holder = lockHolder(path);
  if (holder !== undefined)
    throw new Error(`the data folder ${path} is in use by another local stack (pid ${holder})`);
  writeFileSync(join(path, LOCK_FILE), `${process.pid}\n`);
  return {
    path,
    persistent,
    postgresDir: join(path, 'postgres'),
    kafkaDir: join(path, 'kafka'),
    release() {
      if (persistent) rmSync(join(path, LOCK_FILE), { force: true });
      else rmSync(path, { recursive: true, force: true });
    },
  };
}

/** `npm start -- --reset`: deletes the data folder, unless a running stack holds it. */
export function wipeDataFolder(path: string): void {
  const holder = lockHolder(path);
  if (holder !== undefined)
    throw new Error(`the data folder ${path} is in use by a running stack (pid ${holder})`);
  rmSync(path, { recursive: true, force: true });
}

/**
 * The bootstrap desk token: DESK_ADMIN_TOKEN when set, otherwise one generated and, in
 * a persistent folder, kept (mode 0600) so the same token works after a restart.
 */
export function deskAdminToken(env: NodeJS.ProcessEnv, folder: DataFolder): string {
  if (env.DESK_ADMIN_TOKEN) return env.DESK_ADMIN_TOKEN;
  const file = join(folder.path, 'desk-admin-token');
  if (folder.persistent && existsSync(file)) return readFileSync(file, 'utf8').trim();
  const token = `desk_${randomBytes(32).toString('base64url')}`;
  if (folder.persistent) writeFileSync(file, `${token}\n`, { mode: 0o600 });
  return token;
}
