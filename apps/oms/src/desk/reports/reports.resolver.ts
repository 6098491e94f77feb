import { QueryBus } from '@nestjs/cqrs';
import { Args, Query, Resolver } from '@nestjs/graphql';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { pnlQueryOf } from './pnl-query.factory';
import { PnlReportResponse } from './pnl.response';
import { PnlReportRequest } from './pnl.request';

@Resolver(() => PnlReportResponse)
@RequireRole('viewer')
export class ReportsResolver {
  constructor(
    private readonly queries: QueryBus,
    private readonly scope: AccountScope,
  ) {}

  @Query(() => PnlReportResponse, { description: 'As GET /v1/reports/pnl' })
  pnl(@CurrentActor() actor: DeskActor, @Args() args: PnlReportRequest): Promise<PnlReportResponse> {
    this.scope.require(actor, args.account);
    return this.queries.execute(pnlQueryOf(args));
  }
}
