import { DomainEvent } from '../shared/domain-event';
import { FieldReader } from '../shared/field-reader';
import {
  AcknowledgedRequest,
  ObservationSource,
  readAcknowledgedRequest,
  readSource,
} from './observation-source';
import { FUTURES_ORDER_SIDES, FuturesOrderSide } from './futures-order-observed';

/** ORDER_FILLED means "triggered": the venue then created a LIMIT order. */
export const FUTURES_STOP_ORDER_STATUSES = [
  'ORDER_NEW',
  'ORDER_FILLED',
  'ORDER_REJECTED',
  'ORDER_CANCELED',
  'ORDER_FAILED',
  'ORDER_NOT_EFFECTIVE',
] as const;
export type FuturesStopOrderStatus = (typeof FUTURES_STOP_ORDER_STATUSES)[number];

/**
 * One venue report of a futures STOP (trigger) order: REST records queried with
 * `type=STOP` and WS `contractExecutionReport` with `o` = STOP.
 */
export interface FuturesStopOrderObservation {
  /** `accountId`. */
  readonly accountId: string;
  /** `symbol` / `s`. */
  readonly symbol: string;
  /** `orderId` / `i`. */
  readonly orderId: string;
  /** `clientOrderId` / `c`. */
  readonly clientOrderId: string | null;
  /** `side` / `S`. */
  readonly side: FuturesOrderSide;
  /** `price` / `p`: the limit price of the order created on trigger ("0" = market). */
  readonly price: string;
  /** `origQty` / `q`, contracts. */
  readonly origQty: string;
  /** `stopPrice`. */
  readonly stopPrice: string;
  /** `status` / `X`. */
  readonly status: FuturesStopOrderStatus;
  /**
   * The limit order the trigger created. The venue's STOP record does not carry it;
   * ingest fills it in when it can tell (for example from the simulated venue), and
   * the OMS can link it later with LinkTriggeredOrder.
   */
  readonly triggeredOrderId: string | null;
  /** `time` / `O`. */
  readonly createdAt: number | null;
  /** `updateTime` / `E`. */
  readonly updateTime: number;
  readonly source: ObservationSource;
  readonly acknowledgedRequest: AcknowledgedRequest | null;
}

export type FuturesStopOrderObserved = DomainEvent<
  'FuturesStopOrderObserved',
  1,
  FuturesStopOrderObservation
>;

export function readFuturesStopOrderObservation(
  value: unknown,
  path = 'observation',
): FuturesStopOrderObservation {
  const reader = FieldReader.of(value, path);
  const source = readSource(reader);
  return {
    accountId: reader.string('accountId'),
    symbol: reader.string('symbol'),
    orderId: reader.string('orderId'),
    clientOrderId: reader.optionalString('clientOrderId'),
    side: reader.oneOf('side', FUTURES_ORDER_SIDES),
    price: reader.decimal('price'),
    origQty: reader.decimal('origQty', 'positive'),
    stopPrice: reader.decimal('stopPrice', 'positive'),
    status: reader.oneOf('status', FUTURES_STOP_ORDER_STATUSES),
    triggeredOrderId: reader.optionalString('triggeredOrderId'),
    createdAt: reader.optionalTime('createdAt'),
    updateTime: reader.time('updateTime'),
    source,
    acknowledgedRequest: readAcknowledgedRequest(reader, source),
  };
}
