import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiProduces } from '@nestjs/swagger';
import { register } from 'prom-client';
import { PublicRoute } from '../access/access.decorators';

/**
 * Prometheus scrape endpoint of the OMS (desk-api.md "Operations"): prom-client's default
 * registry, where the command path, the fold and libs/kafka register their metrics,
 * plus the Node process metrics. Served without a token, as `/health` is.
 */
@Controller('metrics')
@PublicRoute()
export class MetricsController {
  @Get()
  @Header('Content-Type', register.contentType)
  @ApiProduces('text/plain')
  @ApiOkResponse({
    description: 'Prometheus text exposition format (no token needed)',
    content: { 'text/plain': { schema: { type: 'string' } } },
  })
  scrape(): Promise<string> {
    return register.metrics();
  }
}
