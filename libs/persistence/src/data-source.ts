import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from './data-source-options';

/**
 * The data source the TypeORM CLI loads (`npm run migration:generate`). Apps build
 * their own from their validated config instead.
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  throw new Error('DATABASE_URL must be set to run TypeORM CLI commands');
}

export default new DataSource(buildDataSourceOptions(databaseUrl, 'oms-migrations'));
