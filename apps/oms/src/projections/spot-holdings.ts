import { SqlExecutor } from '@oms/persistence';

/** The amounts rm_spot_holdings keeps per account, symbol and side. */
export const HELD_AMOUNTS = [
  'remaining_qty',
  'unspent_amount',
  'limit_quote',
  'market_remaining_qty',
  'open_orders',
] as const;

const KEY = ['account', 'symbol', 'side'] as const;

/** What the holding spot orders of an rm_orders-shaped table hold, summed per key (`rm_spot_held`). */
function heldByOrdersOf(ordersTable: string): string {
  return `SELECT o.account, o.symbol, o.side, ${HELD_AMOUNTS.map((amount) => `sum(h.${amount}) AS ${amount}`).join(', ')}
            FROM ${ordersTable} o,
                 LATERAL rm_spot_held(o.market, o.status, o.type, o.price, o.orig_qty, o.amount, o.executed_qty,
                                      o.cumulative_quote_qty) h
           GROUP BY o.account, o.symbol, o.side`;
}

/**
 * The kept sums plus the changes not compacted yet, per key: what a reader sees (one
 * statement, one snapshot). `account`, an SQL expression, keeps one account's rows.
 */
export function keptSpotHoldings(account?: string): string {
  const where = account === undefined ? '' : ` WHERE account = ${account}`;
  const amounts = HELD_AMOUNTS.join(', ');
  return `SELECT account, symbol, side, ${HELD_AMOUNTS.map((amount) => `sum(${amount}) AS ${amount}`).join(', ')}
            FROM (SELECT account, symbol, side, ${amounts} FROM rm_spot_holdings${where}
                  UNION ALL
                  SELECT account, symbol, side, ${amounts} FROM rm_spot_holding_changes${where}) kept
           GROUP BY account, symbol, side`;
}

/**
 * Moves up to $1 of the oldest changes no other transaction holds into the kept sums,
 * deleting them in the same statement, keys in order; answers how many moved. The ids
 * are taken as an array, so the delete finds them by key: as `id IN (subquery)` the
 * planner joined the subquery to a scan of every change, a batch costing the backlog.
 */
export const COMPACT_SPOT_HOLDING_CHANGES = `
  WITH moved AS (
    DELETE FROM rm_spot_holding_changes
     WHERE id = ANY (ARRAY(SELECT id FROM rm_spot_holding_changes ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED))
    RETURNING account, symbol, side, ${HELD_AMOUNTS.join(', ')}
  ), added AS (
    INSERT INTO rm_spot_holdings AS kept (account, symbol, side, ${HELD_AMOUNTS.join(', ')})
    SELECT account, symbol, side, ${HELD_AMOUNTS.map((amount) => `sum(${amount})`).join(', ')}
      FROM moved GROUP BY account, symbol, side ORDER BY account, symbol, side
    ON CONFLICT (account, symbol, side) DO UPDATE SET
      ${HELD_AMOUNTS.map((amount) => `${amount} = kept.${amount} + EXCLUDED.${amount}`).join(', ')}
  )
  SELECT count(*)::int AS count FROM moved`;

/**
 * Sums rm_spot_holdings again from rm_orders, dropping the recorded changes: after a
 * replay's swap, so the holdings are rebuilt with the read models whatever they held.
 * The caller holds rm_orders against writers (the swap's lock); the holdings' own lock
 * waits for a compaction under way.
 */
export async function rebuildSpotHoldings(executor: SqlExecutor): Promise<void> {
  await executor.query(`LOCK TABLE rm_spot_holdings, rm_spot_holding_changes IN EXCLUSIVE MODE`);
  await executor.query(`DELETE FROM rm_spot_holding_changes`);
  await executor.query(`DELETE FROM rm_spot_holdings`);
  await executor.query(
    `INSERT INTO rm_spot_holdings (${[...KEY, ...HELD_AMOUNTS].join(', ')}) ${heldByOrdersOf('rm_orders')}`,
  );
}

/** A key whose kept holdings differ from the sum over the orders, amount by amount. */
export interface SpotHoldingDifference {
  readonly key: { readonly account: string; readonly symbol: string; readonly side: string };
  readonly amount: (typeof HELD_AMOUNTS)[number];
  readonly kept: string;
  readonly orders: string;
}

/**
 * Every amount the kept holdings (with their changes) state otherwise than the holding
 * orders of `ordersTable` sum to; a key missing on one side counts as zero there.
 */
export async function compareSpotHoldings(
  executor: SqlExecutor,
  ordersTable: string,
): Promise<SpotHoldingDifference[]> {
  const rows = (await executor.query(
    `SELECT coalesce(k.account, o.account) AS account, coalesce(k.symbol, o.symbol) AS symbol,
            coalesce(k.side, o.side) AS side,
            ${HELD_AMOUNTS.map(
              (amount) =>
                `coalesce(k.${amount}, 0)::text AS "kept_${amount}", coalesce(o.${amount}, 0)::text AS "orders_${amount}",
                 coalesce(k.${amount}, 0) <> coalesce(o.${amount}, 0) AS "differs_${amount}"`,
            ).join(', ')}
       FROM (${keptSpotHoldings()}) k FULL OUTER JOIN (${heldByOrdersOf(ordersTable)}) o
         ON k.account = o.account AND k.symbol = o.symbol AND k.side = o.side
      WHERE ${HELD_AMOUNTS.map((amount) => `coalesce(k.${amount}, 0) <> coalesce(o.${amount}, 0)`).join(' OR ')}`,
  )) as Array<Record<string, string | boolean>>;
  const differences: SpotHoldingDifference[] = [];
  for (const row of rows) {
    const key = { account: String(row.account), symbol: String(row.symbol), side: String(row.side) };
    for (const amount of HELD_AMOUNTS) {
      // Postgres compares the numerics (0.10 = 0.1).
      if (row[`differs_${amount}`] !== true) continue;
      differences.push({
        key,
        amount,
        kept: String(row[`kept_${amount}`]),
        orders: String(row[`orders_${amount}`]),
      });
    }
  }
  return differences;
}
