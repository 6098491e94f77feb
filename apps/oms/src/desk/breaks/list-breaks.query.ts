import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { keysetPage, KeysetList } from '../shared/keyset-page';
import { DEFAULT_PAGE_LIMIT, Page } from '../shared/page';
import { CursorKeyRule } from '../shared/page-cursor';
import { isPlainText } from '../shared/plain-text';
import { SqlFilter } from '../shared/sql-filter';
import { BreakResponse } from './break.response';
import { BREAK_COLUMNS, breakCursor, BreakRow, toBreakResponse } from './break.row';

/** A break id in a cursor: any text Postgres can store. */
const BREAK_ID_KEY: CursorKeyRule = { test: (value) => isPlainText(value, 300) };

/** Breaks newest first by detection; a break's key is its id. */
const BREAKS_NEWEST_FIRST: KeysetList<BreakRow, BreakResponse> = {
  name: 'breaks',
  table: 'rm_breaks',
  columns: BREAK_COLUMNS,
  time: 'detected_at',
  keys: [{ column: 'id', rule: BREAK_ID_KEY }],
  toItem: toBreakResponse,
  cursorOf: breakCursor,
};

/** Reconciliation breaks newest first. */
export class ListBreaksQuery extends Query<Page<BreakResponse>> {
  constructor(
    readonly accounts: readonly string[] | null,
    readonly status: string | undefined,
    readonly limit: number = DEFAULT_PAGE_LIMIT,
    readonly cursor?: string,
  ) {
    super();
  }
}

@QueryHandler(ListBreaksQuery)
export class ListBreaksHandler implements IQueryHandler<ListBreaksQuery> {
  constructor(private readonly dataSource: DataSource) {}

  execute(query: ListBreaksQuery): Promise<Page<BreakResponse>> {
    const sql = new SqlFilter().within('account', query.accounts).equals('status', query.status);
    return keysetPage(this.dataSource, BREAKS_NEWEST_FIRST, sql, query.limit, query.cursor);
  }
}
