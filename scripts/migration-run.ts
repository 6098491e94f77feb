/** `npm run migration:run`: applies pending migrations to DATABASE_URL. */
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@oms/persistence';

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL must be set');
  const dataSource = new DataSource(buildDataSourceOptions(databaseUrl, 'oms-migrations'));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    console.log(
      applied.length ? `applied: ${applied.map((m) => m.name).join(', ')}` : 'schema is up to date',
    );
  } finally {
    await dataSource.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
