import { Provider, Type } from '@nestjs/common';
import { BalancesController } from './balances/balances.controller';
import { BalancesResolver } from './balances/balances.resolver';
import { ListBalancesAsOfHandler } from './balances/list-balances-as-of.query';
import { ListBalancesHandler } from './balances/list-balances.query';
import { BreaksController } from './breaks/breaks.controller';
import { BreaksResolver } from './breaks/breaks.resolver';
import { ListBreaksHandler } from './breaks/list-breaks.query';
import { ResolveBreakHandler } from './breaks/resolve-break.command';
import { ExportsController } from './exports/exports.controller';
import { FillsController } from './fills/fills.controller';
import { FillsResolver } from './fills/fills.resolver';
import { ListFillsHandler } from './fills/list-fills.query';
import { GetOrderHandler } from './orders/get-order.query';
import { ListOrdersHandler } from './orders/list-orders.query';
import { GetOrderAsOfHandler } from './orders/order-as-of.query';
import { OrderEventsHandler } from './orders/order-events.query';
import { OrdersController } from './orders/orders.controller';
import { OrdersResolver } from './orders/orders.resolver';
import { PnlCheckpointKeeper } from './reports/pnl-checkpoint-keeper';
import { PnlReportHandler } from './reports/pnl-report.query';
import { ReportsController } from './reports/reports.controller';
import { ReportsResolver } from './reports/reports.resolver';
import { ListPositionsAsOfHandler } from './positions/list-positions-as-of.query';
import { ListPositionsHandler } from './positions/list-positions.query';
import { PositionsController } from './positions/positions.controller';
import { PositionsResolver } from './positions/positions.resolver';
import { DeskSubscriptionsResolver } from './subscriptions/desk-subscriptions.resolver';
import { ReadModelChanges } from './subscriptions/read-model-changes';

/** Query handlers (QueryBus), command handlers, resolvers and the report checkpoint keeper of the desk read side. */
export const DESK_QUERY_PROVIDERS: Provider[] = [
  ListOrdersHandler,
  GetOrderHandler,
  GetOrderAsOfHandler,
  OrderEventsHandler,
  ListFillsHandler,
  ListPositionsHandler,
  ListPositionsAsOfHandler,
  ListBalancesHandler,
  ListBalancesAsOfHandler,
  ListBreaksHandler,
  ResolveBreakHandler,
  PnlReportHandler,
  PnlCheckpointKeeper,
  ReportsResolver,
  OrdersResolver,
  FillsResolver,
  PositionsResolver,
  BalancesResolver,
  BreaksResolver,
  ReadModelChanges,
  DeskSubscriptionsResolver,
];

/** REST controllers, exports first so `/v1/orders/export` is not taken for an order id. */
export const DESK_QUERY_CONTROLLERS: Type[] = [
  ExportsController,
  OrdersController,
  FillsController,
  PositionsController,
  BalancesController,
  BreaksController,
  ReportsController,
];
