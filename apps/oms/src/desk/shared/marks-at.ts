import { SqlExecutor } from '@oms/persistence';
import { MARK_HISTORY_TABLE } from '../../projections/read-model-tables';

export interface MarkAt {
  readonly price: string;
  readonly time: Date;
}

/**
 * The mark (futures) or last price (spot) of each symbol as the OMS knew it at `at`: the
 * latest one at or before that time in the mark history, one index probe per symbol.
 * A symbol with no mark by then is absent.
 */
export async function marksAt(executor: SqlExecutor, at: Date): Promise<Map<string, MarkAt>> {
  const rows = (await executor.query(
    `SELECT m.symbol, h.price::text AS price, h.time
       FROM rm_marks m
       CROSS JOIN LATERAL (
         SELECT price, time FROM ${MARK_HISTORY_TABLE} h
          WHERE h.symbol = m.symbol AND h.time <= $1
          ORDER BY h.time DESC LIMIT 1) h`,
    [at.toISOString()],
  )) as Array<{ symbol: string; price: string; time: Date }>;
  return new Map(rows.map((row) => [row.symbol, { price: row.price, time: row.time }]));
}
