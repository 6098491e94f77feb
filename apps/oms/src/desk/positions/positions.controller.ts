import { Controller, Get, Query as QueryParams, Res } from '@nestjs/common';
import { Query, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiProduces, ApiTags, getSchemaPath } from '@nestjs/swagger';
import { Response } from 'express';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { ApiJsonOrCsvOkResponse } from '../docs/json-or-csv.response';
import { positionsCsv } from './positions-csv';
import { positionsQueryOf } from './positions-query.factory';
import { PositionListResponse } from './position.response';
import { PositionsHttpRequest } from './positions.request';

@ApiTags('positions')
@ApiBearerAuth()
@Controller('v1/positions')
@RequireRole('viewer')
export class PositionsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly scope: AccountScope,
  ) {}

  /** Futures positions, OMS-computed beside venue-reported, with any break (JSON, or CSV by format). */
  @Get()
  @ApiProduces('application/json', 'text/csv')
  @ApiJsonOrCsvOkResponse({ $ref: getSchemaPath(PositionListResponse) }, PositionListResponse)
  async list(
    @CurrentActor() actor: DeskActor,
    @QueryParams() request: PositionsHttpRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PositionListResponse | string> {
    const list = await this.queries.execute<Query<PositionListResponse>, PositionListResponse>(
      positionsQueryOf(request, this.scope.accountsFor(actor, request.account)),
    );
    if (request.format !== 'csv') return list;
    response.type('text/csv');
    response.setHeader('Content-Disposition', 'attachment; filename="positions.csv"');
    return positionsCsv(list);
  }
}
