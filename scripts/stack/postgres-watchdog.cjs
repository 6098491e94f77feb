'use strict';
// Detached watchdog of the local stack's embedded Postgres: when the stack process is
// gone without stopping it (SIGKILL, a crash), stop the postmaster so no process is
// left behind, and delete the folder when it was a throw-away one.
//   node postgres-watchdog.cjs <owner pid> <postgres data dir> <keep|delete> [folder to delete]
const fs = require('fs');
const path = require('path');

const ownerPid = Number.parseInt(process.argv[2], 10);
const dataDir = process.argv[3];
const mode = process.argv[4];
const folderToDelete = process.argv[5];

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

function postmasterPid() {
  try {
    const pid = Number.parseInt(
      fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
      10,
    );
    return Number.isFinite(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

process.on('SIGTERM', () => process.exit(0));

const timer = setInterval(() => {
  if (isAlive(ownerPid)) return;
  clearInterval(timer);
  const pid = postmasterPid();
  if (pid && isAlive(pid)) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
  const started = Date.now();
  const finish = setInterval(() => {
    if (pid && isAlive(pid) && Date.now() - started < 15000) return;
    clearInterval(finish);
    if (mode === 'delete' && folderToDelete) fs.rmSync(folderToDelete, { recursive: true, force: true });
    process.exit(0);
  }, 200);
}, 500);
