import {
  futuresOrderStreamId,
  futuresStopOrderStreamId,
  OrderLifecycleState,
  spotOrderStreamId,
} from '@oms/domain';
import { OrderAggregateRef } from '../../orders/order-command.port';

export type PendingKind = 'submission' | 'cancel';

const STREAM_TYPES = {
  spot: 'spot-order',
  futures: 'futures-order',
  'futures-stop': 'futures-stop-order',
} as const;

export function streamIdOf(ref: OrderAggregateRef): string {
  const key = { by: 'clientOrderId', clientOrderId: ref.clientOrderId } as const;
  switch (ref.market) {
    case 'spot':
      return spotOrderStreamId(ref.accountId, key);
    case 'futures':
      return futuresOrderStreamId(ref.accountId, key);
    case 'futures-stop':
      return futuresStopOrderStreamId(ref.accountId, key);
  }
}

/** The desk order of a fold state (streams of desk orders are keyed by their client id). */
export function refOfState(
  streamType: string,
  state: { readonly accountId?: unknown; readonly clientOrderId?: unknown },
): OrderAggregateRef | null {
  const market = (Object.keys(STREAM_TYPES) as Array<keyof typeof STREAM_TYPES>).find(
    (candidate) => STREAM_TYPES[candidate] === streamType,
  );
  if (
    market === undefined ||
    typeof state.accountId !== 'string' ||
    typeof state.clientOrderId !== 'string'
  ) {
    return null;
  }
  return { market, accountId: state.accountId, clientOrderId: state.clientOrderId };
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
  return `${streamIdOf(ref)}#${kind}`;
}
