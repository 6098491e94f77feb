import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { buildDataSourceOptions } from '@oms/persistence';
import { CorrelationMiddleware, structuredLoggerModule } from '@oms/platform/nest';
import { OMS_CONFIG } from './config/oms-config.token';
import { OmsConfig } from './config/oms.config';
import { HealthController } from './health/health.controller';
import { FoldModule } from './fold/fold.module';
import { DeskModule } from './desk/desk.module';
import { CommandsModule } from './commands/commands.module';
import { MetricsModule } from './metrics/metrics.module';
import { AnswerRecordingsModule } from './orders/answer-recordings.module';

@Module({})
export class OmsModule implements NestModule {
  static forRoot(config: OmsConfig): DynamicModule {
    return {
      module: OmsModule,
      imports: [
        structuredLoggerModule('oms', config.logLevel),
        TypeOrmModule.forRoot({
          ...buildDataSourceOptions(config.databaseUrl, 'oms'),
          migrationsRun: config.runMigrations,
        }),
        TerminusModule.forRoot({ logger: false }),
        FoldModule.forRoot(config.fold),
        DeskModule.forRoot(config.desk),
        CommandsModule.forRoot(config.commands),
        MetricsModule,
        AnswerRecordingsModule,
      ],
      controllers: [HealthController],
      providers: [{ provide: OMS_CONFIG, useValue: config }],
    };
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CorrelationMiddleware).forRoutes('*path');
  }
}
