import { SqlExecutor } from '@oms/persistence';
import { compareSpotHoldings } from '../projections/spot-holdings';
import {
  columnsOf,
  IGNORED_COLUMNS,
  REBUILT_TABLES,
  rebuiltName,
  RebuiltTable,
  TABLE_KEYS,
} from './replay-tables';

/** One difference between a live row and the row rebuilt from the log. */
export interface ReplayDifference {
  readonly table: RebuiltTable | 'rm_spot_holdings' | 'aggregate_snapshots';
  readonly key: Readonly<Record<string, unknown>>;
  /** The differing column; null when the row exists on one side only. */
  readonly column: string | null;
  readonly live: unknown;
  readonly rebuilt: unknown;
}

const ALWAYS_IGNORED: Readonly<Partial<Record<RebuiltTable, readonly string[]>>> = {
  // The full state is compared through its hash, which names the aggregate more briefly.
  oms_aggregate_states: ['state'],
};

/** Numerics compare by value (0.10 = 0.1), everything else by its JSON form. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Number(a) === Number(b);
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Every row that differs between each live table and its rebuilt copy, column by column,
 * and every kept spot holding that differs from what the rebuilt orders hold.
 */
export async function compareRebuilt(executor: SqlExecutor): Promise<ReplayDifference[]> {
  const differences: ReplayDifference[] = [];
  for (const table of REBUILT_TABLES) {
    const keys = TABLE_KEYS[table];
    const ignored = new Set([...(IGNORED_COLUMNS[table] ?? []), ...(ALWAYS_IGNORED[table] ?? [])]);
    const on = keys.map((key) => `l.${key} = r.${key}`).join(' AND ');
    // Only rows that differ in a compared column, as Postgres compares the types (a row
    // equal there is equal below), reach the column-by-column comparison.
    const compared = (await columnsOf(executor, table)).filter((column) => !ignored.has(column));
    const row = (alias: string) => `ROW(${compared.map((column) => `${alias}.${column}`).join(', ')})`;
    const rows = (await executor.query(
      `SELECT to_jsonb(l) AS live, to_jsonb(r) AS rebuilt
       FROM ${table} l FULL OUTER JOIN ${rebuiltName(table)} r ON ${on}
       WHERE l.${keys[0]} IS NULL OR r.${keys[0]} IS NULL OR ${row('l')} IS DISTINCT FROM ${row('r')}`,
    )) as Array<{ live: Record<string, unknown> | null; rebuilt: Record<string, unknown> | null }>;
    for (const { live, rebuilt } of rows) {
      const either = (live ?? rebuilt)!;
      const key = Object.fromEntries(keys.map((name) => [name, either[name]]));
      if (live === null || rebuilt === null) {
        differences.push({ table, key, column: null, live: live !== null, rebuilt: rebuilt !== null });
        continue;
      }
      for (const column of Object.keys(live)) {
        if (ignored.has(column) || same(live[column], rebuilt[column])) continue;
        differences.push({ table, key, column, live: live[column], rebuilt: rebuilt[column] });
      }
    }
  }
  // The spot holdings are sums over rm_orders: the kept ones against the rebuilt orders'.
  for (const difference of await compareSpotHoldings(executor, rebuiltName('rm_orders'))) {
    differences.push({
      table: 'rm_spot_holdings',
      key: difference.key,
      column: difference.amount,
      live: difference.kept,
      rebuilt: difference.orders,
    });
  }
  return differences;
}

export function describeDifference(difference: ReplayDifference): string {
  const key = Object.entries(difference.key)
    .map(([name, value]) => `${name}=${String(value)}`)
    .join(' ');
  if (difference.column === null) {
    return `${difference.table} ${key}: ${difference.live ? 'only in the live table' : 'missing from the live table'}`;
  }
  return `${difference.table} ${key} ${difference.column}: live ${JSON.stringify(difference.live)}, replay ${JSON.stringify(difference.rebuilt)}`;
}
