import { INestApplication } from '@nestjs/common';
import { Server } from 'node:http';
import { bootstrapHttpApp, HttpAppOptions } from '@oms/platform/nest';
import { createLogger, runAsService } from '@oms/platform';
import { loadOmsConfig, OmsConfig } from './config/oms.config';
import { answerUnreadableRequests } from './errors/unreadable-request.answer';
import { OmsModule } from './oms.module';

/** Starts the OMS with a validated config; the local stack and the e2e tests call this. */
export function startOms(
  config: OmsConfig,
  options: Pick<HttpAppOptions, 'handleSignals'> = {},
): Promise<INestApplication> {
  return runAsService('oms', async () => {
    const app = await bootstrapHttpApp(OmsModule.forRoot(config), { ...config.http, ...options });
    answerUnreadableRequests(app.getHttpServer() as Server);
    return app;
  });
}

if (require.main === module) {
  const logger = createLogger('oms');
  try {
    const config = loadOmsConfig();
    startOms(config).then(
      () => logger.info({ port: config.http.port }, 'OMS listening'),
      (error: unknown) => {
        logger.fatal({ err: error }, 'OMS failed to start');
        process.exit(1);
      },
    );
  } catch (error) {
    logger.fatal({ err: error }, 'OMS configuration is invalid');
    process.exit(1);
  }
}
