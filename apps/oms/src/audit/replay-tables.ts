import { SqlExecutor } from '@oms/persistence';
import { READ_MODEL_TABLES } from '../projections/read-model-tables';

/** Every table a replay rebuilds: the read models and the kept aggregate states. */
export const REBUILT_TABLES = [...READ_MODEL_TABLES, 'oms_aggregate_states'] as const;
export type RebuiltTable = (typeof REBUILT_TABLES)[number];

/** Primary keys, to pair live and rebuilt rows. */
export const TABLE_KEYS: Readonly<Record<RebuiltTable, readonly string[]>> = {
  rm_orders: ['id'],
  rm_fills: ['account', 'market', 'fill_id'],
  rm_positions: ['account', 'symbol', 'side'],
  rm_position_fills: ['account', 'symbol', 'side', 'fill_id'],
  rm_balances: ['account', 'wallet', 'asset'],
  rm_marks: ['symbol'],
  rm_breaks: ['id'],
  rm_venue_streams: ['account'],
  oms_aggregate_states: ['stream_id'],
};

/** Columns written at rebuild time rather than derived from the log. */
export const IGNORED_COLUMNS: Readonly<Partial<Record<RebuiltTable, readonly string[]>>> = {
  oms_aggregate_states: ['updated_at'],
};

export const REPLAY_SUFFIX = '__replay';

export const rebuiltName = (table: string): string => `${table}${REPLAY_SUFFIX}`;

/**
 * Fresh, empty copies of the live tables, unlogged (scratch tables: a crash empties
 * them, and nothing is written twice to the WAL): same columns, defaults and checks, without
 * the desk's secondary indexes, which a rebuild would write for every row and nothing
 * reads (the rows reach the live tables, indexes and all, when they are swapped in).
 * The read models get their primary keys once loaded (`keyRebuildTables`): an index
 * built over the loaded rows costs less than one kept up row by row. The kept states
 * have theirs from the start, since rm_orders reads each order's state hash by it.
 */
export async function createRebuildTables(executor: SqlExecutor): Promise<void> {
  for (const table of REBUILT_TABLES) {
    await executor.query(`DROP TABLE IF EXISTS ${rebuiltName(table)}`);
    await executor.query(
      `CREATE UNLOGGED TABLE ${rebuiltName(table)} (LIKE ${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
    );
  }
  await addPrimaryKey(executor, 'oms_aggregate_states');
  // Marks are venue prices, not events: they are carried over as they are.
  await executor.query(`INSERT INTO ${rebuiltName('rm_marks')} SELECT * FROM rm_marks`);
}

/** The primary keys of the loaded read models: the catch-up's upserts and the comparison go by them. */
export async function keyRebuildTables(executor: SqlExecutor): Promise<void> {
  for (const table of READ_MODEL_TABLES) await addPrimaryKey(executor, table);
}

async function addPrimaryKey(executor: SqlExecutor, table: RebuiltTable): Promise<void> {
  await executor.query(`ALTER TABLE ${rebuiltName(table)} ADD PRIMARY KEY (${TABLE_KEYS[table].join(', ')})`);
}

export async function dropRebuildTables(executor: SqlExecutor): Promise<void> {
  for (const table of REBUILT_TABLES) await executor.query(`DROP TABLE IF EXISTS ${rebuiltName(table)}`);
}

/** The columns of a table, in order. */
export async function columnsOf(executor: SqlExecutor, table: string): Promise<string[]> {
  const rows = (await executor.query(
    `SELECT attname FROM pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped
     ORDER BY attnum`,
    [table],
  )) as Array<{ attname: string }>;
  return rows.map((row) => row.attname);
}

/**
 * Swaps the rebuilt contents in, in one transaction, writing only what differs: rows
 * missing from the rebuild are deleted, rows whose values differ (every column but
 * those written at rebuild time, compared as Postgres compares the type: numerics and
 * jsonb by value, as verify does) are updated, new rows inserted. The live tables keep
 * their indexes, triggers and grants; desks are notified of the rows that changed, not
 * of every row; readers see the old rows until the commit and the new ones after it.
 */
export async function swapInRebuilt(executor: SqlExecutor): Promise<void> {
  for (const table of REBUILT_TABLES) {
    const columns = await columnsOf(executor, table);
    const keys = TABLE_KEYS[table];
    const ignored = IGNORED_COLUMNS[table] ?? [];
    const compared = columns.filter((column) => !ignored.includes(column));
    const values = columns.filter((column) => !keys.includes(column));
    const sameKey = keys.map((key) => `l.${key} = r.${key}`).join(' AND ');
    const row = (alias: string) => `ROW(${compared.map((column) => `${alias}.${column}`).join(', ')})`;
    // One pass finds whether anything differs: after a replay that agrees, nothing does.
    const [{ differing }] = (await executor.query(
      `SELECT count(*)::int AS differing FROM ${table} l FULL OUTER JOIN ${rebuiltName(table)} r ON ${sameKey}
       WHERE l.${keys[0]} IS NULL OR r.${keys[0]} IS NULL OR ${row('l')} IS DISTINCT FROM ${row('r')}`,
    )) as Array<{ differing: number }>;
    if (differing === 0) continue;
    await executor.query(
      `DELETE FROM ${table} l WHERE NOT EXISTS (SELECT 1 FROM ${rebuiltName(table)} r WHERE ${sameKey})`,
    );
    if (values.length > 0) {
      await executor.query(
        `UPDATE ${table} l SET (${values.join(', ')}) = ROW(${values.map((column) => `r.${column}`).join(', ')})
         FROM ${rebuiltName(table)} r WHERE ${sameKey} AND ${row('l')} IS DISTINCT FROM ${row('r')}`,
      );
    }
    await executor.query(
      `INSERT INTO ${table} (${columns.join(', ')})
       SELECT ${columns.map((column) => `r.${column}`).join(', ')} FROM ${rebuiltName(table)} r
       WHERE NOT EXISTS (SELECT 1 FROM ${table} l WHERE ${sameKey})`,
    );
  }
}
