import { DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';
import { TypeOrmPinoLogger } from './typeorm-pino-logger';

/**
 * TypeORM options shared by the apps, the migration CLI and the tests. The schema is
 * owned by migrations alone (`synchronize` is off everywhere).
 */
export function buildDataSourceOptions(databaseUrl: string, applicationName = 'oms'): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    applicationName,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    migrationsTransactionMode: 'each',
    entities: [],
    logging: ['error', 'warn', 'migration'],
    logger: new TypeOrmPinoLogger(),
    maxQueryExecutionTime: 1000,
    extra: { max: 10 },
  };
}
