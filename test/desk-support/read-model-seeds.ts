import { DataSource } from 'typeorm';
import { createHash } from 'node:crypto';

/** A deterministic UUID for seeded orders (the fold uses UUID v5; any UUID serves the read side). */
export function seededUuid(seed: string): string {
  const hex = createHash('sha256').update(seed).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export interface SeedOrder {
  readonly key: string;
  readonly account: string;
  readonly market?: 'spot' | 'futures';
  readonly symbol?: string;
  readonly side?: string;
  readonly status?: string;
  readonly origin?: 'desk' | 'external';
  readonly createdAt: string;
  readonly clientOrderId?: string;
  readonly orderId?: string | null;
  readonly price?: string;
  readonly origQty?: string;
  readonly executedQty?: string;
  readonly createdBy?: string | null;
}

export async function seedOrder(dataSource: DataSource, order: SeedOrder): Promise<string> {
  const id = seededUuid(order.key);
  await dataSource.query(
    `INSERT INTO rm_orders (id, stream_id, stream_version, account, market, symbol, side, type, time_in_force,
       price, orig_qty, executed_qty, cumulative_quote_qty, client_order_id, order_id, status, origin, created_by,
       created_at, updated_at, state_hash)
     VALUES ($1, $2, 1, $3, $4, $5, $6, 'LIMIT', 'GTC', $7, $8, $9, 0, $10, $11, $12, $13, $14, $15, $15, 'h')`,
    [
      id,
      `order-${order.key}`,
      order.account,
      order.market ?? 'spot',
      order.symbol ?? 'BTCUSDT',
      order.side ?? 'BUY',
      order.price ?? '65000.5',
      order.origQty ?? '0.0000001',
      order.executedQty ?? '0',
      order.clientOrderId ?? `cid-${order.key}`,
      order.orderId === undefined ? `v-${order.key}` : order.orderId,
      order.status ?? 'NEW',
      order.origin ?? 'desk',
      order.createdBy === undefined ? 'admin' : order.createdBy,
      order.createdAt,
    ],
  );
  return id;
}

export interface SeedFill {
  readonly fillId: string;
  readonly account: string;
  readonly market?: 'spot' | 'futures';
  readonly omsOrderId?: string | null;
  readonly orderId?: string;
  readonly symbol?: string;
  readonly side?: string;
  readonly price: string;
  readonly qty: string;
  readonly fee?: string;
  readonly feeAsset?: string;
  readonly realizedPnl?: string | null;
  readonly time: string;
  readonly sources?: string[];
}

export async function seedFill(dataSource: DataSource, fill: SeedFill): Promise<void> {
  await dataSource.query(
    `INSERT INTO rm_fills (account, market, fill_id, oms_order_id, order_id, symbol, side, price, qty, quote_qty,
       fee, fee_asset, realized_pnl, is_maker, time, sources)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, ($8::numeric * $9::numeric), $10, $11, $12, false, $13, $14)`,
    [
      fill.account,
      fill.market ?? 'spot',
      fill.fillId,
      fill.omsOrderId ?? null,
      fill.orderId ?? `v-${fill.fillId}`,
      fill.symbol ?? 'BTCUSDT',
      fill.side ?? 'BUY',
      fill.price,
      fill.qty,
      fill.fee ?? '0.01',
      fill.feeAsset ?? 'USDT',
      fill.realizedPnl ?? null,
      fill.time,
      fill.sources ?? ['ws'],
    ],
  );
}
