import {
  AnyOrderCoreState,
  FuturesFillObservation,
  OrderFill,
  OrderFillSettled,
  SpotFillObservation,
  findRecentFill,
  futuresOrderFillOf,
  mergeFillReports,
  spotOrderFillOf,
} from '@oms/domain';

interface ProjectedEvent {
  readonly type: string;
  readonly payload: unknown;
}

/**
 * The fills a batch of an order's events reported, as the order holds them after the
 * batch (one rm_fills row each): the fill kept in the state, else the last fill an
 * OrderFillSettled event of the batch placed in the totals (merged with its recorded
 * report), else the batch's reports of it merged with the fill as the state kept it
 * before the batch (a fill newer fills of the same batch pushed out of the kept ones;
 * without that earlier part, the row would depend on where batches begin and a replay
 * would differ from the live fold). The cost follows the batch, not the order's history.
 */
export function touchedFillsOf(
  state: AnyOrderCoreState,
  events: readonly ProjectedEvent[],
  previousState?: AnyOrderCoreState,
): OrderFill[] {
  const reported = new Map<string, OrderFill>();
  const settled = new Map<string, OrderFill>();
  for (const event of events) {
    if (event.type === 'OrderFillSettled') {
      const { fill } = event.payload as OrderFillSettled['data'];
      settled.set(fill.fillId, fill);
      continue;
    }
    const fill =
      event.type === 'SpotFillObserved'
        ? spotOrderFillOf(event.payload as SpotFillObservation)
        : event.type === 'FuturesFillObserved'
          ? futuresOrderFillOf(event.payload as FuturesFillObservation)
          : null;
    if (fill === null) continue;
    const known = reported.get(fill.fillId);
    reported.set(fill.fillId, known === undefined ? fill : mergeFillReports(known, fill).fill);
  }
  return [...reported.entries()].map(([fillId, fill]) => {
    const kept = findRecentFill(state, fillId) ?? settled.get(fillId);
    if (kept !== undefined) return kept;
    const before = previousState === undefined ? undefined : findRecentFill(previousState, fillId);
    return before === undefined ? fill : mergeFillReports(before, fill).fill;
  });
}
