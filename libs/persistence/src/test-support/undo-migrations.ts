import { DataSource } from 'typeorm';

/**
 * Undoes the newest migrations until `name` is no longer applied: a store as it stood
 * before that migration, for specs that seed the older shape and migrate forward again.
 */
export async function undoMigrationsThrough(dataSource: DataSource, name: string): Promise<void> {
  const applied = async () =>
    (
      await dataSource.query<Array<{ name: string }>>(`SELECT name FROM schema_migrations WHERE name = $1`, [
        name,
      ])
    ).length > 0;
  while (await applied()) await dataSource.undoLastMigration({ transaction: 'each' });
}
