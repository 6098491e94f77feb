import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DEFAULT_PAGE_LIMIT, Page, toPage } from '../shared/page';
import { decodeCursor, UUID_KEY } from '../shared/page-cursor';
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

/** Builds the WHERE clause of an order list or export; `accounts` null = every account. */
export function orderFilterSql(filter: OrderFilter, accounts: readonly string[] | null): SqlFilter {
  const sql = new SqlFilter()
    .within('account', accounts)
    .equals('market', filter.market)
    .equals('symbol', filter.symbol)
    .equals('status', filter.status)
    .equals('side', filter.side)
    .equals('origin', filter.origin)
    .equals('client_order_id', filter.clientOrderId)
    .equals('order_id', filter.orderId);
  if (filter.from !== undefined) sql.where('created_at >= ?::timestamptz', filter.from);
  if (filter.to !== undefined) sql.where('created_at < ?::timestamptz', filter.to);
  return sql;
}

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

  async execute(query: ListOrdersQuery): Promise<Page<OrderResponse>> {
    const sql = orderFilterSql(query.filter, query.accounts);
    if (query.cursor !== undefined) {
      const cursor = decodeCursor(query.cursor, [UUID_KEY]);
      sql.where('(created_at, id) < (?::timestamptz, ?::uuid)', cursor.at, cursor.key[0]);
    }
    const rows = await this.dataSource.query<OrderRow[]>(
      `SELECT ${ORDER_COLUMNS} FROM rm_orders ${sql.clause()}
        ORDER BY created_at DESC, id DESC LIMIT ${sql.bind(query.limit + 1)}`,
      sql.params,
    );
    return toPage(rows, query.limit, toOrderResponse, orderCursor);
  }
}
