import { Controller, Get, Param, Query as QueryParams } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiTags, IntersectionType } from '@nestjs/swagger';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { PageRequest } from '../shared/page.request';
import { scopedListQuery } from '../shared/scoped-list';
import { AsOfRequest } from '../shared/as-of.request';
import { GetOrderQuery } from './get-order.query';
import { GetOrderAsOfQuery } from './order-as-of.query';
import { ListOrdersQuery } from './list-orders.query';
import { OrderEventListResponse } from './order-event.response';
import { OrderEventsQuery } from './order-events.query';
import { OrderFilterRequest, OrderIdParam } from './order-filter.request';
import { OrderPageResponse, OrderResponse } from './order.response';

export class ListOrdersRequest extends IntersectionType(OrderFilterRequest, PageRequest) {}

@ApiTags('orders')
@ApiBearerAuth()
@Controller('v1/orders')
@RequireRole('viewer')
export class OrdersController {
  constructor(
    private readonly queries: QueryBus,
    private readonly scope: AccountScope,
  ) {}

  /** Orders newest first, filtered, paged by cursor. */
  @Get()
  @ApiOkResponse({ type: OrderPageResponse })
  list(
    @CurrentActor() actor: DeskActor,
    @QueryParams() request: ListOrdersRequest,
  ): Promise<OrderPageResponse> {
    const { limit, cursor, ...filter } = request;
    return this.queries.execute(
      scopedListQuery(ListOrdersQuery, this.scope, actor, filter, { limit, cursor }),
    );
  }

  /** The order now, or with `asOf` as the OMS knew it then. */
  @Get(':id')
  @ApiOkResponse({ type: OrderResponse })
  get(
    @CurrentActor() actor: DeskActor,
    @Param() params: OrderIdParam,
    @QueryParams() request: AsOfRequest,
  ): Promise<OrderResponse> {
    return this.queries.execute(
      request.asOf === undefined
        ? new GetOrderQuery(actor, params.id)
        : new GetOrderAsOfQuery(actor, params.id, new Date(request.asOf)),
    );
  }

  /** The order's audit trail, oldest first. */
  @Get(':id/events')
  @ApiOkResponse({ type: OrderEventListResponse })
  events(@CurrentActor() actor: DeskActor, @Param() params: OrderIdParam): Promise<OrderEventListResponse> {
    return this.queries.execute(new OrderEventsQuery(actor, params.id));
  }
}
