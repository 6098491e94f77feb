'use strict';
// Detached watchdog: when the owner process is gone, stop its embedded cluster and
// delete the folder. Ends by itself once the folder is gone or the owner cleaned up.
const fs = require('fs');
const { destroyCluster, isAlive } = require('./embedded-postgres.cjs');

const ownerPid = Number.parseInt(process.argv[2], 10);
const folder = process.argv[3];

process.on('SIGTERM', () => process.exit(0));

const timer = setInterval(() => {
  if (!fs.existsSync(folder)) {
    clearInterval(timer);
    return;
  }
  if (!isAlive(ownerPid)) {
    clearInterval(timer);
    destroyCluster(folder);
  }
}, 500);
