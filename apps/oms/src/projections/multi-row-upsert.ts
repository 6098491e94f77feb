import { isoMillis, issueWrite, SqlExecutor } from '@oms/persistence';

export interface UpsertColumn {
  readonly name: string;
  /** Postgres type the column is read as from the rows' JSON (text, numeric, jsonb, ...). */
  readonly type: string;
  /** The expression inserted, over `u.<name>` (default: the value itself). */
  readonly select?: string;
  /** On conflict, keep the later of the stored and the new value (a time that never goes back). */
  readonly keepLater?: boolean;
}

/**
 * One INSERT ... SELECT FROM json_to_recordset(...) ON CONFLICT DO UPDATE for any number
 * of rows: read models are written in one statement per table per batch. The rows go
 * as one JSON array (serialised natively, parsed once by Postgres) rather than an array
 * parameter per column, which the driver escapes element by element. Decimals travel
 * as JSON strings and are cast by Postgres (they stay exact); a jsonb column takes its
 * value as JSON. Rows sharing a key keep the last. Nothing reads the statement's answer
 * (`issueWrite`): on a pipelined connection COMMIT can follow it in the same write.
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
  for (const row of rows) {
    const rowKey =
      keyIndexes.length === 1
        ? String(row[keyIndexes[0]])
        : keyIndexes.map((index) => row[index]).join('\u0000');
    lastByKey.set(rowKey, row);
  }
  const records: Array<Record<string, unknown>> = [];
  for (const row of lastByKey.values()) {
    const record: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index += 1) record[columns[index].name] = row[index] ?? null;
    records.push(record);
  }
  const names = columns.map((column) => column.name);
  const types = columns.map((column) => `${column.name} ${column.type}`);
  const selects = columns.map((column) => column.select ?? `u.${column.name}`);
  const updates = columns
    .filter((column) => !key.includes(column.name))
    .map(({ name, keepLater }) =>
      keepLater === true ? `${name} = greatest(t.${name}, EXCLUDED.${name})` : `${name} = EXCLUDED.${name}`,
    );
  await issueWrite(
    executor,
    executor.query(
      `INSERT INTO ${table} AS t (${names.join(', ')})
     SELECT ${selects.join(', ')} FROM json_to_recordset($1::json) AS u(${types.join(', ')})
     ON CONFLICT (${key.join(', ')}) DO ${updates.length > 0 ? `UPDATE SET ${updates.join(', ')}` : 'NOTHING'}`,
      [JSON.stringify(records)],
    ),
  );
}

export const col = (name: string, type: string, select?: string): UpsertColumn => ({ name, type, select });
/** A time column that keeps the later of the stored and the new value. */
export const laterTimeCol = (name: string): UpsertColumn => ({ name, type: 'timestamptz', keepLater: true });
export const isoTime = (epochMs: number | null): string | null =>
  epochMs === null ? null : isoMillis(epochMs);
