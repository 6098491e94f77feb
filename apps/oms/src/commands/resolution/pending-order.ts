import { isOmsClientOrderId, OrderLifecycleState } from '@oms/domain';
import { orderStreamIdOf } from '../../aggregates/order-command.service';
import { OrderAggregateRef } from '../../orders/order-command.port';

export type PendingKind = 'submission' | 'cancel';

const STREAM_TYPES = {
  spot: 'spot-order',
  futures: 'futures-order',
  'futures-stop': 'futures-stop-order',
} as const;

/**
 * The order of a fold state: a desk order by the client id the OMS generated, an order
 * placed elsewhere by its venue order id.
 */
export function refOfState(
  streamType: string,
  state: { readonly accountId?: unknown; readonly clientOrderId?: unknown; readonly orderId?: unknown },
): OrderAggregateRef | null {
  const market = (Object.keys(STREAM_TYPES) as Array<keyof typeof STREAM_TYPES>).find(
    (candidate) => STREAM_TYPES[candidate] === streamType,
  );
  if (market === undefined || typeof state.accountId !== 'string') return null;
  const clientOrderId = typeof state.clientOrderId === 'string' ? state.clientOrderId : '';
  if (isOmsClientOrderId(clientOrderId)) return { market, accountId: state.accountId, clientOrderId };
  if (typeof state.orderId !== 'string') return null;
  return { market, accountId: state.accountId, clientOrderId, orderId: state.orderId };
}

/** What still needs the venue's word: the submission, the cancel, or both. */
export function pendingKinds(state: OrderLifecycleState): PendingKind[] {
  const kinds: PendingKind[] = [];
  if (state.submission.phase === 'requested' || state.submission.phase === 'uncertain')
    kinds.push('submission');
  const cancel = state.cancel;
  if (cancel.phase === 'uncertain' || cancel.phase === 'requested') kinds.push('cancel');
  return kinds;
}

export function pendingKey(ref: OrderAggregateRef, kind: PendingKind): string {
  return `${orderStreamIdOf(ref)}#${kind}`;
}
