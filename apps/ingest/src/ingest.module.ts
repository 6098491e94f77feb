import {
  DynamicModule,
  Inject,
  MiddlewareConsumer,
  Module,
  NestModule,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { CorrelationMiddleware, structuredLoggerModule } from '@oms/platform/nest';
import { IngestConfig } from './config/ingest.config';
import { HealthController } from './health/health.controller';
import { IngestRuntime } from './ingest-runtime';
import { INGEST_RUNTIME } from './ingest-runtime.token';
import { MetricsController } from './metrics/metrics.controller';

@Module({})
export class IngestModule implements NestModule, OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime) {}

  static forRoot(config: IngestConfig): DynamicModule {
    return {
      module: IngestModule,
      imports: [structuredLoggerModule('ingest', config.logLevel)],
      controllers: [HealthController, MetricsController],
      providers: [{ provide: INGEST_RUNTIME, useFactory: () => new IngestRuntime(config) }],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CorrelationMiddleware).forRoutes('*path');
  }

  onApplicationBootstrap(): void {
    this.runtime.start();
  }

  /** Stop: the accounts first, then flush what Kafka takes and journal the rest. */
  async onApplicationShutdown(): Promise<void> {
    await this.runtime.stop();
  }
}
