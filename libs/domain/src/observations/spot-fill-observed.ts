import { DomainEvent } from '../shared/domain-event';
import { FieldReader } from '../shared/field-reader';
import { Fee, ObservationSource, readFee, readSource } from './observation-source';
import { SPOT_ORDER_SIDES, SpotOrderSide } from './spot-order-observed';

/**
 * One spot fill. REST `GET /api/v1/account/trades` and the WS `ticketInfo` event both
 * normalise into it. The fill's identity is the venue ticket id (REST `ticketId`, WS
 * `T`); the WS `executionReport` execution id `d` is a different number and is never
 * used to identify a fill.
 */
export interface SpotFillObservation {
  /** REST: the polled account; WS `a`. */
  readonly accountId: string;
  /** `symbol` / `s`. */
  readonly symbol: string;
  /** `orderId` / `o`. */
  readonly orderId: string;
  /** `clientOrderId` / `c`. */
  readonly clientOrderId: string | null;
  /** `ticketId` / `T`. */
  readonly ticketId: string;
  /** REST `isBuyer` (true = BUY) / WS `S`. */
  readonly side: SpotOrderSide;
  /** `price` / `p`. */
  readonly price: string;
  /** `qty` / `q`, base units. */
  readonly qty: string;
  /** REST `commission` + `commissionAsset`; null on WS, which does not carry the fee. */
  readonly fee: Fee | null;
  /** `isMaker` / `m`. */
  readonly isMaker: boolean | null;
  /** `time` / `t`. */
  readonly tradeTime: number;
  readonly source: ObservationSource;
}

/**
 * Version 2 nests the fee and makes it nullable: version 1 carried the venue's flat
 * `commission` / `commissionAsset` and wrote "0" / "" when the source had no fee,
 * which could not be told apart from a real zero fee (see the upcaster).
 */
export type SpotFillObserved = DomainEvent<'SpotFillObserved', 2, SpotFillObservation>;

export function readSpotFillObservation(value: unknown, path = 'observation'): SpotFillObservation {
  const reader = FieldReader.of(value, path);
  return {
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    orderId: reader.string('orderId'),
    clientOrderId: reader.optionalString('clientOrderId'),
    ticketId: reader.string('ticketId'),
    side: reader.oneOf('side', SPOT_ORDER_SIDES),
    price: reader.decimal('price', 'positive'),
    qty: reader.decimal('qty', 'positive'),
    fee: readFee(reader, 'fee'),
    isMaker: reader.optionalBoolean('isMaker'),
    tradeTime: reader.time('tradeTime'),
    source: readSource(reader),
  };
}
