import { Controller, Get, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { balancesQueryOf } from './balances-query.factory';
import { BalanceListResponse } from './balance.response';
import { BalancesRequest } from './balances.request';

@ApiTags('balances')
@ApiBearerAuth()
@Controller('v1/balances')
@RequireRole('viewer')
export class BalancesController {
  constructor(
    private readonly queries: QueryBus,
    private readonly scope: AccountScope,
  ) {}

  @Get()
  @ApiOkResponse({ type: BalanceListResponse })
  list(
    @CurrentActor() actor: DeskActor,
    @QueryParams() request: BalancesRequest,
  ): Promise<BalanceListResponse> {
    return this.queries.execute(balancesQueryOf(request, this.scope.accountsFor(actor, request.account)));
  }
}
