import {
  FuturesFillObservation,
  FuturesOrderState,
  InferredFill,
  OrderFill,
  OrderFillSettled,
  findRecentFill,
  futuresFillId,
  futuresOrderFillOf,
  inferredPositionFillOf,
  positionEffect,
  positionStreamId,
  PositionFillInput,
} from '@oms/domain';
import { DecidedEvent } from './decided-event';

/** The tolerance of position reconciliation, in the settlement asset. */
export const POSITION_PNL_TOLERANCE = '0.00000001';

export interface PositionCommand {
  readonly streamId: string;
  readonly command: unknown;
}

function orderSide(order: FuturesOrderState) {
  return order.request?.side ?? order.venue?.side ?? null;
}

/** True when the order's side becomes known with this decision: every fill then reaches the position. */
export function orderSideFirstKnown(before: FuturesOrderState, after: FuturesOrderState): boolean {
  return (
    (orderSide(before) === null || before.accountId === null) &&
    orderSide(after) !== null &&
    after.accountId !== null &&
    after.symbol !== null
  );
}

/**
 * A fill of this decision as the order holds it: kept, or placed by an OrderFillSettled
 * event (merged with its recorded report), or else new and settled at once (older than
 * every fill kept), when the report itself is the whole fill.
 */
function decidedFill(
  order: FuturesOrderState,
  events: readonly DecidedEvent[],
  observation: FuturesFillObservation,
): OrderFill {
  const fillId = futuresFillId(observation);
  const settled = events
    .filter((event) => event.type === 'OrderFillSettled')
    .map((event) => (event.data as OrderFillSettled['data']).fill)
    .find((fill) => fill.fillId === fillId);
  return findRecentFill(order, fillId) ?? settled ?? futuresOrderFillOf(observation);
}

function realFillInput(
  order: FuturesOrderState,
  fill: OrderFill,
  fallbackOrderId: string,
): PositionFillInput | null {
  const side = orderSide(order);
  if (side === null || order.accountId === null || order.symbol === null) return null;
  return {
    accountId: order.accountId,
    symbol: order.symbol,
    fillId: fill.fillId,
    orderId: order.orderId ?? fallbackOrderId,
    orderSide: side,
    price: fill.price,
    contracts: fill.qty,
    fee: fill.fee,
    venueRealizedPnl: fill.realizedPnl,
    time: fill.time,
    inferred: false,
  };
}

/**
 * What a futures order's new events mean for its hedge-mode position: each new or
 * merged real fill is recorded (the position de-duplicates by fill id and merges the
 * fee), inferred fills are recorded as inferred and retired when real fills cover them.
 * Only this decision's fills are sent, so the cost does not grow with the order's fills;
 * all fills are sent once, when the order's side first becomes known (the kept ones,
 * and `settledFills`: the recorded fills the order keeps as totals only).
 */
export function positionCommandsOf(
  before: FuturesOrderState,
  after: FuturesOrderState,
  events: readonly DecidedEvent[],
  now: number,
  settledFills: readonly OrderFill[] = [],
): PositionCommand[] {
  const side = orderSide(after);
  if (side === null || after.accountId === null || after.symbol === null) return [];
  const streamId = positionStreamId(after.accountId, after.symbol, positionEffect(side).position);
  const commands: PositionCommand[] = [];
  const record = (fill: PositionFillInput | null) => {
    if (fill !== null) commands.push({ streamId, command: { type: 'RecordPositionFill', fill, now } });
  };
  if (orderSideFirstKnown(before, after)) {
    const every = [...settledFills, ...after.recentFills].sort((left, right) =>
      left.fillId < right.fillId ? -1 : left.fillId > right.fillId ? 1 : 0,
    );
    for (const fill of every) record(realFillInput(after, fill, after.orderId ?? ''));
  } else {
    const seen = new Set<string>();
    for (const event of events) {
      if (event.type !== 'FuturesFillObserved') continue;
      const observation = event.data as FuturesFillObservation;
      const fillId = futuresFillId(observation);
      if (seen.has(fillId)) continue;
      seen.add(fillId);
      record(realFillInput(after, decidedFill(after, events, observation), observation.orderId));
    }
  }
  for (const event of events) {
    if (event.type === 'OrderFillInferred') {
      record(inferredPositionFillOf(after, (event.data as { fill: InferredFill }).fill));
    } else if (event.type === 'InferredFillRetired') {
      const { fillId } = event.data as { fillId: string };
      commands.push({ streamId, command: { type: 'RetireInferredPositionFill', fillId, now } });
    }
  }
  return commands;
}
