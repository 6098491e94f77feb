import { Dec } from '../shared/decimal';
import { invalidField } from '../shared/domain-error';
import { FuturesFillObservation, futuresFillId } from '../observations/futures-fill-observed';
import { findRecentFill } from '../orders/order-core.state';
import { FILL_REPORT_SKEW_MS } from '../orders/order-fill-totals';
import { OrderFill, readOrderFill } from '../orders/order-fills';
import { FuturesOrderState } from './futures-order.types';

/** Stream and poll clocks of one fill differ by a few ms at most; a second is generous. */
export const TICKETLESS_MATCH_WINDOW_MS = FILL_REPORT_SKEW_MS;

/**
 * True when a ticketless trades row is the poll's report of `fill`: same price, quantity
 * and time, and so far reported by the stream only.
 */
export function ticketlessRowMatches(fill: OrderFill, observation: FuturesFillObservation): boolean {
  return (
    new Dec(fill.price).equals(observation.price) &&
    new Dec(fill.qty).equals(observation.quantity) &&
    Math.abs(fill.time - observation.tradeTime) <= TICKETLESS_MATCH_WINDOW_MS &&
    fill.sources.includes('ws') &&
    !fill.sources.includes('rest-poll')
  );
}

/**
 * Live futures `userTrades` rows may lack `ticketId`, so such a row is counted by its
 * `tradeId` while the stream's report of the same fill is counted by its ticket id `T`.
 * Before a report is folded into its order, it is matched to a fill the other source
 * reported with the same price, quantity and time (architecture.md), and re-keyed to
 * that fill's id: a ticketless poll row matches a fill only the stream has reported.
 * The fills kept are searched here; for a row as old as the settled fills the caller
 * passes the matching recorded fill it found in the log (`recorded`), and the row is
 * re-keyed to it. The stream normally reports first; a stream report arriving after a
 * ticketless row cannot be told from a different fill of the same price and time (the
 * order state does not record which ids are trade ids), so that order is left to the
 * position break.
 */
export function matchTicketlessFill(
  state: FuturesOrderState,
  observation: FuturesFillObservation,
  recorded: unknown,
): FuturesFillObservation {
  if (findRecentFill(state, futuresFillId(observation)) !== undefined) return observation;
  if (observation.ticketId !== null) return observation;
  for (const fill of state.recentFills) {
    if (ticketlessRowMatches(fill, observation)) return { ...observation, ticketId: fill.fillId };
  }
  if (recorded === undefined || recorded === null) return observation;
  const fill = readOrderFill(recorded, 'recorded');
  if (fill.fillId === observation.tradeId) return observation;
  if (!ticketlessRowMatches(fill, observation))
    throw invalidField('recorded', `is neither fill ${String(observation.tradeId)} nor a fill it matches`);
  return { ...observation, ticketId: fill.fillId };
}
