import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DEFAULT_PAGE_LIMIT, Page, toPage } from '../shared/page';
import { decodeCursor, TEXT_KEY } from '../shared/page-cursor';
import { SqlFilter } from '../shared/sql-filter';
import { FillResponse } from './fill.response';
import { FILL_COLUMNS, fillCursor, FillRow, toFillResponse } from './fill.row';

export interface FillFilter {
  readonly market?: string;
  readonly symbol?: string;
  readonly omsOrderId?: string;
  readonly orderId?: string;
  readonly from?: string;
  readonly to?: string;
}

export function fillFilterSql(filter: FillFilter, accounts: readonly string[] | null): SqlFilter {
  const sql = new SqlFilter()
    .within('account', accounts)
    .equals('market', filter.market)
    .equals('symbol', filter.symbol)
    .equals('oms_order_id', filter.omsOrderId)
    .equals('order_id', filter.orderId);
  if (filter.from !== undefined) sql.where('time >= ?::timestamptz', filter.from);
  if (filter.to !== undefined) sql.where('time < ?::timestamptz', filter.to);
  return sql;
}

/** A newest-first page of fills within `accounts` (null: all). */
export class ListFillsQuery extends Query<Page<FillResponse>> {
  constructor(
    readonly filter: FillFilter,
    readonly accounts: readonly string[] | null,
    readonly limit: number = DEFAULT_PAGE_LIMIT,
    readonly cursor?: string,
  ) {
    super();
  }
}

@QueryHandler(ListFillsQuery)
export class ListFillsHandler implements IQueryHandler<ListFillsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(query: ListFillsQuery): Promise<Page<FillResponse>> {
    const sql = fillFilterSql(query.filter, query.accounts);
    if (query.cursor !== undefined) {
      const cursor = decodeCursor(query.cursor, [TEXT_KEY, TEXT_KEY, /^(spot|futures)$/]);
      sql.where(
        '(time, fill_id, account, market) < (?::timestamptz, ?, ?, ?)',
        cursor.at,
        cursor.key[0],
        cursor.key[1],
        cursor.key[2],
      );
    }
    const rows = await this.dataSource.query<FillRow[]>(
      `SELECT ${FILL_COLUMNS} FROM rm_fills ${sql.clause()}
        ORDER BY time DESC, fill_id DESC, account DESC, market DESC LIMIT ${sql.bind(query.limit + 1)}`,
      sql.params,
    );
    return toPage(rows, query.limit, toFillResponse, fillCursor);
  }
}
