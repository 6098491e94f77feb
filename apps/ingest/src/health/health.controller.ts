import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { IngestRuntime } from '../ingest-runtime';
import { INGEST_RUNTIME } from '../ingest-runtime.token';

/** Per-account stream state, last message age and the delivery backlog; 503 while records cannot be journaled. */
@Controller('health')
export class HealthController {
  constructor(@Inject(INGEST_RUNTIME) private readonly runtime: IngestRuntime) {}

  @Get()
  check(@Res({ passthrough: true }) response: Response) {
    const health = this.runtime.health();
    if (health.status === 'red') response.status(503);
    return health;
  }
}
