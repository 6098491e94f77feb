import { Controller, Get, Header } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { register } from 'prom-client';
import { PublicRoute } from '../access/access.decorators';

/**
 * Prometheus scrape endpoint of the OMS (desk-api.md "Operations"): prom-client's default
 * registry, where the command path, the fold and libs/kafka register their metrics,
 * plus the Node process metrics. Served without a token, as `/health` is.
 */
@Controller('metrics')
@PublicRoute()
@ApiExcludeController()
export class MetricsController {
  @Get()
  @Header('Content-Type', register.contentType)
  scrape(): Promise<string> {
    return register.metrics();
  }
}
