import { canonicalJson } from '../shared/canonical-json';
import { compareText } from '../orders/order-status';
import { PositionFill } from './futures-position.types';

/**
 * Two reports of one fill: the stream's has no fee and no realizedPnl, the poll's has
 * both. Missing details are taken from whichever report has them; a disagreement on
 * what both carry is a contradiction (the canonically smaller report is kept, so the
 * result does not depend on arrival order).
 */
export function mergePositionFills(
  existing: PositionFill,
  incoming: PositionFill,
): { readonly fill: PositionFill; readonly contradicts: boolean } {
  const core = (fill: PositionFill) =>
    canonicalJson({
      price: fill.price,
      contracts: fill.contracts,
      orderSide: fill.orderSide,
      orderId: fill.orderId,
    });
  const differ = (left: unknown, right: unknown) =>
    left !== null && right !== null && canonicalJson(left) !== canonicalJson(right);
  const contradicts =
    core(existing) !== core(incoming) ||
    differ(existing.fee, incoming.fee) ||
    differ(existing.venueRealizedPnl, incoming.venueRealizedPnl);
  const [first, second] =
    compareText(canonicalJson(existing), canonicalJson(incoming)) <= 0
      ? [existing, incoming]
      : [incoming, existing];
  const chosen = core(existing) === core(incoming) ? existing : first;
  return {
    fill: {
      ...chosen,
      fee: first.fee ?? second.fee,
      venueRealizedPnl: first.venueRealizedPnl ?? second.venueRealizedPnl,
      time: Math.min(existing.time, incoming.time),
    },
    contradicts,
  };
}
