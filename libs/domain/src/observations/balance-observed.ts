import { DomainEvent } from '../shared/domain-event';
import { FieldReader } from '../shared/field-reader';
import { ObservationSource, readSource } from './observation-source';

/**
 * One spot balance: REST `GET /api/v1/account` `balances[]` entries and WS
 * `outboundAccountInfo` `B[]` entries (one observation per asset).
 */
export interface SpotBalanceObservation {
  readonly accountId: string;
  /** `asset` / `a`. */
  readonly asset: string;
  /** `free` / `f`. */
  readonly free: string;
  /** `locked` / `l`. Total = free + locked. */
  readonly locked: string;
  /** WS `E`; for polls, the server-adjusted poll time (REST balances carry no time). */
  readonly venueTime: number;
  readonly source: ObservationSource;
}

/**
 * One futures balance: REST `GET /api/v1/futures/balance` entries and WS
 * `outboundContractAccountInfo` `B[]` entries.
 */
export interface FuturesBalanceObservation {
  readonly accountId: string;
  /** `asset` / `a`. */
  readonly asset: string;
  /** REST `balance`; WS: `f` + `l`. */
  readonly walletBalance: string;
  /** REST `availableBalance` (includes cross unrealized P&L) / WS `f`. */
  readonly available: string;
  /** REST `positionMargin`; WS does not carry it. */
  readonly positionMargin: string | null;
  /** REST `orderMargin`; WS does not carry it. */
  readonly orderMargin: string | null;
  /** REST `crossUnRealizedPnl`. */
  readonly unrealizedPnl: string | null;
  readonly venueTime: number;
  readonly source: ObservationSource;
}

export type SpotBalanceObserved = DomainEvent<'SpotBalanceObserved', 1, SpotBalanceObservation>;
export type FuturesBalanceObserved = DomainEvent<'FuturesBalanceObserved', 1, FuturesBalanceObservation>;

export function readSpotBalanceObservation(value: unknown, path = 'observation'): SpotBalanceObservation {
  const reader = FieldReader.of(value, path);
  return {
    accountId: reader.string('accountId'),
    asset: reader.string('asset'),
    free: reader.decimal('free'),
    locked: reader.decimal('locked'),
    venueTime: reader.time('venueTime'),
    source: readSource(reader),
  };
}

export function readFuturesBalanceObservation(
  value: unknown,
  path = 'observation',
): FuturesBalanceObservation {
  const reader = FieldReader.of(value, path);
  return {
    accountId: reader.string('accountId'),
    asset: reader.string('asset'),
    walletBalance: reader.decimal('walletBalance', 'any'),
    available: reader.decimal('available', 'any'),
    positionMargin: reader.optionalDecimal('positionMargin'),
    orderMargin: reader.optionalDecimal('orderMargin'),
    unrealizedPnl: reader.optionalDecimal('unrealizedPnl', 'any'),
    venueTime: reader.time('venueTime'),
    source: readSource(reader),
  };
}
