import { effectiveFills } from '../orders/order-view';
import { SpotPnlFill } from '../pnl/spot-pnl';
import { SpotOrderState } from './spot-order.types';

/**
 * The order's fills as P&L input. An inferred fill without any known price cannot be
 * valued and is left out (its order still shows the gap as an inferred fill).
 */
export function spotPnlFillsOf(state: SpotOrderState): SpotPnlFill[] {
  const side = state.request?.side ?? state.venue?.side;
  if (side === undefined) return [];
  return effectiveFills(state).flatMap((fill) =>
    fill.price === null
      ? []
      : [{ fillId: fill.fillId, side, price: fill.price, qty: fill.qty, fee: fill.fee, time: fill.time }],
  );
}
