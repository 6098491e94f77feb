import { Dec } from '../shared/decimal';
import { FuturesFillObservation, futuresFillId } from '../observations/futures-fill-observed';
import { OrderFill } from '../orders/order-fills';
import { FuturesOrderState } from './futures-order.types';

/** Stream and poll clocks of one fill differ by a few ms at most; a second is generous. */
export const TICKETLESS_MATCH_WINDOW_MS = 1_000;

function sameFill(fill: OrderFill, observation: FuturesFillObservation): boolean {
  return (
    new Dec(fill.price).equals(observation.price) &&
    new Dec(fill.qty).equals(observation.quantity) &&
    Math.abs(fill.time - observation.tradeTime) <= TICKETLESS_MATCH_WINDOW_MS
  );
}

/**
 * Live futures `userTrades` rows may lack `ticketId`, so such a row is counted by its
 * `tradeId` while the stream's report of the same fill is counted by its ticket id `T`.
 * Before a report is folded into its order, it is matched to a fill the other source
 * reported with the same price, quantity and time (architecture.md), and re-keyed to
 * that fill's id: a ticketless poll row matches a fill only the stream has reported.
 * The stream normally reports first; a stream report arriving after a ticketless row
 * cannot be told from a different fill of the same price and time (the order state does
 * not record which ids are trade ids), so that order is left to the position break.
 */
export function matchTicketlessFill(
  state: FuturesOrderState,
  observation: FuturesFillObservation,
): FuturesFillObservation {
  if (state.fills[futuresFillId(observation)] !== undefined) return observation;
  if (observation.ticketId !== null) return observation;
  for (const fill of Object.values(state.fills)) {
    if (sameFill(fill, observation) && fill.sources.includes('ws') && !fill.sources.includes('rest-poll')) {
      return { ...observation, ticketId: fill.fillId };
    }
  }
  return observation;
}
