/** Every list answers `{items, nextCursor}`, nextCursor null on the last page (desk-api.md). */
export interface Page<T> {
  readonly items: T[];
  readonly nextCursor: string | null;
}

export const DEFAULT_PAGE_LIMIT = 100;
export const MAX_PAGE_LIMIT = 1000;

/** Cuts a query's `limit + 1` rows to a page, with the cursor of its last row when more follow. */
export function toPage<Row, Item>(
  rows: readonly Row[],
  limit: number,
  map: (row: Row) => Item,
  cursorOf: (row: Row) => string,
): Page<Item> {
  const pageRows = rows.slice(0, limit);
  const more = rows.length > limit;
  return {
    items: pageRows.map(map),
    nextCursor: more && pageRows.length > 0 ? cursorOf(pageRows[pageRows.length - 1]) : null,
  };
}
