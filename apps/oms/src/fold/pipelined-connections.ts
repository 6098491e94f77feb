import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { createLogger } from '@oms/platform';

const log = createLogger('PipelinedConnections');

/**
 * Desk commands in flight at once plus the live fold's partitions, typically; more
 * wait for a connection to come free.
 */
export const PIPELINED_CONNECTIONS = 8;

/**
 * A pool of pipelined connections to the app's database for short transactions (desk
 * commands, the live fold's small batches): a few statements each, and on these
 * connections the ones that do not wait for each other share a round trip. Large fold
 * batches keep the TypeORM pool, whose appends go by COPY (which a pipelined connection
 * cannot carry).
 */
@Injectable()
export class PipelinedConnections implements OnApplicationShutdown {
  readonly pool: Pool;

  constructor(@Inject(getDataSourceToken()) dataSource: DataSource) {
    const options = dataSource.options as PostgresConnectionOptions;
    this.pool = new Pool({
      connectionString: options.url,
      host: options.host,
      port: options.port,
      user: options.username,
      password: typeof options.password === 'string' ? options.password : undefined,
      database: options.database,
      application_name: `${options.applicationName ?? 'oms'}-pipelined`,
      max: PIPELINED_CONNECTIONS,
      pipeline: true,
    });
    // An idle connection dropped by the server is replaced on the next checkout.
    this.pool.on('error', (error) => log.warn({ err: error }, 'an idle pipelined connection failed'));
  }

  /**
   * Closed last, with the database: the HTTP server has answered the desk commands in
   * flight by then (their answers are recorded on these connections), and the fold has stopped.
   */
  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
