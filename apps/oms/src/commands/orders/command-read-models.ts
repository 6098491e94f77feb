import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SqlExecutor } from '@oms/persistence';
import { HoldingOrderRow, SpotHolding } from '../pre-trade/order-exposure';
import { toOrderResponse } from '../../desk/orders/order.mapper';
import { OrderResponse } from '../../desk/orders/order.response';
import { canBeOrderId, findOrderRow, ORDER_COLUMNS, OrderRow } from '../../desk/orders/order.row';
import { keptSpotHoldings } from '../../projections/spot-holdings';
import { AnswerRecordings } from '../../orders/answer-recordings';

/** A pending desk order found in the fold's aggregate states (for the resolver's rebuild). */
export interface PendingOrderState {
  readonly streamType: 'spot-order' | 'futures-order' | 'futures-stop-order';
  readonly state: Record<string, unknown>;
}

/**
 * A status list written into the statement, not bound: Postgres uses the partial index
 * of open orders (rm_orders_open) only when it can see that the statuses are among the
 * index's, which a parameter hides from a generic plan.
 */
function statusList(statuses: readonly string[]): string {
  for (const status of statuses) {
    if (!/^[A-Z_]+$/.test(status)) throw new Error(`not an order status: ${status}`);
  }
  return statuses.map((status) => `'${status}'`).join(', ');
}

/**
 * What the command path reads: rm_orders (answers, open and in-flight orders),
 * rm_balances and rm_marks (pre-trade checks), and the fold's aggregate states (the
 * resolver checks an order's current state before each lookup).
 */
