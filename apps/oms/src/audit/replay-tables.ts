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
 * Fresh, empty copies of the live tables: same columns, defaults, checks and primary key
 * (the projector's upserts and the comparison go by it), without the desk's secondary
 * indexes, which a rebuild would write for every row and nothing reads: the rows reach
 * the live tables, indexes and all, when they are swapped in.
 */
export async function createRebuildTables(executor: SqlExecutor): Promise<void> {
  for (const table of REBUILT_TABLES) {
    await executor.query(`DROP TABLE IF EXISTS ${rebuiltName(table)}`);
    await executor.query(
      `CREATE TABLE ${rebuiltName(table)} (LIKE ${table} INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`,
    );
    await executor.query(
      `ALTER TABLE ${rebuiltName(table)} ADD PRIMARY KEY (${TABLE_KEYS[table].join(', ')})`,
    );
  }
  // Marks are venue prices, not events: they are carried over as they are.
  await executor.query(`INSERT INTO ${rebuiltName('rm_marks')} SELECT * FROM rm_marks`);
}

export async function dropRebuildTables(executor: SqlExecutor): Promise<void> {
  for (const table of REBUILT_TABLES) await executor.query(`DROP TABLE IF EXISTS ${rebuiltName(table)}`);
}

/**
 * Swaps the rebuilt contents in, in one transaction: the live tables keep their
 * indexes, triggers (desk notifications) and grants; readers see the old rows until
 * the commit and the new ones after it.
 */
export async function swapInRebuilt(executor: SqlExecutor): Promise<void> {
  for (const table of REBUILT_TABLES) {
    await executor.query(`DELETE FROM ${table}`);
    await executor.query(`INSERT INTO ${table} SELECT * FROM ${rebuiltName(table)}`);
  }
}
