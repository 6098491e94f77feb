/** Plain aligned text tables for terminal output (no colour, copy-paste friendly). */
export type Cell = string | number | boolean | null | undefined;

function text(cell: Cell): string {
  return cell === null || cell === undefined || cell === '' ? '-' : String(cell);
}

export function textTable(
  title: string,
  columns: readonly string[],
  rows: readonly (readonly Cell[])[],
): string {
  const cells = rows.map((row) => row.map(text));
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...cells.map((row) => row[index]?.length ?? 0)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, index) => value.padEnd(widths[index]))
      .join('  ')
      .trimEnd();
  const body = cells.length === 0 ? ['(none)'] : cells.map(line);
  return [`${title}`, line(columns), line(widths.map((width) => '-'.repeat(width))), ...body, ''].join('\n');
}

/** A table of objects: the given columns, else every scalar field of the first row. */
export function objectTable(
  title: string,
  rows: readonly Record<string, unknown>[],
  columns?: readonly string[],
): string {
  const chosen =
    columns ??
    Object.keys(rows[0] ?? {}).filter((key) =>
      rows.some((row) => typeof row[key] !== 'object' || row[key] === null),
    );
  return textTable(
    title,
    chosen,
    rows.map((row) =>
      chosen.map((column) =>
        scalar(
          column
            .split('.')
            .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], row),
        ),
      ),
    ),
  );
}

function scalar(value: unknown): Cell {
  if (value === null || value === undefined) return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return value as Cell;
}
