import { isoTime } from '../shared/iso-time';
import { cursorTimeSql, PageCursor } from '../shared/page-cursor';
import { FillResponse } from './fill.response';

export interface FillRow {
  readonly account: string;
  readonly market: string;
  readonly fill_id: string;
  readonly oms_order_id: string | null;
  readonly order_id: string;
  readonly symbol: string;
  readonly side: string;
  readonly price: string;
  readonly qty: string;
  readonly quote_qty: string;
  readonly fee: string | null;
  readonly fee_asset: string | null;
  readonly realized_pnl: string | null;
  readonly is_maker: boolean | null;
  readonly time: Date;
  readonly sources: string[];
  readonly cursor_at: string;
}

export const FILL_COLUMNS = `account, market, fill_id, oms_order_id, order_id, symbol, side, price, qty, quote_qty,
  fee, fee_asset, realized_pnl, is_maker, time, sources, ${cursorTimeSql('time')} AS cursor_at`;

export function toFillResponse(row: FillRow): FillResponse {
  return {
    fillId: row.fill_id,
    omsOrderId: row.oms_order_id,
    orderId: row.order_id,
    account: row.account,
    market: row.market,
    symbol: row.symbol,
    side: row.side,
    price: row.price,
    qty: row.qty,
    quoteQty: row.quote_qty,
    fee: row.fee,
    feeAsset: row.fee_asset,
    realizedPnl: row.realized_pnl,
    isMaker: row.is_maker,
    time: isoTime(row.time),
    sources: row.sources,
  };
}

/** Fills page on (time, fill id, account, market): the last three make the key unique. */
export function fillCursor(row: FillRow): PageCursor {
  return { at: row.cursor_at, key: [row.fill_id, row.account, row.market] };
}
