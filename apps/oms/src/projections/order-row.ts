import { deterministicEventId } from '@oms/kafka';
import {
  AnyOrderCoreState,
  canonicalDecimal,
  dec,
  firstFillTime,
  FuturesStopOrderState,
  hasRealFills,
  isOmsClientOrderId,
  isPositive,
  OrderLifecycleState,
  realFillFigures,
} from '@oms/domain';
import { aggregateKindOf } from '../aggregates/aggregate-deciders';

/** Order ids remembered: a batch writes the rows of the same open orders again and again. */
const REMEMBERED_ORDER_IDS = 50_000;
const orderIds = new Map<string, string>();

/**
 * The OMS order id of an order stream (rm_orders.id), stable for the life of the order.
 * A UUID v5 (a SHA-1) per call was a noticeable part of projecting a batch (the order's
 * row and each of its fills' rows name it), so recent ones are remembered.
 */
export function omsOrderId(streamId: string): string {
  let id = orderIds.get(streamId);
  if (id === undefined) {
    id = deterministicEventId('oms-order', streamId);
    if (orderIds.size >= REMEMBERED_ORDER_IDS) orderIds.delete(orderIds.keys().next().value!);
    orderIds.set(streamId, id);
  }
  return id;
}

export interface OrderRow {
  readonly id: string;
  readonly streamId: string;
  readonly streamVersion: number;
  readonly account: string;
  readonly market: 'spot' | 'futures';
  readonly symbol: string;
  readonly side: string;
  readonly type: string;
  readonly priceType: string | null;
  readonly stopPrice: string | null;
  readonly leverage: string | null;
  readonly timeInForce: string | null;
  readonly price: string | null;
  readonly origQty: string | null;
  readonly amount: string | null;
  readonly executedQty: string;
  readonly avgPrice: string | null;
  readonly cumulativeQuoteQty: string;
  readonly clientOrderId: string | null;
  readonly orderId: string | null;
  readonly status: string;
  readonly origin: 'desk' | 'external';
  readonly createdBy: string | null;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly uncertainty: unknown;
  readonly cancel: unknown;
}

const UNCERTAINTY_WORDS: Readonly<Record<string, string>> = {
  'http-5xx': 'HTTP_5XX',
  timeout: 'TIMEOUT',
  'connection-lost': 'RESET',
  'venue-status-unknown': 'VENUE_UNKNOWN',
  'unreadable-response': 'VENUE_UNKNOWN',
};

function lifecycleStatus(state: OrderLifecycleState, venueStatus: string | null, hasFills: boolean): string {
  if (venueStatus !== null) return venueStatus;
  if (hasFills) return 'PARTIALLY_FILLED';
  switch (state.submission.phase) {
    case 'none':
      return 'UNKNOWN';
    case 'requested':
      return 'PENDING_SUBMIT';
    case 'accepted':
      return 'NEW';
    case 'rejected':
      return 'REJECTED';
    case 'uncertain':
      return 'UNCERTAIN';
    case 'resolved':
      return state.submission.outcome === 'absent' ? 'NOT_PLACED' : 'NEW';
  }
}

function uncertaintyOf(state: OrderLifecycleState): unknown {
  const submission = state.submission;
  if (submission.phase !== 'uncertain') return null;
  return {
    since: new Date(submission.uncertainSince).toISOString(),
    reason: UNCERTAINTY_WORDS[submission.reason] ?? 'VENUE_UNKNOWN',
    lookups: submission.lookups,
  };
}

function cancelOf(state: OrderLifecycleState): unknown {
  const cancel = state.cancel;
  switch (cancel.phase) {
    case 'none':
      return null;
    case 'requested':
      return {
        requestedAt: new Date(cancel.requestedAt).toISOString(),
        requestedBy: cancel.actor,
        state: 'REQUESTED',
      };
    case 'uncertain':
      return {
        requestedAt: new Date(cancel.requestedAt).toISOString(),
        requestedBy: cancel.actor,
        state: 'UNCERTAIN',
      };
    case 'resolved':
      return {
        requestedAt: new Date(cancel.requestedAt).toISOString(),
        requestedBy: cancel.actor,
        state: cancel.outcome === 'canceled' ? 'CONFIRMED' : 'REFUSED',
      };
  }
}

function actorOf(state: OrderLifecycleState): string | null {
  const submission = state.submission;
  return submission.phase === 'none' ? null : submission.actor;
}

function requestedAt(state: OrderLifecycleState): number | null {
  const submission = state.submission;
  return submission.phase === 'none' ? null : submission.requestedAt;
}

/**
 * The rm_orders row of an order aggregate, a pure function of its state (so a replay
 * writes the same row). Null while the state names no account or symbol yet.
 */
/**
 * A spot order's average price from its cumulative quote and executed quantities, for
 * when the winning venue report carries none (the acknowledgement, which outranks the
 * stream's report of the same moment, has neither quote nor average; the quote is kept
 * from the stream's report). Null until both are known and positive. Futures keep the
 * venue's average, which their REST records carry.
 */
export function spotAveragePrice(executedQty: string, cumulativeQuoteQty: string | null): string | null {
  if (cumulativeQuoteQty === null || !isPositive(executedQty) || !isPositive(cumulativeQuoteQty)) return null;
  return canonicalDecimal(dec(cumulativeQuoteQty).div(executedQty));
}

