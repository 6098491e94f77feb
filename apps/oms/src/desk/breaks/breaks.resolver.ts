import { QueryBus } from '@nestjs/cqrs';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { DEFAULT_PAGE_LIMIT } from '../shared/page';
import { BreakPageResponse, BreakResponse } from './break.response';
import { ListBreaksRequest } from './breaks.request';
import { ListBreaksQuery } from './list-breaks.query';

@Resolver(() => BreakResponse)
@RequireRole('viewer')
export class BreaksResolver {
  constructor(
    private readonly queries: QueryBus,
    private readonly scope: AccountScope,
  ) {}

  @Query(() => BreakPageResponse, { description: 'As GET /v1/breaks' })
  breaks(@CurrentActor() actor: DeskActor, @Args() args: ListBreaksRequest): Promise<BreakPageResponse> {
    return this.queries.execute(
      new ListBreaksQuery(
        this.scope.accountsFor(actor, args.account),
        args.status,
        args.limit ?? DEFAULT_PAGE_LIMIT,
        args.cursor,
      ),
    );
  }
}
