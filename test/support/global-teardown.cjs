'use strict';

module.exports = async function globalTeardown() {
  const postgres = globalThis.__EMBEDDED_POSTGRES__;
  if (postgres) {
    await postgres.stop();
    delete globalThis.__EMBEDDED_POSTGRES__;
  }
};
