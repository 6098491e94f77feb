import { ExchangeError } from '../errors/exchange-errors';

/** The venue took the write and answered with `value`. */
export interface Accepted<T> {
  readonly kind: 'accepted';
  readonly value: T;
}

/**
 * The write certainly did not take effect: the venue refused it, or it was never
 * sent (`sent: false`: rate limit, local validation, connection refused).
 */
export interface Rejected {
  readonly kind: 'rejected';
  readonly error: ExchangeError;
  readonly sent: boolean;
}

export type UncertainReason =
  'http-5xx' | 'timeout' | 'connection-lost' | 'venue-status-unknown' | 'unreadable-response';

/**
 * The write may or may not have taken effect (seeds: a 5XX "must not be treated as a
 * failure automatically"). It carries the client order ids of the request so the
 * caller can look them up; it must never be re-sent blindly.
 */
export interface UncertainOutcome {
  readonly kind: 'uncertain';
  readonly endpoint: string;
  readonly clientOrderIds: readonly string[];
  /** Venue order ids the write concerned (cancels by id), when it named any. */
  readonly orderIds: readonly string[];
  readonly reason: UncertainReason;
  readonly detail: string;
  readonly httpStatus?: number;
  /** Our clock when the write was requested, in ms (the venue may have acted any time after). */
  readonly sentAt: number;
}

export type WriteOutcome<T> = Accepted<T> | Rejected | UncertainOutcome;

export function accepted<T>(value: T): Accepted<T> {
  return { kind: 'accepted', value };
}

export function rejected(error: ExchangeError, sent: boolean): Rejected {
  return { kind: 'rejected', error, sent };
}
