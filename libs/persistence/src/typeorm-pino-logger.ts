import { Logger as TypeOrmLogger } from 'typeorm';
import { createLogger } from '@oms/platform';

/** Sends TypeORM's own messages (errors, migrations, slow queries) to the structured log. */
export class TypeOrmPinoLogger implements TypeOrmLogger {
  private readonly logger = createLogger('TypeORM');

  logQuery(query: string): void {
    this.logger.trace({ query }, 'query');
  }

  logQueryError(error: string | Error, query: string): void {
    this.logger.error({ err: error, query }, 'query failed');
  }

  logQuerySlow(time: number, query: string): void {
    this.logger.warn({ durationMs: time, query }, 'slow query');
  }

  logSchemaBuild(message: string): void {
    this.logger.debug(message);
  }

  logMigration(message: string): void {
    this.logger.info(message);
  }

  log(level: 'log' | 'info' | 'warn', message: unknown): void {
    if (level === 'warn') this.logger.warn({ detail: message }, 'typeorm');
    else this.logger.debug({ detail: message }, 'typeorm');
  }
}
