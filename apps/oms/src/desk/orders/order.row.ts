import { cursorTimeSql, UUID_KEY } from '../shared/page-cursor';

/** An rm_orders row as node-postgres returns it (numeric as text, timestamptz as Date). */
export interface OrderRow {
  readonly id: string;
  readonly stream_id: string;
  readonly account: string;
  readonly market: string;
  readonly symbol: string;
  readonly side: string;
  readonly type: string;
  readonly price_type: string | null;
  readonly stop_price: string | null;
  readonly leverage: string | null;
  readonly time_in_force: string | null;
  readonly price: string | null;
  readonly orig_qty: string | null;
  readonly amount: string | null;
  readonly executed_qty: string;
  readonly avg_price: string | null;
  readonly cumulative_quote_qty: string;
  readonly client_order_id: string | null;
  readonly order_id: string | null;
  readonly status: string;
  readonly origin: string;
  readonly created_by: string | null;
  readonly created_at: Date;
  readonly updated_at: Date;
  readonly uncertainty: Record<string, unknown> | null;
  readonly cancel: Record<string, unknown> | null;
  /** created_at with microseconds, for the page cursor. */
  readonly cursor_at: string;
}

export const ORDER_COLUMNS = `id, stream_id, account, market, symbol, side, type, price_type, stop_price, leverage,
  time_in_force, price, orig_qty, amount, executed_qty, avg_price, cumulative_quote_qty, client_order_id,
  order_id, status, origin, created_by, created_at, updated_at, uncertainty, cancel,
  ${cursorTimeSql('created_at')} AS cursor_at`;

/**
 * True for text that can be an OMS order id. rm_orders.id is a uuid column: Postgres
 * refuses other text with an error rather than finding no row, and such an id names no
 * order (404 ORDER_NOT_FOUND).
 */
export function canBeOrderId(id: string): boolean {
  return UUID_KEY.test(id);
}

/** The rm_orders row of an OMS order id, or null when there is none. */
export async function findOrderRow(
  executor: { query<T>(sql: string, parameters?: unknown[]): Promise<T> },
  id: string,
): Promise<OrderRow | null> {
  if (!canBeOrderId(id)) return null;
  const rows = await executor.query<OrderRow[]>(`SELECT ${ORDER_COLUMNS} FROM rm_orders WHERE id = $1`, [id]);
  return rows[0] ?? null;
}
