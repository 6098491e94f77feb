import { LoggerService } from '@nestjs/common';
import { createLogger, Logger } from '@oms/platform';

/** Routes Nest's own log lines (bootstrap, route mapping, errors) into pino. */
export class NestPinoLogger implements LoggerService {
  private readonly logger: Logger;

  constructor(component: string) {
    this.logger = createLogger(component);
  }

  log(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }

  error(message: unknown, trace?: string, context?: string): void {
    this.logger.error({ context, trace }, String(message));
  }

  warn(message: unknown, context?: string): void {
    this.logger.warn({ context }, String(message));
  }

  debug(message: unknown, context?: string): void {
    this.logger.debug({ context }, String(message));
  }

  verbose(message: unknown, context?: string): void {
    this.logger.trace({ context }, String(message));
  }
}
