import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '../data-source-options';

export interface TestDatabase {
  readonly url: string;
  readonly dataSource: DataSource;
  /** Closes the data source and drops the database. */
  drop(): Promise<void>;
}

function serverUrl(): URL {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run int and e2e specs through their Jest configs');
  return new URL(url);
}

/**
 * A database of its own for one spec file, on the server the test set-up provides, so
 * that spec files running in parallel never see each other's rows. Migrations are
 * applied unless `migrate` is false.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const admin = serverUrl();
  const name = `oms_t_${randomBytes(6).toString('hex')}`;
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin.toString());
  url.pathname = `/${name}`;
  const dataSource = new DataSource({
    ...buildDataSourceOptions(url.toString(), 'oms-test'),
    logging: false,
  });
  await dataSource.initialize();
  if (options.migrate !== false) await dataSource.runMigrations({ transaction: 'each' });
  return {
    url: url.toString(),
    dataSource,
    async drop() {
      await dataSource.destroy();
      const cleanup = new Client({ connectionString: admin.toString() });
      await cleanup.connect();
      try {
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}
