import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { keysetPage, KeysetList } from '../shared/keyset-page';
import { DEFAULT_PAGE_LIMIT, Page } from '../shared/page';
import { TEXT_KEY } from '../shared/page-cursor';
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
    .equals('order_id', filter.orderId)
    .period('time', filter.from, filter.to);
  return sql;
}

/** Fills newest first; a fill's key is (fill_id, account, market). */
const FILLS_NEWEST_FIRST: KeysetList<FillRow, FillResponse> = {
  name: 'fills',
  table: 'rm_fills',
  columns: FILL_COLUMNS,
  time: 'time',
  keys: [
    { column: 'fill_id', rule: TEXT_KEY },
    { column: 'account', rule: TEXT_KEY },
    { column: 'market', rule: /^(spot|futures)$/ },
  ],
  accountIndexed: true,
  toItem: toFillResponse,
  cursorOf: fillCursor,
};

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

  execute(query: ListFillsQuery): Promise<Page<FillResponse>> {
    return keysetPage(
      this.dataSource,
      FILLS_NEWEST_FIRST,
      fillFilterSql(query.filter, query.accounts),
      query.limit,
      query.cursor,
    );
  }
}
