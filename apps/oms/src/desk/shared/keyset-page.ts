import { DataSource } from 'typeorm';
import { Page, toPage } from './page';
import { CursorKeyRule, decodeCursor, encodeCursor, PageCursor } from './page-cursor';
import { SqlFilter } from './sql-filter';

/** One column after the time in a list's newest-first order, and how its cursor value reads. */
export interface KeysetColumn {
  readonly column: string;
  /** The rule a cursor's value for this column must pass. */
  readonly rule: CursorKeyRule;
  /** A cast for the bound cursor value, e.g. `::uuid`. */
  readonly cast?: string;
}

/** A read-model table listed newest first by `time`, ties broken by `keys` (the cursor's key). */
export interface KeysetList<Row, Item> {
  /** Named in its cursors, so that a cursor of another list is refused. */
  readonly name: string;
  readonly table: string;
  readonly columns: string;
  readonly time: string;
  readonly keys: readonly KeysetColumn[];
  /**
   * The table has an index on (account, time DESC, keys DESC...): a page of several
   * accounts reads each account's newest rows through it and keeps the newest of those.
   */
  readonly accountIndexed?: boolean;
  readonly toItem: (row: Row) => Item;
  readonly cursorOf: (row: Row) => PageCursor;
}

/**
 * One keyset page of a newest-first list, so every list pages the same way: rows strictly
 * after the cursor's (time, key...) tuple in (time DESC, key DESC...) order, `limit + 1`
 * fetched to tell whether another page follows. A cursor that is not one this API gave
 * out for this list is INVALID_CURSOR (decodeCursor).
 */
export async function keysetPage<Row, Item>(
  dataSource: DataSource,
  list: KeysetList<Row, Item>,
  sql: SqlFilter,
  limit: number,
  cursor: string | undefined,
): Promise<Page<Item>> {
  const keyColumns = list.keys.map((key) => key.column);
  if (cursor !== undefined) {
    const decoded = decodeCursor(
      cursor,
      list.name,
      list.keys.map((key) => key.rule),
    );
    const keyValues = list.keys.map((key) => `?${key.cast ?? ''}`);
    sql.where(
      `(${[list.time, ...keyColumns].join(', ')}) < (${['?::timestamptz', ...keyValues].join(', ')})`,
      decoded.at,
      ...decoded.key,
    );
  }
  const order = [list.time, ...keyColumns].map((column) => `${column} DESC`).join(', ');
  const fetched = sql.bind(limit + 1);
  const accounts = list.accountIndexed ? sql.severalValuesOf('account') : undefined;
  // Several accounts: `account = ANY(...)` cannot be read in order from the account's
  // index, so each account's newest rows are read through it and merged (a walk of every
  // account's rows otherwise, through rows of accounts outside the list).
  const text =
    accounts === undefined
      ? `SELECT ${list.columns} FROM ${list.table} ${sql.clause()} ORDER BY ${order} LIMIT ${fetched}`
      : `SELECT page.* FROM unnest(${sql.bind([...accounts])}::text[]) AS scope(account)
         CROSS JOIN LATERAL (SELECT ${list.columns} FROM ${list.table} ${sql.clause()} AND account = scope.account
                             ORDER BY ${order} LIMIT ${fetched}) page
         ORDER BY ${order} LIMIT ${fetched}`;
  const rows = await dataSource.query<Row[]>(text, sql.params);
  return toPage(rows, limit, list.toItem, (row) => encodeCursor(list.name, list.cursorOf(row)));
}
