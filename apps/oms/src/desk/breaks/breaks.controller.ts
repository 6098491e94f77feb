import { Body, Controller, Get, HttpCode, Param, Post, Query as QueryParams } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { DEFAULT_PAGE_LIMIT } from '../shared/page';
import { BreakPageResponse, BreakResponse } from './break.response';
import { BreakIdParam, ListBreaksRequest, ResolveBreakRequest } from './breaks.request';
import { ListBreaksQuery } from './list-breaks.query';
import { ResolveBreakCommand } from './resolve-break.command';

@ApiTags('breaks')
@ApiBearerAuth()
@Controller('v1/breaks')
export class BreaksController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly scope: AccountScope,
  ) {}

  @Get()
  @RequireRole('viewer')
  @ApiOkResponse({ type: BreakPageResponse })
  list(
    @CurrentActor() actor: DeskActor,
    @QueryParams() request: ListBreaksRequest,
  ): Promise<BreakPageResponse> {
    return this.queries.execute(
      new ListBreaksQuery(
        this.scope.accountsFor(actor, request.account),
        request.status,
        request.limit ?? DEFAULT_PAGE_LIMIT,
        request.cursor,
      ),
    );
  }

  /** Resolves a break through the aggregate that holds it (admin). */
  @Post(':id/resolve')
  @HttpCode(200)
  @RequireRole('admin')
  @ApiOkResponse({ type: BreakResponse })
  resolve(
    @CurrentActor() actor: DeskActor,
    @Param() params: BreakIdParam,
    @Body() body: ResolveBreakRequest,
  ): Promise<BreakResponse> {
    return this.commands.execute(new ResolveBreakCommand(actor, params.id, body.note));
  }
}
