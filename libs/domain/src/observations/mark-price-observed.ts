import { DomainEvent } from '../shared/domain-event';
import { FieldReader } from '../shared/field-reader';
import { ObservationSource, readSource } from './observation-source';

/** Futures are valued at the venue's mark price, spot holdings at the last trade price. */
export const MARK_PRICE_KINDS = ['mark', 'last'] as const;
export type MarkPriceKind = (typeof MARK_PRICE_KINDS)[number];

/**
 * One price of an instrument the account holds (an open position or a balance), for
 * unrealized P&L: REST `GET /quote/v1/markPrice` (`symbolId`, `price`, `time`) for
 * perpetuals, `GET /quote/v1/ticker/price` (`s`, `p`) for spot symbols.
 */
export interface MarkPriceObservation {
  /** The account whose holdings asked for this price (prices are per instrument, keys per account). */
  readonly accountId: string;
  /** `symbolId` / `s`. */
  readonly symbol: string;
  readonly kind: MarkPriceKind;
  /** `price` / `p`, positive. */
  readonly price: string;
  /** markPrice `time`; the ticker carries none, so the server-adjusted poll time. */
  readonly priceTime: number;
  readonly source: ObservationSource;
}

export type MarkPriceObserved = DomainEvent<'MarkPriceObserved', 1, MarkPriceObservation>;

export function readMarkPriceObservation(value: unknown, path = 'observation'): MarkPriceObservation {
  const reader = FieldReader.of(value, path);
  return {
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    kind: reader.oneOf('kind', MARK_PRICE_KINDS),
    price: reader.decimal('price', 'positive'),
    priceTime: reader.time('priceTime'),
    source: readSource(reader),
  };
}

/** The same price of the same moment seen twice has the same identity. */
export function markPriceObservationIdentity(event: MarkPriceObserved): string {
  const o = event.data;
  return [event.type, o.accountId, o.symbol, o.kind, o.priceTime, o.price, o.source].join('|');
}
