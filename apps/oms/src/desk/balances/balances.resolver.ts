import { QueryBus } from '@nestjs/cqrs';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { balancesQueryOf } from './balances-query.factory';
import { BalanceListResponse, BalanceResponse } from './balance.response';
import { BalancesRequest } from './balances.request';

@Resolver(() => BalanceResponse)
@RequireRole('viewer')
export class BalancesResolver {
  constructor(
    private readonly queries: QueryBus,
    private readonly scope: AccountScope,
  ) {}

  @Query(() => BalanceListResponse, { description: 'As GET /v1/balances' })
  balances(@CurrentActor() actor: DeskActor, @Args() args: BalancesRequest): Promise<BalanceListResponse> {
    return this.queries.execute(balancesQueryOf(args, this.scope.accountsFor(actor, args.account)));
  }
}
