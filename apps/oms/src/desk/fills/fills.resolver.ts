import { QueryBus } from '@nestjs/cqrs';
import { Args, ArgsType, Field, Query, Resolver } from '@nestjs/graphql';
import { Type } from 'class-transformer';
import { IsOptional, ValidateNested } from 'class-validator';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { PageRequest } from '../shared/page.request';
import { scopedListQuery } from '../shared/scoped-list';
import { FillFilterRequest } from './fill-filter.request';
import { FillPageResponse, FillResponse } from './fill.response';
import { ListFillsQuery } from './list-fills.query';

@ArgsType()
class FillsArgs extends PageRequest {
  @Field(() => FillFilterRequest, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => FillFilterRequest)
  filter?: FillFilterRequest;
}

@Resolver(() => FillResponse)
@RequireRole('viewer')
export class FillsResolver {
  constructor(
    private readonly queries: QueryBus,
    private readonly scope: AccountScope,
  ) {}

  @Query(() => FillPageResponse, { description: 'Fills newest first, as GET /v1/fills' })
  fills(@CurrentActor() actor: DeskActor, @Args() args: FillsArgs): Promise<FillPageResponse> {
    return this.queries.execute(scopedListQuery(ListFillsQuery, this.scope, actor, args.filter ?? {}, args));
  }
}