@Injectable()
export class CommandReadModels {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly recordings: AnswerRecordings,
  ) {}

  /**
   * The order as the desk's queries show it (one mapper for every answer), once the
   * venue answer this process gave for it, if any, is committed.
   */
  async order(id: string): Promise<OrderResponse | null> {
    await this.recordings.settled(id);
    const row = await findOrderRow(this.dataSource, id);
    return row === null ? null : toOrderResponse(row);
  }

  /**
   * The orders of these ids the read models hold, as `order` answers each, in one
   * statement; an id of no order (or not an order id) is left out.
   */
  async orders(ids: readonly string[]): Promise<Map<string, OrderResponse>> {
    await this.recordings.settledFor(ids);
    const rows = await this.dataSource.query<OrderRow[]>(
      `SELECT ${ORDER_COLUMNS} FROM rm_orders WHERE id = ANY($1::uuid[])`,
      [[...new Set(ids.filter(canBeOrderId))]],
    );
    return new Map(rows.map((row) => [row.id, toOrderResponse(row)]));
  }

  /** Open orders of an account the venue may cancel in bulk (side BUY or SELL covers futures sides too). */
  async openOrders(
    account: string,
    market: 'spot' | 'futures',
    symbol?: string,
    side?: string,
  ): Promise<OrderResponse[]> {
    const rows = await this.dataSource.query<OrderRow[]>(
      `SELECT ${ORDER_COLUMNS} FROM rm_orders
        WHERE account = $1 AND market = $2
          AND status IN ('PENDING_NEW', 'NEW', 'PARTIALLY_FILLED', 'ORDER_NEW', 'UNCERTAIN')
          AND ($3::text IS NULL OR symbol = $3) AND ($4::text IS NULL OR side LIKE $4 || '%')`,
      [account, market, symbol ?? null, side ?? null],
    );
    return rows.map(toOrderResponse);
  }

  /**
   * In one statement (one snapshot): the spot wallet totals of `assets` (those the read
   * models hold a balance for) and what the account's open and in-flight spot orders
   * hold, per symbol and side (SpotHolding): the kept sums (rm_spot_holdings) plus the
   * changes recorded since they were last compacted, a few rows whatever the number of
   * open orders.
   */
  async spotFunds(
    account: string,
    assets: readonly string[],
    executor: SqlExecutor = this.dataSource,
  ): Promise<{ totals: Record<string, string>; holdings: SpotHolding[] }> {
    const [row] = (await executor.query(
      `SELECT coalesce((SELECT json_object_agg(asset, total::text) FROM rm_balances
                         WHERE account = $1 AND wallet = 'spot' AND asset = ANY($2::text[])), '{}'::json) AS totals,
              coalesce((SELECT json_agg(h) FROM (
                SELECT symbol, side, remaining_qty::text AS "remainingQty", unspent_amount::text AS "unspentAmount",
                       limit_quote::text AS "limitQuote", market_remaining_qty::text AS "marketRemainingQty"
                  FROM (${keptSpotHoldings('$1')}) kept) h), '[]'::json) AS holdings`,
      [account, assets],
    )) as Array<{ totals: Record<string, string>; holdings: SpotHolding[] }>;
    return row;
  }

  /**
   * Takes the account's transaction locks on these funds (wallet and asset), in one
   * order whatever the caller's, so that two transactions taking several never wait on
   * each other. Held until the transaction ends: what intents that spend them check
   * and record is serialised, in this process and any other on the same database. The
   * funds read that follows is a statement of its own, so at READ COMMITTED (the level
   * of the OMS's transactions) it sees every intent committed before the lock was
   * granted; at REPEATABLE READ its snapshot would be the lock statement's, too early.
   */
  async lockFunds(
    executor: SqlExecutor,
    account: string,
    wallet: 'spot' | 'futures',
    assets: readonly string[],
  ): Promise<void> {
    const keys = [...new Set(assets)].map((asset) => `oms:funds:${account}:${wallet}:${asset}`).sort();
    if (keys.length === 0) return;
    await executor.query(
      `SELECT pg_advisory_xact_lock(hashtextextended(key, 0)) FROM unnest($1::text[]) WITH ORDINALITY AS k(key, n) ORDER BY n`,
      [keys],
    );
  }

  async holdingOrders(
    account: string,
    market: 'spot' | 'futures',
    statuses: readonly string[],
    executor: SqlExecutor = this.dataSource,
  ): Promise<HoldingOrderRow[]> {
    return executor.query(
      `SELECT symbol, side, type, status, price::text AS price, orig_qty::text AS "origQty",
              amount::text AS amount, executed_qty::text AS "executedQty",
              cumulative_quote_qty::text AS "cumulativeQuoteQty", leverage::text AS leverage
         FROM rm_orders WHERE account = $1 AND market = $2 AND status IN (${statusList(statuses)})`,
      [account, market],
    ) as Promise<HoldingOrderRow[]>;
  }

  async balance(
    account: string,
    wallet: 'spot' | 'futures',
    asset: string,
    executor: SqlExecutor = this.dataSource,
  ): Promise<{ free: string; total: string } | null> {
    const rows = (await executor.query(
      `SELECT free::text AS free, total::text AS total FROM rm_balances
        WHERE account = $1 AND wallet = $2 AND asset = $3`,
      [account, wallet, asset],
    )) as Array<{ free: string; total: string }>;
    return rows[0] ?? null;
  }

  async mark(symbol: string): Promise<string | null> {
    const rows = await this.dataSource.query<Array<{ price: string }>>(
      `SELECT price::text AS price FROM rm_marks WHERE symbol = $1`,
      [symbol],
    );
    return rows[0]?.price ?? null;
  }

  async aggregateState(streamId: string): Promise<Record<string, unknown> | null> {
    const rows = await this.dataSource.query<Array<{ state: Record<string, unknown> }>>(
      `SELECT state FROM oms_aggregate_states WHERE stream_id = $1`,
      [streamId],
    );
    return rows[0]?.state ?? null;
  }

  /** Desk orders whose submission or cancel awaits an answer or is uncertain. */
  async pendingOrders(): Promise<PendingOrderState[]> {
    // The pending streams Postgres keeps (oms_pending_order_states, exact: its triggers
    // apply the same rule to every state written), not every order state.
    return this.dataSource.query<PendingOrderState[]>(
      `SELECT s.stream_type AS "streamType", s.state
         FROM oms_pending_order_states p JOIN oms_aggregate_states s ON s.stream_id = p.stream_id`,
    );
  }
}
