import { QueryBus } from '@nestjs/cqrs';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { positionsQueryOf } from './positions-query.factory';
import { PositionListResponse, PositionResponse } from './position.response';
import { PositionsRequest } from './positions.request';

@Resolver(() => PositionResponse)
@RequireRole('viewer')
export class PositionsResolver {
  constructor(
    private readonly queries: QueryBus,
    private readonly scope: AccountScope,
  ) {}

  @Query(() => PositionListResponse, { description: 'As GET /v1/positions' })
  positions(@CurrentActor() actor: DeskActor, @Args() args: PositionsRequest): Promise<PositionListResponse> {
    return this.queries.execute(positionsQueryOf(args, this.scope.accountsFor(actor, args.account)));
  }
}