/**
 * The order's cumulative quote, consistent with its executed quantity: its real fills'
 * price x quantity when they make up that quantity; else the venue's figure when a report
 * carried a positive one; else the venue's average price x executed quantity. The
 * exchange's futures REST records carry no quote, and a stream report held back and
 * delivered late can say "0" for an order already FILLED, so a futures order known from
 * those alone would otherwise show none (the exchange counts a futures quote as price x
 * contracts, as the fills do).
 */
function cumulativeQuoteOf(order: AnyOrderCoreState, venueAvgPrice: string | null): string {
  const reported = order.cumulativeQuoteQty;
  if (!isPositive(order.executedQty)) return reported ?? '0';
  const fills = realFillFigures(order);
  if (fills.qty.eq(order.executedQty)) return canonicalDecimal(fills.quote);
  if (reported !== null && isPositive(reported)) return reported;
  if (venueAvgPrice !== null && isPositive(venueAvgPrice))
    return canonicalDecimal(dec(venueAvgPrice).times(order.executedQty));
  return reported ?? '0';
}

/**
 * Desk: an order the OMS recorded a request of, or one carrying a client id the OMS
 * generated without one (the order a desk STOP created at the venue when it triggered,
 * under the stop's client id). External: anything else the venue reports.
 */
function originOf(order: OrderLifecycleState): 'desk' | 'external' {
  if (order.submission.phase !== 'none') return 'desk';
  return order.clientOrderId !== null && isOmsClientOrderId(order.clientOrderId) ? 'desk' : 'external';
}

const positiveOrNull = (value: string | null): string | null =>
  value !== null && isPositive(value) ? value : null;

export function orderRowOf(
  streamId: string,
  version: number,
  state: unknown,
  updatedAt: number,
): OrderRow | null {
  const kind = aggregateKindOf(streamId);
  if (kind === 'futures-stop-order')
    return stopOrderRow(streamId, version, state as FuturesStopOrderState, updatedAt);
  const order = state as AnyOrderCoreState & {
    request: Record<string, string | null> | null;
    venue:
      (Record<string, unknown> & { status: string; updateTime: number; createdAt: number | null }) | null;
  };
  if (order.accountId === null || order.symbol === null) return null;
  const request = order.request;
  const venue = order.venue;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const createdAt = requestedAt(order) ?? venue?.createdAt ?? firstFillTime(order) ?? updatedAt;
  return {
    id: omsOrderId(streamId),
    streamId,
    streamVersion: version,
    account: order.accountId,
    market: kind === 'spot-order' ? 'spot' : 'futures',
    symbol: order.symbol,
    side: text(venue?.side) ?? request?.side ?? 'UNKNOWN',
    type: text(venue?.type) ?? request?.type ?? (kind === 'futures-order' ? 'LIMIT' : 'UNKNOWN'),
    priceType: text(venue?.priceType) ?? request?.priceType ?? null,
    stopPrice: null,
    leverage: text(venue?.leverage) ?? null,
    timeInForce: text(venue?.timeInForce) ?? request?.timeInForce ?? null,
    price: text(venue?.price) ?? request?.price ?? null,
    origQty: text(venue?.origQty) ?? request?.quantity ?? null,
    // Reports of an order not placed by amount say "0" (the stream) or nothing (an
    // acknowledgement): both mean none, so the field does not flip as they arrive.
    amount: request?.amount ?? positiveOrNull(text(venue?.requestedAmount)),
    executedQty: order.executedQty,
    avgPrice:
      text(venue?.avgPrice) ??
      (kind === 'spot-order' ? spotAveragePrice(order.executedQty, order.cumulativeQuoteQty) : null),
    cumulativeQuoteQty: cumulativeQuoteOf(order, text(venue?.avgPrice)),
    clientOrderId: order.clientOrderId,
    orderId: order.orderId,
    status: lifecycleStatus(order, venue?.status ?? null, hasRealFills(order)),
    origin: originOf(order),
    createdBy: actorOf(order),
    createdAt,
    updatedAt,
    uncertainty: uncertaintyOf(order),
    cancel: cancelOf(order),
  };
}

function stopOrderRow(
  streamId: string,
  version: number,
  state: FuturesStopOrderState,
  updatedAt: number,
): OrderRow | null {
  if (state.accountId === null || state.symbol === null) return null;
  const venue = state.venue;
  const request = state.request;
  const price = venue?.price ?? request?.price ?? null;
  return {
    id: omsOrderId(streamId),
    streamId,
    streamVersion: version,
    account: state.accountId,
    market: 'futures',
    symbol: state.symbol,
    side: venue?.side ?? request?.side ?? 'UNKNOWN',
    type: 'STOP',
    // Triggered, the order becomes a limit order at its price, or a market order without
    // one (the venue reports a market STOP order's price as 0).
    priceType: price === null || Number(price) === 0 ? 'MARKET' : 'INPUT',
    stopPrice: venue?.stopPrice ?? request?.stopPrice ?? null,
    leverage: null,
    timeInForce: null,
    price,
    origQty: venue?.origQty ?? request?.quantity ?? null,
    amount: null,
    executedQty: '0',
    avgPrice: null,
    cumulativeQuoteQty: '0',
    clientOrderId: state.clientOrderId,
    orderId: state.orderId,
    status: lifecycleStatus(state, venue?.status ?? null, false),
    origin: originOf(state),
    createdBy: actorOf(state),
    createdAt: requestedAt(state) ?? venue?.createdAt ?? venue?.updateTime ?? updatedAt,
    updatedAt,
    uncertainty: uncertaintyOf(state),
    cancel: cancelOf(state),
  };
}
