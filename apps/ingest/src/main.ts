import { INestApplication } from '@nestjs/common';
import { createLogger, runAsService } from '@oms/platform';
import { bootstrapHttpApp, HttpAppOptions } from '@oms/platform/nest';
import { IngestConfig, loadIngestConfig } from './config/ingest.config';
import { IngestModule } from './ingest.module';

/** Starts the ingest app with a validated config; the local stack and the e2e tests call this. */
export function startIngest(
  config: IngestConfig,
  options: Pick<HttpAppOptions, 'handleSignals'> = {},
): Promise<INestApplication> {
  return runAsService('ingest', () =>
    bootstrapHttpApp(IngestModule.forRoot(config), { ...config.http, ...options }),
  );
}

if (require.main === module) {
  const logger = createLogger('ingest');
  try {
    const config = loadIngestConfig();
    startIngest(config).then(
      () => logger.info({ port: config.http.port }, 'ingest listening'),
      (error: unknown) => {
        logger.fatal({ err: error }, 'ingest failed to start');
        process.exit(1);
      },
    );
  } catch (error) {
    logger.fatal({ err: error }, 'ingest configuration is invalid');
    process.exit(1);
  }
}
