import { INestApplication, ValidationPipe } from '@nestjs/common';
import { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { Logger } from 'nestjs-pino';

export interface HttpAppOptions {
  readonly port: number;
  readonly host: string;
  /**
   * Close the app on SIGINT/SIGTERM (standalone processes). A launcher that hosts
   * several apps in one process handles signals itself and turns this off.
   */
  readonly handleSignals?: boolean;
}

/**
 * Creates and starts a NestJS HTTP app the same way for every service: pino as the
 * Nest logger, strict validation at the edge, shutdown hooks so SIGINT/SIGTERM close
 * connections and pools cleanly.
 */
export async function bootstrapHttpApp(
  rootModule: Parameters<typeof NestFactory.create>[0],
  options: HttpAppOptions,
): Promise<INestApplication> {
  const app = await NestFactory.create(rootModule, { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.useGlobalPipes(new ValidationPipe({ whitelist: true, forbidNonWhitelisted: true, transform: true }));
  if (options.handleSignals !== false) app.enableShutdownHooks();
  await app.listen(options.port, options.host);
  return app;
}

/** The port an app actually listens on (useful when it was started on port 0). */
export function listeningPort(app: INestApplication): number {
  const server = app.getHttpServer() as Server;
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('the app is not listening on a TCP port');
  return address.port;
}
