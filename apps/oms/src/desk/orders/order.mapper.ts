import { isoTime } from '../shared/iso-time';
import { PageCursor } from '../shared/page-cursor';
import { OrderCancelResponse, OrderResponse, OrderUncertaintyResponse } from './order.response';
import { OrderRow as ProjectedOrderRow } from '../../projections/order-row';
import { OrderRow } from './order.row';

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

function isoText(value: unknown): string {
  const raw = text(value);
  if (raw === null) return '';
  const millis = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw);
  return Number.isNaN(millis) ? raw : new Date(millis).toISOString();
}

function uncertaintyOf(value: Record<string, unknown> | null): OrderUncertaintyResponse | null {
  if (value === null) return null;
  return {
    since: isoText(value.since),
    reason: text(value.reason) ?? 'VENUE_UNKNOWN',
    lookups: typeof value.lookups === 'number' ? value.lookups : 0,
  };
}

function cancelOf(value: Record<string, unknown> | null): OrderCancelResponse | null {
  if (value === null) return null;
  return {
    requestedAt: isoText(value.requestedAt),
    requestedBy: text(value.requestedBy),
    state: text(value.state) ?? 'REQUESTED',
  };
}

export function toOrderResponse(row: OrderRow): OrderResponse {
  return {
    id: row.id,
    account: row.account,
    market: row.market,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    priceType: row.price_type,
    stopPrice: row.stop_price,
    leverage: row.leverage,
    timeInForce: row.time_in_force,
    price: row.price,
    origQty: row.orig_qty,
    amount: row.amount,
    executedQty: row.executed_qty,
    avgPrice: row.avg_price,
    cumulativeQuoteQty: row.cumulative_quote_qty,
    clientOrderId: row.client_order_id ?? '',
    orderId: row.order_id,
    status: row.status,
    origin: row.origin,
    createdBy: row.created_by,
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
    uncertainty: uncertaintyOf(row.uncertainty),
    cancel: cancelOf(row.cancel),
  };
}

/** The fold's projected row (epoch-ms times) in the shape the read model stores. */
export function storedOrderRowOf(row: ProjectedOrderRow): OrderRow {
  return {
    id: row.id,
    stream_id: row.streamId,
    account: row.account,
    market: row.market,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    price_type: row.priceType,
    stop_price: row.stopPrice,
    leverage: row.leverage,
    time_in_force: row.timeInForce,
    price: row.price,
    orig_qty: row.origQty,
    amount: row.amount,
    executed_qty: row.executedQty,
    avg_price: row.avgPrice,
    cumulative_quote_qty: row.cumulativeQuoteQty,
    client_order_id: row.clientOrderId,
    order_id: row.orderId,
    status: row.status,
    origin: row.origin,
    created_by: row.createdBy,
    created_at: new Date(row.createdAt),
    updated_at: new Date(row.updatedAt),
    uncertainty: (row.uncertainty as Record<string, unknown> | null) ?? null,
    cancel: (row.cancel as Record<string, unknown> | null) ?? null,
    cursor_at: new Date(row.createdAt).toISOString(),
  };
}

export function orderCursor(row: OrderRow): PageCursor {
  return { at: row.cursor_at, key: [row.id] };
}
