import {
  Controller,
  Get,
  Inject,
  OnApplicationShutdown,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse } from '@nestjs/swagger';
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
import { DESK_ERROR_SCHEMA_REF } from '../desk/docs/desk-openapi';
import { KafkaReachability } from './kafka-reachability';
import { unavailableHealthBody, UnavailableHealthBody } from './unavailable-health-body';
import { venueStreamsHealth } from './venue-streams.health';

/** Each part's state, as Terminus reports it (`info`: the parts up; `details`: all). */
const PART_SCHEMA = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['up', 'down'] } },
};

const VENUE_STREAM_SCHEMA = {
  type: 'object',
  properties: {
    connected: { type: 'boolean' },
    since: { type: 'string', nullable: true, description: 'Connected or disconnected since' },
    gaps: { type: 'integer', description: 'Stream gaps recorded' },
    lastGapEnd: { type: 'string', nullable: true },
  },
};

/** Each part as `details` shows it; `info` holds the parts up, `error` those down. */
const PARTS_SCHEMA = {
  type: 'object',
  properties: {
    postgres: PART_SCHEMA,
    kafka: { ...PART_SCHEMA, properties: { ...PART_SCHEMA.properties, brokers: { type: 'integer' } } },
    venueStreams: {
      ...PART_SCHEMA,
      properties: {
        ...PART_SCHEMA.properties,
        accounts: {
          type: 'object',
          description: "Each served account's venue stream",
          additionalProperties: VENUE_STREAM_SCHEMA,
        },
      },
    },
  },
  additionalProperties: PART_SCHEMA,
};

const HEALTH_REPORT_SCHEMA = {
  type: 'object',
  required: ['status', 'details'],
  properties: {
    status: { type: 'string', enum: ['ok', 'error'] },
    info: PARTS_SCHEMA,
    error: PARTS_SCHEMA,
    details: {
      ...PARTS_SCHEMA,
      description: "postgres, kafka and venueStreams (each served account's stream)",
    },
  },
};

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
  @HealthCheck({ noCache: true, swaggerDocumentation: false })
  @ApiOkResponse({ description: 'The OMS can serve', schema: HEALTH_REPORT_SCHEMA })
  @ApiServiceUnavailableResponse({
    description: 'Postgres or Kafka does not answer: the desk error body beside every part',
    schema: {
      allOf: [{ $ref: DESK_ERROR_SCHEMA_REF }, HEALTH_REPORT_SCHEMA],
    },
  })
  async check(
    @Res({ passthrough: true }) response: Response,
  ): Promise<HealthCheckResult | UnavailableHealthBody> {
    try {
      return await this.health.check([
        () => this.database.pingCheck('postgres', { timeout: 2000 }),
        () => this.kafka.check('kafka'),
        () => venueStreamsHealth(this.dataSource, this.servedAccounts, this.indicators),
      ]);
    } catch (error) {
      // Terminus reports a failing part as a 503 whose body is the check result.
      if (!(error instanceof ServiceUnavailableException)) throw error;
      response.status(503);
      return unavailableHealthBody(error.getResponse() as HealthCheckResult);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.kafka.close();
  }
}
