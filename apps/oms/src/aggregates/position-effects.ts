import {
  FuturesFillObservation,
  FuturesOrderState,
  InferredFill,
  futuresFillId,
  inferredPositionFillOf,
  positionEffect,
  positionStreamId,
  PositionFillInput,
} from '@oms/domain';
import { DecidedEvent } from './decided-event';

export interface PositionCommand {
  readonly streamId: string;
  readonly command: unknown;
}

function orderSide(order: FuturesOrderState) {
  return order.request?.side ?? order.venue?.side ?? null;
}

function realFillInput(
  order: FuturesOrderState,
  fillId: string,
  fallbackOrderId: string,
): PositionFillInput | null {
  const fill = order.fills[fillId];
  const side = orderSide(order);
  if (fill === undefined || side === null || order.accountId === null || order.symbol === null) return null;
  return {
    accountId: order.accountId,
    symbol: order.symbol,
    fillId,
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
 * all fills are sent once, when the order's side first becomes known.
 */
export function positionCommandsOf(
  before: FuturesOrderState,
  after: FuturesOrderState,
  events: readonly DecidedEvent[],
  now: number,
): PositionCommand[] {
  const side = orderSide(after);
  if (side === null || after.accountId === null || after.symbol === null) return [];
  const streamId = positionStreamId(after.accountId, after.symbol, positionEffect(side).position);
  const commands: PositionCommand[] = [];
  const record = (fill: PositionFillInput | null) => {
    if (fill !== null) commands.push({ streamId, command: { type: 'RecordPositionFill', fill, now } });
  };
  if (orderSide(before) === null || before.accountId === null) {
    for (const fillId of Object.keys(after.fills).sort())
      record(realFillInput(after, fillId, after.orderId ?? ''));
  } else {
    const seen = new Set<string>();
    for (const event of events) {
      if (event.type !== 'FuturesFillObserved') continue;
      const observation = event.data as FuturesFillObservation;
      const fillId = futuresFillId(observation);
      if (seen.has(fillId)) continue;
      seen.add(fillId);
      record(realFillInput(after, fillId, observation.orderId));
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
