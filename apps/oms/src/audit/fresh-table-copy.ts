import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PoolClient } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { UpsertColumn } from '../projections/multi-row-upsert';

const SPECIAL = /[\\\t\n\r]/;

/**
 * A value as COPY text, from the same text the projector's upserts send (objects as
 * JSON, everything else as String), so Postgres casts it exactly as it casts theirs.
 */
function copyValue(value: string | number | boolean | object | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (!SPECIAL.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (char) =>
    char === '\\' ? '\\\\' : char === '\t' ? '\\t' : char === '\n' ? '\\n' : '\\r',
  );
}

function* copyLines(rows: Iterable<readonly unknown[]>): Generator<string> {
  let chunk = '';
  for (const row of rows) {
    chunk += row.map((value) => copyValue(value as Parameters<typeof copyValue>[0])).join('\t') + '\n';
    if (chunk.length > 65_536) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * Loads rows into a fresh table with COPY: they go into a temporary table typed like
 * the projector's upsert parameters, then into the table through the same select
 * expressions, so each row ends as the projector would have written it. The table
 * must be empty of these keys (rows sharing a key are deduplicated by the caller).
 */
export async function copyIntoFreshTable(
  client: PoolClient,
  table: string,
  columns: readonly UpsertColumn[],
  rows: Iterable<readonly unknown[]>,
): Promise<void> {
  const staging = `${table}__staging`;
  const names = columns.map((column) => column.name);
  await client.query(
    `CREATE TEMP TABLE ${staging} (${columns.map((column) => `${column.name} ${column.type}`).join(', ')})`,
  );
  try {
    await pipeline(Readable.from(copyLines(rows)), client.query(copyFrom(`COPY ${staging} FROM STDIN`)));
    await client.query(
      `INSERT INTO ${table} (${names.join(', ')})
       SELECT ${columns.map((column) => column.select ?? `u.${column.name}`).join(', ')} FROM ${staging} AS u`,
    );
  } finally {
    await client.query(`DROP TABLE IF EXISTS ${staging}`);
  }
}
