import { DomainEvent } from '../shared/domain-event';
import { FieldReader } from '../shared/field-reader';
import { PositionSide } from '../shared/stream-ids';
import { ObservationSource, readSource } from './observation-source';

export const POSITION_SIDES: readonly PositionSide[] = ['LONG', 'SHORT'];

/**
 * One venue snapshot of a hedge-mode position: REST `GET /api/v1/futures/positions`
 * entries and WS `outboundContractPositionInfo`. Quantities in contracts.
 */
export interface FuturesPositionObservation {
  /** WS `A`; REST: the polled account. */
  readonly accountId: string;
  /** `symbol` / `s`. */
  readonly symbol: string;
  /** `side` / `S`. */
  readonly side: PositionSide;
  /** `avgPrice` / `p`: average entry. */
  readonly avgPrice: string;
  /** `position` / `P`: open contracts ("0" = closed). */
  readonly position: string;
  /** `available` / `a`: contracts that can still be closed. */
  readonly available: string;
  /** `leverage` / `v`. */
  readonly leverage: string | null;
  /** `liquidationPrice` / `f` (may be negative). */
  readonly liquidationPrice: string | null;
  /** `margin` / `m`. */
  readonly margin: string | null;
  /** `positionValue` / `pv`. */
  readonly positionValue: string | null;
  /** `unrealizedPnL` / `up`. */
  readonly unrealizedPnl: string | null;
  /** `realizedPnL` / `r`: the venue's cumulative realized P&L. */
  readonly realizedPnl: string | null;
  /** `lastPrice`; WS does not carry it. */
  readonly lastPrice: string | null;
  /** `updateTime` / `E`; for polls without one, the server-adjusted poll time. */
  readonly updateTime: number;
  readonly source: ObservationSource;
}

export type FuturesPositionObserved = DomainEvent<'FuturesPositionObserved', 1, FuturesPositionObservation>;

export function readFuturesPositionObservation(
  value: unknown,
  path = 'observation',
): FuturesPositionObservation {
  const reader = FieldReader.of(value, path);
  return {
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    side: reader.oneOf('side', POSITION_SIDES),
    avgPrice: reader.decimal('avgPrice'),
    position: reader.decimal('position'),
    available: reader.decimal('available'),
    leverage: reader.optionalDecimal('leverage'),
    liquidationPrice: reader.optionalDecimal('liquidationPrice', 'any'),
    margin: reader.optionalDecimal('margin', 'any'),
    positionValue: reader.optionalDecimal('positionValue', 'any'),
    unrealizedPnl: reader.optionalDecimal('unrealizedPnl', 'any'),
    realizedPnl: reader.optionalDecimal('realizedPnl', 'any'),
    lastPrice: reader.optionalDecimal('lastPrice'),
    updateTime: reader.time('updateTime'),
    source: readSource(reader),
  };
}
