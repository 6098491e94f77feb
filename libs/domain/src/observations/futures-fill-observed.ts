import { missingField } from '../shared/domain-error';
import { DomainEvent } from '../shared/domain-event';
import { FieldReader } from '../shared/field-reader';
import { Fee, ObservationSource, readFee, readSource } from './observation-source';
import { FUTURES_ORDER_SIDES, FuturesOrderSide } from './futures-order-observed';
import { SPOT_ORDER_SIDES, SpotOrderSide } from './spot-order-observed';

/**
 * One futures fill. REST `GET /api/v1/futures/userTrades` and WS `ticketInfo` normalise
 * into it. Its identity is the ticket id when known (REST `ticketId` = WS `T`), else the
 * REST `tradeId` (see futuresFillId); never the execution id `d`.
 */
export interface FuturesFillObservation {
  readonly accountId: string;
  /** `symbol` / `s`. */
  readonly symbol: string;
  /** `orderId` / `o`. */
  readonly orderId: string;
  /** WS `c`; REST trades do not carry it. */
  readonly clientOrderId: string | null;
  /**
   * REST `ticketId` / WS `T`: the match id, the same for the REST and the stream report
   * of one fill. Null when the source does not carry it (captured userTrades rows lack it).
   */
  readonly ticketId: string | null;
  /** REST `tradeId`, the per-side trade id; WS `ticketInfo` does not carry it. */
  readonly tradeId: string | null;
  /** Direction: derived from REST `side` (BUY_OPEN -> BUY) / WS `S` (plain BUY/SELL). */
  readonly direction: SpotOrderSide;
  /** REST `side` (e.g. SELL_CLOSE); WS does not say whether the fill opened or closed. */
  readonly orderSide: FuturesOrderSide | null;
  /** `price` / `p`. */
  readonly price: string;
  /** `quantity` / `q`, contracts. */
  readonly quantity: string;
  /** REST `commission` + `commissionAsset`; null on WS. */
  readonly fee: Fee | null;
  /** REST `realizedPnl`, the venue's own figure for this fill. */
  readonly realizedPnl: string | null;
  /** REST `isMaker` (sent misspelled as `isMarker`) / WS `m`. */
  readonly isMaker: boolean | null;
  /** `time` / `t`. */
  readonly tradeTime: number;
  readonly source: ObservationSource;
}

export type FuturesFillObserved = DomainEvent<'FuturesFillObserved', 1, FuturesFillObservation>;

export function readFuturesFillObservation(value: unknown, path = 'observation'): FuturesFillObservation {
  const reader = FieldReader.of(value, path);
  return {
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    orderId: reader.string('orderId'),
    clientOrderId: reader.optionalString('clientOrderId'),
    ...readFillIds(reader, path),
    direction: reader.oneOf('direction', SPOT_ORDER_SIDES),
    orderSide: reader.optionalOneOf('orderSide', FUTURES_ORDER_SIDES),
    price: reader.decimal('price', 'positive'),
    quantity: reader.decimal('quantity', 'positive'),
    fee: readFee(reader, 'fee'),
    realizedPnl: reader.optionalDecimal('realizedPnl', 'any'),
    isMaker: reader.optionalBoolean('isMaker'),
    tradeTime: reader.time('tradeTime'),
    source: readSource(reader),
  };
}

function readFillIds(
  reader: FieldReader,
  path: string,
): Pick<FuturesFillObservation, 'ticketId' | 'tradeId'> {
  const ticketId = reader.optionalString('ticketId');
  const tradeId = reader.optionalString('tradeId');
  if (ticketId === null && tradeId === null) throw missingField(`${path}.ticketId`);
  return { ticketId, tradeId };
}

/**
 * The id a futures fill is counted by. The seeds give the REST trade a `ticketId` and
 * the stream's `T` is that ticket id, so preferring it makes the poll and the stream
 * report of one fill the same fill. The per-side `tradeId` is the fallback for rows
 * without a ticket id. Self-trade prevention is always on (stpMode has no "off"), so
 * one account never holds both sides of a ticket.
 */
export function futuresFillId(observation: Pick<FuturesFillObservation, 'ticketId' | 'tradeId'>): string {
  const id = observation.ticketId ?? observation.tradeId;
  if (id === null) throw missingField('observation.ticketId');
  return id;
}
