import { isoTime, isoTimeOrNull } from '../shared/iso-time';
import { cursorTimeSql, PageCursor } from '../shared/page-cursor';
import { BreakResponse } from './break.response';

export interface BreakRow {
  readonly id: string;
  readonly stream_id: string;
  readonly kind: string;
  readonly account: string;
  readonly symbol: string | null;
  readonly detected_at: Date;
  readonly oms: unknown;
  readonly venue: unknown;
  readonly status: string;
  readonly resolved_by: string | null;
  readonly resolved_at: Date | null;
  readonly note: string | null;
  readonly cursor_at: string;
}

export const BREAK_COLUMNS = `id, stream_id, kind, account, symbol, detected_at, oms, venue, status, resolved_by,
  resolved_at, note, ${cursorTimeSql('detected_at')} AS cursor_at`;

export function toBreakResponse(row: BreakRow): BreakResponse {
  return {
    id: row.id,
    kind: row.kind,
    account: row.account,
    symbol: row.symbol,
    detectedAt: isoTime(row.detected_at),
    oms: row.oms,
    venue: row.venue,
    status: row.status,
    resolvedBy: row.resolved_by,
    resolvedAt: isoTimeOrNull(row.resolved_at),
    note: row.note,
  };
}

export function breakCursor(row: BreakRow): PageCursor {
  return { at: row.cursor_at, key: [row.id] };
}
