import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { DEFAULT_PAGE_LIMIT, Page, toPage } from '../shared/page';
import { CursorKeyRule, decodeCursor } from '../shared/page-cursor';
import { isPlainText } from '../shared/plain-text';
import { SqlFilter } from '../shared/sql-filter';
import { BreakResponse } from './break.response';
import { BREAK_COLUMNS, breakCursor, BreakRow, toBreakResponse } from './break.row';

/** A break id in a cursor: any text Postgres can store. */
const BREAK_ID_KEY: CursorKeyRule = { test: (value) => isPlainText(value, 300) };

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

  async execute(query: ListBreaksQuery): Promise<Page<BreakResponse>> {
    const sql = new SqlFilter().within('account', query.accounts).equals('status', query.status);
    if (query.cursor !== undefined) {
      const cursor = decodeCursor(query.cursor, [BREAK_ID_KEY]);
      sql.where('(detected_at, id) < (?::timestamptz, ?)', cursor.at, cursor.key[0]);
    }
    const rows = await this.dataSource.query<BreakRow[]>(
      `SELECT ${BREAK_COLUMNS} FROM rm_breaks ${sql.clause()}
        ORDER BY detected_at DESC, id DESC LIMIT ${sql.bind(query.limit + 1)}`,
      sql.params,
    );
    return toPage(rows, query.limit, toBreakResponse, breakCursor);
  }
}
