import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { CorrelationMiddleware, structuredLoggerModule } from '@oms/platform/nest';
import { IngestConfig } from './config/ingest.config';
import { HealthController } from './health/health.controller';

@Module({})
export class IngestModule implements NestModule {
  static forRoot(config: IngestConfig): DynamicModule {
    return {
      module: IngestModule,
      imports: [structuredLoggerModule('ingest', config.logLevel), TerminusModule.forRoot({ logger: false })],
      controllers: [HealthController],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CorrelationMiddleware).forRoutes('*path');
  }
}
