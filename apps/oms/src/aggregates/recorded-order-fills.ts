import {
  AnyOrderCoreState,
  DomainError,
  FuturesFillObservation,
  FuturesOrderState,
  OrderFill,
  SpotFillObservation,
  TICKETLESS_MATCH_WINDOW_MS,
  compareByTimeThenId,
  futuresFillId,
  futuresOrderFillOf,
  matchTicketlessFill,
  mergeFillReports,
  orderFillNeedsRecord,
  readFuturesFillObservation,
  readSpotFillObservation,
  spotOrderFillOf,
  ticketlessRowMatches,
} from '@oms/domain';
import { storedToDecided } from './aggregate-state.store';
import { DecidedEvent } from './decided-event';
import { FoldUnitOfWork } from './fold-unit-of-work';

/** The events that record a report of an order's fill (indexed by events_order_fill). */
const FILL_EVENT_TYPES = `('SpotFillObserved', 'FuturesFillObserved')`;
/** A fill event's fill id, as futuresFillId reads it (a spot fill has a ticket id only). */
const FILL_ID_SQL = `coalesce(payload ->> 'ticketId', payload ->> 'tradeId')`;

/** The fill one recorded event reports; null for any other event. */
export function reportedFillOf(event: DecidedEvent): OrderFill | null {
  if (event.type === 'SpotFillObserved') return spotOrderFillOf(event.data as SpotFillObservation);
  if (event.type === 'FuturesFillObserved') return futuresOrderFillOf(event.data as FuturesFillObservation);
  return null;
}

/** Every report of each fill merged into one, as the order state would hold it. */
function mergedByFill(events: Iterable<DecidedEvent>): Map<string, OrderFill> {
  const fills = new Map<string, OrderFill>();
  for (const event of events) {
    const fill = reportedFillOf(event);
    if (fill === null) continue;
    const known = fills.get(fill.fillId);
    fills.set(fill.fillId, known === undefined ? fill : mergeFillReports(known, fill).fill);
  }
  return fills;
}

type StoredRow = { event_type: string; schema_version: number; payload: unknown };

function decidedOf(rows: readonly StoredRow[]): DecidedEvent[] {
  return rows.map((row) => storedToDecided(row.event_type, row.schema_version, row.payload));
}

/** The order's reports of the given fills: this unit of work's decisions, then the log. */
async function recordedFills(
  uow: FoldUnitOfWork,
  streamId: string,
  fillIds: readonly string[],
): Promise<Map<string, OrderFill>> {
  if (fillIds.length === 0) return new Map();
  const wanted = new Set(fillIds);
  const decided = uow.decidedEvents(streamId).filter((event) => {
    const fill = reportedFillOf(event);
    return fill !== null && wanted.has(fill.fillId);
  });
  // Sorted here, not by the query: ORDER BY stream_version would lead the planner to walk
  // the stream's whole history by its version index instead of the fill-id index.
  const rows = (await uow.executor.query(
    `SELECT event_type, schema_version, payload, stream_version FROM events
      WHERE stream_id = $1 AND event_type IN ${FILL_EVENT_TYPES} AND ${FILL_ID_SQL} = ANY($2::text[])`,
    [streamId, [...wanted]],
  )) as Array<StoredRow & { stream_version: number }>;
  rows.sort((left, right) => left.stream_version - right.stream_version);
  return mergedByFill([...decidedOf(rows), ...decided]);
}

/**
 * The fill a ticketless futures trades row is the poll's report of, among the order's
 * recorded fills timed near it (partial index events_order_fill_time): the first, in
 * (time, fillId) order, that only the stream has reported, as matchTicketlessFill
 * searches the fills the state keeps.
 */
