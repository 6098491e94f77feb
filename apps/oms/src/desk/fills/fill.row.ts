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

/**
 * A futures fill's quote quantity is its notional, price × contracts × the contract
 * multiplier its position recorded with it, as the venue counts an order's
 * cumulativeQuoteQty. rm_fills keeps price × contracts: the order's stream knows no
 * multiplier. Every real futures fill reaches its position in the transaction that
 * records it, so the position's row is there whenever the fill's is.
 */
const QUOTE_QTY_SQL = `CASE WHEN rm_fills.market = 'futures' THEN coalesce(
    (SELECT trim_scale(rm_fills.quote_qty * (position_fill.fill ->> 'contractMultiplier')::numeric)
       FROM rm_position_fills position_fill
      WHERE position_fill.account = rm_fills.account AND position_fill.symbol = rm_fills.symbol
        AND position_fill.side = CASE WHEN rm_fills.side IN ('BUY_OPEN', 'SELL_CLOSE') THEN 'LONG' ELSE 'SHORT' END
        AND position_fill.fill_id = rm_fills.fill_id),
    rm_fills.quote_qty) ELSE rm_fills.quote_qty END`;

/** The columns of a fill row, read `FROM rm_fills` (not aliased). */
export const FILL_COLUMNS = `account, market, fill_id, oms_order_id, order_id, symbol, side, price, qty,
  ${QUOTE_QTY_SQL} AS quote_qty, fee, fee_asset, realized_pnl, is_maker, time, sources,
  ${cursorTimeSql('time')} AS cursor_at`;

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
