import { Args, ArgsType, Field, Query, Resolver } from '@nestjs/graphql';
import { QueryBus } from '@nestjs/cqrs';
import { Type } from 'class-transformer';
import { IsOptional, IsString, ValidateNested } from 'class-validator';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { PageRequest } from '../shared/page.request';
import { scopedListQuery } from '../shared/scoped-list';
import { GetOrderQuery } from './get-order.query';
import { GetOrderAsOfQuery } from './order-as-of.query';
import { ListOrdersQuery } from './list-orders.query';
import { OrderEventListResponse } from './order-event.response';
import { OrderEventsQuery } from './order-events.query';
import { OrderFilterRequest } from './order-filter.request';
import { OrderPageResponse, OrderResponse } from './order.response';
import { IsIsoTime } from '../shared/iso-time-input';

@ArgsType()
class OrdersArgs extends PageRequest {
  @Field(() => OrderFilterRequest, { nullable: true })
  @IsOptional()
  @ValidateNested()
  @Type(() => OrderFilterRequest)
  filter?: OrderFilterRequest;
}

@ArgsType()
class OrderArgs {
  /** One that is not a UUID names no order: ORDER_NOT_FOUND, as on REST. */
  @Field()
  @IsString()
  id!: string;
}

@ArgsType()
class OrderAsOfArgs extends OrderArgs {
  @Field(() => String, { nullable: true, description: 'ISO-8601: the order as the OMS knew it then' })
  @IsOptional()
  @IsIsoTime('asOf')
  asOf?: string;
}

@Resolver(() => OrderResponse)
@RequireRole('viewer')
export class OrdersResolver {
  constructor(
    private readonly queries: QueryBus,
    private readonly scope: AccountScope,
  ) {}

  @Query(() => OrderPageResponse, { description: 'Orders newest first, as GET /v1/orders' })
  orders(@CurrentActor() actor: DeskActor, @Args() args: OrdersArgs): Promise<OrderPageResponse> {
    return this.queries.execute(scopedListQuery(ListOrdersQuery, this.scope, actor, args.filter ?? {}, args));
  }

  @Query(() => OrderResponse, { description: 'One order, as GET /v1/orders/{id}' })
  order(@CurrentActor() actor: DeskActor, @Args() args: OrderAsOfArgs): Promise<OrderResponse> {
    return this.queries.execute(
      args.asOf === undefined
        ? new GetOrderQuery(actor, args.id)
        : new GetOrderAsOfQuery(actor, args.id, new Date(args.asOf)),
    );
  }

  @Query(() => OrderEventListResponse, { description: 'Audit trail, as GET /v1/orders/{id}/events' })
  orderEvents(@CurrentActor() actor: DeskActor, @Args() args: OrderArgs): Promise<OrderEventListResponse> {
    return this.queries.execute(new OrderEventsQuery(actor, args.id));
  }
}