async function ticketlessMatch(
  uow: FoldUnitOfWork,
  streamId: string,
  observation: FuturesFillObservation,
): Promise<OrderFill | null> {
  const near = (time: number) => Math.abs(time - observation.tradeTime) <= TICKETLESS_MATCH_WINDOW_MS;
  const decidedIds = uow
    .decidedEvents(streamId)
    .map(reportedFillOf)
    .filter((fill): fill is OrderFill => fill !== null && near(fill.time))
    .map((fill) => fill.fillId);
  const rows = (await uow.executor.query(
    `SELECT DISTINCT ${FILL_ID_SQL} AS fill_id FROM events
      WHERE stream_id = $1 AND event_type = 'FuturesFillObserved'
        AND (payload ->> 'tradeTime')::bigint BETWEEN $2 AND $3`,
    [
      streamId,
      observation.tradeTime - TICKETLESS_MATCH_WINDOW_MS,
      observation.tradeTime + TICKETLESS_MATCH_WINDOW_MS,
    ],
  )) as Array<{ fill_id: string }>;
  // Every report of each candidate, so a fill the poll has already reported is not matched.
  const candidates = await recordedFills(uow, streamId, [
    ...new Set([...rows.map((row) => row.fill_id), ...decidedIds]),
  ]);
  const matches = [...candidates.values()]
    .filter((fill) => ticketlessRowMatches(fill, observation))
    .sort((left, right) =>
      compareByTimeThenId({ time: left.time, id: left.fillId }, { time: right.time, id: right.fillId }),
    );
  return matches[0] ?? null;
}

interface FillCommand {
  readonly type?: unknown;
  readonly observation?: unknown;
}

function readObservation<T>(read: (value: unknown) => T, value: unknown): T | null {
  try {
    return read(value);
  } catch (error) {
    // The decider refuses an unreadable observation itself, naming the field.
    if (error instanceof DomainError) return null;
    throw error;
  }
}

/**
 * An order keeps its older fills as totals only, so a fill report the state cannot tell
 * new or repeated (see orderFillNeedsRecord: the poll's fee after the stream's report
 * of a fill settled long ago, a late trades row) carries the order's recorded report of
 * it: every report of that fill id decided in this transaction or in the log (partial
 * index events_order_fill) merged, or null for a new fill. A ticketless futures row
 * with no report of its trade id carries the recorded stream fill it matches instead.
 * Every other command passes as it is, and newer reports cost no lookup.
 */
export async function withRecordedOrderFill(
  uow: FoldUnitOfWork,
  streamId: string,
  command: unknown,
): Promise<unknown> {
  const { type, observation } = command as FillCommand;
  if (type === 'RecordSpotFillObservation') {
    const spot = readObservation(readSpotFillObservation, observation);
    if (spot === null) return command;
    const state = (await uow.stateOf(streamId)) as AnyOrderCoreState;
    if (!orderFillNeedsRecord(state, { fillId: spot.ticketId, time: spot.tradeTime })) return command;
    const recorded = await recordedFills(uow, streamId, [spot.ticketId]);
    return { ...(command as object), recorded: recorded.get(spot.ticketId) ?? null };
  }
  if (type === 'RecordFuturesFillObservation') {
    const read = readObservation(readFuturesFillObservation, observation);
    if (read === null) return command;
    const state = (await uow.stateOf(streamId)) as FuturesOrderState;
    const futures = matchTicketlessFill(state, read, null);
    const fillId = futuresFillId(futures);
    if (!orderFillNeedsRecord(state, { fillId, time: futures.tradeTime })) return command;
    const recorded = (await recordedFills(uow, streamId, [fillId])).get(fillId) ?? null;
    if (recorded !== null || futures.ticketId !== null) return { ...(command as object), recorded };
    return { ...(command as object), recorded: await ticketlessMatch(uow, streamId, futures) };
  }
  return command;
}

/**
 * Every recorded fill of an order that its state keeps as totals only (for a futures
 * order whose side becomes known after its fills were settled: each fill must reach
 * the position once). Reads all of the order's fill reports; this happens once per order.
 */
export async function settledFillsOf(
  uow: FoldUnitOfWork,
  streamId: string,
  state: AnyOrderCoreState,
): Promise<OrderFill[]> {
  if (state.settledFills.count === 0) return [];
  const rows = (await uow.executor.query(
    `SELECT event_type, schema_version, payload FROM events
      WHERE stream_id = $1 AND event_type IN ${FILL_EVENT_TYPES} ORDER BY stream_version`,
    [streamId],
  )) as StoredRow[];
  const kept = new Set(state.recentFills.map((fill) => fill.fillId));
  const all = mergedByFill([...decidedOf(rows), ...uow.decidedEvents(streamId)]);
  return [...all.values()].filter((fill) => !kept.has(fill.fillId));
}
