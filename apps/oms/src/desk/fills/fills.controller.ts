import { Controller, Get, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiTags, IntersectionType } from '@nestjs/swagger';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { PageRequest } from '../shared/page.request';
import { scopedListQuery } from '../shared/scoped-list';
import { FillFilterRequest } from './fill-filter.request';
import { FillPageResponse } from './fill.response';
import { ListFillsQuery } from './list-fills.query';

export class ListFillsRequest extends IntersectionType(FillFilterRequest, PageRequest) {}

@ApiTags('fills')
@ApiBearerAuth()
@Controller('v1/fills')
@RequireRole('viewer')
export class FillsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly scope: AccountScope,
  ) {}

  /** Fills newest first, each once with every source that saw it. */
  @Get()
  @ApiOkResponse({ type: FillPageResponse })
  list(
    @CurrentActor() actor: DeskActor,
    @QueryParams() request: ListFillsRequest,
  ): Promise<FillPageResponse> {
    const { limit, cursor, ...filter } = request;
    return this.queries.execute(
      scopedListQuery(ListFillsQuery, this.scope, actor, filter, { limit, cursor }),
    );
  }
}
