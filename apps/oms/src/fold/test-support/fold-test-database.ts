import { DataSource } from 'typeorm';
import { buildDataSourceOptions, MIGRATIONS } from '@oms/persistence';
import { createTestDatabase, TestDatabase } from '@oms/persistence/test-support/test-database';

/** Migrations the fold does not need (the desk's own tables and notifications). */
const NOT_NEEDED = /^(CreateDeskTokens|NotifyReadModelChanges)/;

/**
 * A database of its own for a fold spec, with the event store, the read models and the
 * fold's tables (the desk API's own migrations are left out: the fold never reads them).
 */
export async function createFoldTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase({ migrate: false });
  const migrator = new DataSource({
    ...buildDataSourceOptions(database.url, 'fold-test-migrations'),
    migrations: MIGRATIONS.filter((migration) => !NOT_NEEDED.test(migration.name)),
    logging: false,
  });
  await migrator.initialize();
  try {
    await migrator.runMigrations({ transaction: 'each' });
  } finally {
    await migrator.destroy();
  }
  return database;
}
