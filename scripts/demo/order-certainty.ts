/** Waits for an order to become certain: neither PENDING_SUBMIT nor UNCERTAIN any more. */
import { DeskClient } from './desk-client';

export interface DeskOrder {
  readonly id: string;
  readonly market: string;
  readonly symbol: string;
  readonly side: string;
  readonly type: string;
  readonly status: string;
  readonly price: string | null;
  readonly origQty: string | null;
  readonly executedQty: string;
  readonly avgPrice: string | null;
  readonly clientOrderId: string;
  readonly orderId: string | null;
  readonly uncertainty: { readonly since: string; readonly reason: string; readonly lookups: number } | null;
}

const UNSETTLED = new Set(['PENDING_SUBMIT', 'UNCERTAIN']);

export function isCertain(order: DeskOrder): boolean {
  return !UNSETTLED.has(order.status) && order.uncertainty === null;
}

/** Polls the order until it is certain; resolves with it and the time since `sentAt`. */
export async function waitForCertainty(
  desk: DeskClient,
  order: DeskOrder,
  sentAt: number,
  timeoutMs = 60_000,
): Promise<{ order: DeskOrder; msToCertainty: number; wasUncertain: boolean }> {
  let current = order;
  let wasUncertain = !isCertain(order);
  while (!isCertain(current)) {
    if (Date.now() - sentAt > timeoutMs)
      throw new Error(`order ${order.id} still ${current.status} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = await desk.get<DeskOrder>(`/v1/orders/${order.id}`);
    wasUncertain ||= !isCertain(current);
  }
  return { order: current, msToCertainty: Date.now() - sentAt, wasUncertain };
}
