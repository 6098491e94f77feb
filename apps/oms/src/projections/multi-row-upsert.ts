import { SqlExecutor } from '@oms/persistence';

export interface UpsertColumn {
  readonly name: string;
  /** Postgres element type of the unnest array (text, numeric, jsonb, ...). */
  readonly type: string;
  /** The expression inserted, over `u.<name>` (default: the value itself). */
  readonly select?: string;
}

/**
 * One INSERT ... SELECT FROM unnest(...) ON CONFLICT DO UPDATE for any number of rows:
 * read models are written in one statement per table per batch. Values are passed as
 * text and cast by Postgres (decimals stay exact). Rows sharing a key keep the last.
 */
export async function upsertRows(
  executor: SqlExecutor,
  table: string,
  columns: readonly UpsertColumn[],
  key: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
): Promise<void> {
  if (rows.length === 0) return;
  const keyIndexes = key.map((name) => columns.findIndex((column) => column.name === name));
  const lastByKey = new Map<string, readonly unknown[]>();
  for (const row of rows) lastByKey.set(JSON.stringify(keyIndexes.map((index) => row[index])), row);
  const unique = [...lastByKey.values()];
  const parameters = columns.map((_, index) =>
    unique.map((row) => {
      const value = row[index] as string | number | boolean | object | null | undefined;
      if (value === null || value === undefined) return null;
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    }),
  );
  const unnest = columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ');
  const names = columns.map((column) => column.name);
  const selects = columns.map((column) => column.select ?? `u.${column.name}`);
  const updates = names.filter((name) => !key.includes(name)).map((name) => `${name} = EXCLUDED.${name}`);
  await executor.query(
    `INSERT INTO ${table} (${names.join(', ')})
     SELECT ${selects.join(', ')} FROM unnest(${unnest}) AS u(${names.join(', ')})
     ON CONFLICT (${key.join(', ')}) DO ${updates.length > 0 ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`,
    parameters,
  );
}

export const col = (name: string, type: string, select?: string): UpsertColumn => ({ name, type, select });
export const isoTime = (epochMs: number | null): string | null =>
  epochMs === null ? null : new Date(epochMs).toISOString();
