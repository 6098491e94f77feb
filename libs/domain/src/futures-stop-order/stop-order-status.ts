import { canonicalJson } from '../shared/canonical-json';
import { sourceRank } from '../observations/observation-source';
import {
  FuturesStopOrderObservation,
  FuturesStopOrderStatus,
} from '../observations/futures-stop-order-observed';
import { compareText } from '../orders/order-status';

/**
 * Stop-order lattice: ORDER_NEW below every terminal status. Among terminal ones, a
 * fixed precedence keeps folding order-independent; "triggered" (ORDER_FILLED) implies
 * the most venue activity and wins.
 */
const PRECEDENCE: Readonly<Record<FuturesStopOrderStatus, number>> = {
  ORDER_NEW: 0,
  ORDER_REJECTED: 1,
  ORDER_FAILED: 2,
  ORDER_NOT_EFFECTIVE: 3,
  ORDER_CANCELED: 4,
  ORDER_FILLED: 5,
};

export function isTerminalStopStatus(status: FuturesStopOrderStatus): boolean {
  return status !== 'ORDER_NEW';
}

export function laterStopSnapshot(
  current: FuturesStopOrderObservation | null,
  incoming: FuturesStopOrderObservation,
): FuturesStopOrderObservation {
  if (current === null) return incoming;
  const order =
    PRECEDENCE[incoming.status] - PRECEDENCE[current.status] ||
    incoming.updateTime - current.updateTime ||
    sourceRank(incoming.source) - sourceRank(current.source) ||
    compareText(canonicalJson(incoming), canonicalJson(current));
  return order > 0 ? incoming : current;
}
