import { DomainError, FuturesPositionState, futuresPositionPnl } from '@oms/domain';
import { isoTime, isoTimeOrNull } from '../shared/iso-time';
import { shownFigure } from '../shared/shown-figure';
import { PositionResponse, VenuePositionResponse } from './position.response';

export interface PositionRow {
  readonly account: string;
  readonly symbol: string;
  readonly side: 'LONG' | 'SHORT';
  readonly contracts: string;
  readonly avg_price: string | null;
  readonly realized_pnl: string;
  readonly fees: string;
  readonly funding: string;
  readonly venue: Record<string, unknown> | null;
  readonly break_id: string | null;
  readonly updated_at: Date;
  readonly mark_price: string | null;
  readonly mark_time: Date | null;
  readonly break_kind: string | null;
  readonly break_oms: unknown;
  readonly break_venue: unknown;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

function venueOf(venue: Record<string, unknown> | null): VenuePositionResponse | null {
  if (venue === null) return null;
  return {
    contracts: textOrNull(venue.contracts) ?? '0',
    avgPrice: textOrNull(venue.avgPrice),
    realizedPnl: textOrNull(venue.realizedPnl),
    updatedAt: textOrNull(venue.updatedAt),
  };
}

/**
 * Unrealized P&L by libs/domain futuresPositionPnl on the position aggregate (its
 * fills carry the contract multiplier); null without a mark or without the aggregate.
 */
export function unrealizedPnlOf(
  state: FuturesPositionState | undefined,
  markPrice: string | null,
): string | null {
  if (state === undefined || markPrice === null) return null;
  const pnl = futuresPositionPnl(state, { markPrice, settlementAsset: 'USDT' });
  return pnl instanceof DomainError ? null : pnl.unrealizedPnl;
}

export function toPositionResponse(
  row: PositionRow,
  state: FuturesPositionState | undefined,
): PositionResponse {
  return {
    account: row.account,
    symbol: row.symbol,
    side: row.side,
    contracts: row.contracts,
    avgPrice: shownFigure(row.avg_price),
    realizedPnl: shownFigure(row.realized_pnl),
    unrealizedPnl: shownFigure(unrealizedPnlOf(state, row.mark_price)),
    mark: row.mark_price,
    markTime: isoTimeOrNull(row.mark_time),
    fees: shownFigure(row.fees),
    funding: shownFigure(row.funding),
    venue: venueOf(row.venue),
    break:
      row.break_id === null
        ? null
        : {
            id: row.break_id,
            kind: row.break_kind ?? 'UNKNOWN',
            detail: { oms: row.break_oms, venue: row.break_venue },
          },
    updatedAt: isoTime(row.updated_at),
  };
}
