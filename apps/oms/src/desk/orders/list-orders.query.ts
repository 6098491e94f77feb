import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { isOmsClientOrderId, OMS_CLIENT_ORDER_ID_PREFIX } from '@oms/domain';
import { keysetPage, KeysetList } from '../shared/keyset-page';
import { DEFAULT_PAGE_LIMIT, Page } from '../shared/page';
import { UUID_KEY } from '../shared/page-cursor';
import { SqlFilter } from '../shared/sql-filter';
import { orderCursor, toOrderResponse } from './order.mapper';
import { OrderResponse } from './order.response';
import { ORDER_COLUMNS, OrderRow } from './order.row';

export interface OrderFilter {
  readonly market?: string;
  readonly symbol?: string;
  readonly status?: string;
  readonly side?: string;
  readonly origin?: string;
  readonly clientOrderId?: string;
  readonly orderId?: string;
  readonly from?: string;
  readonly to?: string;
}

/**
 * The client ids an order filter names: the one given, and for a desk's own id the
 * OMS's form of it (`oms-<desk id>`), which is what the OMS sent to the venue.
 */
function clientOrderIdsNamedBy(clientOrderId: string | undefined): readonly string[] | null {
  if (clientOrderId === undefined) return null;
  return isOmsClientOrderId(clientOrderId)
    ? [clientOrderId]
    : [clientOrderId, `${OMS_CLIENT_ORDER_ID_PREFIX}${clientOrderId}`];
}

/** Builds the WHERE clause of an order list or export; `accounts` null = every account. */
export function orderFilterSql(filter: OrderFilter, accounts: readonly string[] | null): SqlFilter {
  const sql = new SqlFilter()
    .within('account', accounts)
    .equals('market', filter.market)
    .equals('symbol', filter.symbol)
    .equals('status', filter.status)
    .equals('side', filter.side)
    .equals('origin', filter.origin)
    .within('client_order_id', clientOrderIdsNamedBy(filter.clientOrderId))
    .equals('order_id', filter.orderId)
    .period('created_at', filter.from, filter.to);
  return sql;
}

/** Orders newest first by creation; an order's key is its OMS id. */
const ORDERS_NEWEST_FIRST: KeysetList<OrderRow, OrderResponse> = {
  name: 'orders',
  table: 'rm_orders',
  columns: ORDER_COLUMNS,
  time: 'created_at',
  keys: [{ column: 'id', rule: UUID_KEY, cast: '::uuid' }],
  accountIndexed: true,
  toItem: toOrderResponse,
  cursorOf: orderCursor,
};

/** A newest-first page of orders within `accounts` (null: all). */
export class ListOrdersQuery extends Query<Page<OrderResponse>> {
  constructor(
    readonly filter: OrderFilter,
    readonly accounts: readonly string[] | null,
    readonly limit: number = DEFAULT_PAGE_LIMIT,
    readonly cursor?: string,
  ) {
    super();
  }
}

@QueryHandler(ListOrdersQuery)
export class ListOrdersHandler implements IQueryHandler<ListOrdersQuery> {
  constructor(private readonly dataSource: DataSource) {}

  execute(query: ListOrdersQuery): Promise<Page<OrderResponse>> {
    return keysetPage(
      this.dataSource,
      ORDERS_NEWEST_FIRST,
      orderFilterSql(query.filter, query.accounts),
      query.limit,
      query.cursor,
    );
  }
}
