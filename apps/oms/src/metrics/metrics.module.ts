import { Module, OnModuleInit } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { collectProcessMetricsOnce } from './process-metrics';

/** `GET /metrics` (Prometheus) for the OMS; the process metrics start with the module. */
@Module({ controllers: [MetricsController] })
export class MetricsModule implements OnModuleInit {
  onModuleInit(): void {
    collectProcessMetricsOnce();
  }
}
