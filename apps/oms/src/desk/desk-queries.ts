import { Provider, Type } from '@nestjs/common';
import { GetOrderHandler } from './orders/get-order.query';
import { ListOrdersHandler } from './orders/list-orders.query';
import { OrderEventsHandler } from './orders/order-events.query';
import { OrdersController } from './orders/orders.controller';
import { OrdersResolver } from './orders/orders.resolver';

/** Query handlers and resolvers of the desk read side. */
export const DESK_QUERY_PROVIDERS: Provider[] = [
  ListOrdersHandler,
  GetOrderHandler,
  OrderEventsHandler,
  OrdersResolver,
];

/** REST controllers, exports first so `/v1/orders/export` is not taken for an order id. */
export const DESK_QUERY_CONTROLLERS: Type[] = [OrdersController];
