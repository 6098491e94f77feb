import { Controller, Get, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { positionsQueryOf } from './positions-query.factory';
import { PositionListResponse } from './position.response';
import { PositionsRequest } from './positions.request';

@ApiTags('positions')
@ApiBearerAuth()
@Controller('v1/positions')
@RequireRole('viewer')
export class PositionsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly scope: AccountScope,
  ) {}

  /** Futures positions, OMS-computed beside venue-reported, with any break. */
  @Get()
  list(
    @CurrentActor() actor: DeskActor,
    @QueryParams() request: PositionsRequest,
  ): Promise<PositionListResponse> {
    return this.queries.execute(positionsQueryOf(request, this.scope.accountsFor(actor, request.account)));
  }
}
