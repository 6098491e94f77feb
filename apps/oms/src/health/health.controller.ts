import {
  Controller,
  Get,
  Inject,
  OnApplicationShutdown,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { Response } from 'express';
import {
  HealthCheck,
  HealthCheckResult,
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import { DataSource } from 'typeorm';
import { PublicRoute } from '../access/access.decorators';
import { SERVED_ACCOUNTS } from '../access/account-scope';
import { OMS_CONFIG } from '../config/oms-config.token';
import { OmsConfig } from '../config/oms.config';
import { KafkaReachability } from './kafka-reachability';
import { venueStreamsHealth } from './venue-streams.health';

@Controller('health')
@PublicRoute()
export class HealthController implements OnApplicationShutdown {
  private readonly kafka: KafkaReachability;

  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    private readonly dataSource: DataSource,
    @Inject(OMS_CONFIG) config: OmsConfig,
    @Inject(SERVED_ACCOUNTS) private readonly servedAccounts: readonly string[],
  ) {
    this.kafka = new KafkaReachability(config.fold.kafkaBrokers, indicators);
  }

  /**
   * 200 when the OMS can serve (Postgres and Kafka answer), 503 naming the failing part
   * otherwise; the body also shows each account's venue stream.
   */
  @Get()
  @HealthCheck()
  async check(@Res({ passthrough: true }) response: Response): Promise<HealthCheckResult> {
    try {
      return await this.health.check([
        () => this.database.pingCheck('postgres', { timeout: 2000 }),
        () => this.kafka.check('kafka'),
        () => venueStreamsHealth(this.dataSource, this.servedAccounts, this.indicators),
      ]);
    } catch (error) {
      // Terminus reports a failing part as a 503 whose body is the check result: answer it
      // as it is (the desk error body is for refusals, not for the health report).
      if (!(error instanceof ServiceUnavailableException)) throw error;
      response.status(503);
      return error.getResponse() as HealthCheckResult;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.kafka.close();
  }
}
