/**
 * The environment of a local stack that specs and benchmarks start inside their own
 * process: every listener on a free port, the simulated market and funding still, and
 * none of the outer environment's Postgres, Kafka, venue, data folder or desk token, so
 * the stack starts its own. `overrides` come last (a database of the spec's, budgets).
 */
export function freePortStackEnvironment(
  base: NodeJS.ProcessEnv,
  overrides: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base };
  for (const name of ['DATABASE_URL', 'KAFKA_BROKERS', 'OMS_DATA_DIR', 'DESK_ADMIN_TOKEN']) delete env[name];
  for (const name of Object.keys(env)) if (name.startsWith('EXCHANGE_')) delete env[name];
  return {
    ...env,
    OMS_HTTP_PORT: '0',
    OMS_HTTP_HOST: '127.0.0.1',
    INGEST_HTTP_PORT: '0',
    INGEST_HTTP_HOST: '127.0.0.1',
    KAFKA_LOCAL_PORT: '0',
    VENUE_PORT: '0',
    VENUE_CONTROL_PORT: '0',
    VENUE_MARKET_TICKING: 'off',
    VENUE_FUNDING_SCHEDULE: 'off',
    ...overrides,
  };
}
