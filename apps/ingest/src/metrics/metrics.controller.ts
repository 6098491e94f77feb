import { Controller, Get, Header, Inject } from '@nestjs/common';
import { IngestRuntime } from '../ingest-runtime';
import { INGEST_RUNTIME } from '../ingest-runtime.token';

/** Prometheus scrape endpoint (ingest's own registry, libs/kafka producer metrics included). */
@Controller('metrics')
export class MetricsController {
  constructor(@Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime) {}

  @Get()
  @Header('Content-Type', 'text/plain; version=0.0.4; charset=utf-8')
  scrape(): Promise<string> {
    return this.runtime.metrics.registry.metrics();
  }
}
