import { Controller, Get } from '@nestjs/common';
import { PublicRoute } from '../access/access.decorators';
import { HealthCheck, HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';

@Controller('health')
@PublicRoute()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
  ) {}

  /** 200 when the OMS can reach its Postgres; 503 naming the failing dependency otherwise. */
  @Get()
  @HealthCheck()
  check(): Promise<HealthCheckResult> {
    return this.health.check([() => this.database.pingCheck('postgres', { timeout: 2000 })]);
  }
}
