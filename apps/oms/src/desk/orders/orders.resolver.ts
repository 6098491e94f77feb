import { Args, ArgsType, Field, Query, Resolver } from '@nestjs/graphql';
import { QueryBus } from '@nestjs/cqrs';
import { Type } from 'class-transformer';
import { IsOptional, IsUUID, ValidateNested } from 'class-validator';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { DEFAULT_PAGE_LIMIT } from '../shared/page';
import { PageRequest } from '../shared/page.request';
import { GetOrderQuery } from './get-order.query';
import { ListOrdersQuery } from './list-orders.query';
import { OrderEventListResponse } from './order-event.response';
import { OrderEventsQuery } from './order-events.query';
import { OrderFilterRequest } from './order-filter.request';
import { OrderPageResponse, OrderResponse } from './order.response';

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
  @Field()
  @IsUUID('all', { message: 'id must be an OMS order id (a UUID)' })
  id!: string;
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
    const { account, ...filter } = args.filter ?? {};
    return this.queries.execute(
      new ListOrdersQuery(
        filter,
        this.scope.accountsFor(actor, account),
        args.limit ?? DEFAULT_PAGE_LIMIT,
        args.cursor,
      ),
    );
  }

  @Query(() => OrderResponse, { description: 'One order, as GET /v1/orders/{id}' })
  order(@CurrentActor() actor: DeskActor, @Args() args: OrderArgs): Promise<OrderResponse> {
    return this.queries.execute(new GetOrderQuery(actor, args.id));
  }

  @Query(() => OrderEventListResponse, { description: 'Audit trail, as GET /v1/orders/{id}/events' })
  orderEvents(@CurrentActor() actor: DeskActor, @Args() args: OrderArgs): Promise<OrderEventListResponse> {
    return this.queries.execute(new OrderEventsQuery(actor, args.id));
  }
}
