'use strict';
// Provides PostgreSQL to the int and e2e tiers: DATABASE_URL when set, otherwise an
// embedded PostgreSQL 15 on a free port, stopped in globalTeardown (or by its reaper
// if the run is interrupted). Test workers inherit DATABASE_URL from this process.
const { startEmbeddedPostgres } = require('../../tools/embedded-postgres/embedded-postgres.cjs');

module.exports = async function globalSetup() {
  // Keep test output to results and failures; LOG_LEVEL=info (or debug) shows the apps' logs.
  process.env.LOG_LEVEL = process.env.LOG_LEVEL || 'warn';
  if (process.env.DATABASE_URL) {
    process.stdout.write(`\n[test] using DATABASE_URL from the environment\n`);
    return;
  }
  const started = Date.now();
  const postgres = await startEmbeddedPostgres({ database: 'oms_test' });
  globalThis.__EMBEDDED_POSTGRES__ = postgres;
  process.env.DATABASE_URL = postgres.url;
  process.env.OMS_TEST_EMBEDDED_POSTGRES = '1';
  const stopOnSignal = (signal) => {
    void postgres.stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  process.stdout.write(
    `\n[test] embedded PostgreSQL 15 on port ${postgres.port} ready in ${Date.now() - started} ms\n`,
  );
};
