import { runIndependent, SqlExecutor } from '@oms/persistence';
import {
  AnyOrderCoreState,
  FuturesBalanceState,
  FuturesPositionState,
  PositionFillRecorded,
  ReconciliationBreak,
  futuresBalanceFigures,
  SpotBalanceState,
  spotBalanceFigures,
  VenueStreamState,
} from '@oms/domain';
import { Dec } from '@oms/domain';
import { aggregateKindOf, isOrderKind } from '../aggregates/aggregate-deciders';
import { MarkRow } from '../aggregates/fold-context';
import { isoTime, upsertRows, UpsertColumn } from './multi-row-upsert';
import { OrderRow, omsOrderId, orderRowOf } from './order-row';
import { positionRowOf } from './position-row';
import { touchedFillsOf } from './touched-fills';
import {
  BALANCE_COLUMNS,
  BREAK_COLUMNS,
  FILL_COLUMNS,
  MARK_COLUMNS,
  MARK_HISTORY_TABLE,
  orderColumns,
  POSITION_COLUMNS,
  POSITION_FILL_COLUMNS,
  VENUE_STREAM_COLUMNS,
} from './read-model-tables';

/** What changed in one stream: its state after the change and the events that changed it. */
export interface ProjectedStream {
  readonly streamId: string;
  readonly version: number;
  readonly state: unknown;
  /** The state before those events; absent when they are the stream's whole history. */
  readonly previousState?: unknown;
  readonly events: ReadonlyArray<{
    readonly type: string;
    readonly payload: unknown;
    readonly occurredAt: number;
  }>;
}

type Row = readonly unknown[];

/** One read model's rows of a batch, with its columns and key (rows sharing a key: the last wins). */
export interface ReadModelRows {
  readonly table: string;
  readonly columns: readonly UpsertColumn[];
  readonly key: readonly string[];
  readonly rows: readonly Row[];
}

/**
 * Writes the desk read models from aggregate states (saved before, in the same
 * transaction: rm_orders.state_hash is read from them): one multi-row statement per table
 * for a whole batch. Rows are pure functions of the state (and the time of the last
 * event), so a replay writes exactly what the live fold wrote. `table` maps a read
 * model to the table written (replay writes fresh tables, then swaps them in).
 */
export class ReadModelProjector {
  constructor(private readonly table: (name: string) => string = (name) => name) {}

  async project(
    executor: SqlExecutor,
    streams: readonly ProjectedStream[],
    marks: readonly MarkRow[],
  ): Promise<void> {
    // Each table's statement stands alone: on a pipelined connection they share a round trip.
    await runIndependent(
      executor,
      this.rowsOf(streams, marks).map(
        ({ table, columns, key, rows }) =>
          () =>
            upsertRows(executor, table, columns, key, rows),
      ),
    );
  }

  /** The rows `project` upserts, per table (tables named through `table`), in write order. */
  rowsOf(streams: readonly ProjectedStream[], marks: readonly MarkRow[]): ReadModelRows[] {
    const rows = {
      orders: [] as Row[],
      fills: [] as Row[],
      positions: [] as Row[],
      positionFills: [] as Row[],
      balances: [] as Row[],
    };
    const breaks: Row[] = [];
    const venueStreams: Row[] = [];
    const markRows = marks.map((mark) => [mark.symbol, mark.market, mark.price, isoTime(mark.time)]);
    for (const stream of streams) {
      if (stream.events.length === 0) continue;
      // The latest time among the stream's events (venue times can arrive out of order);
      // the row keeps the later of it and its stored time, so whatever the batch or page
      // boundaries, it is the latest time of all the stream's events.
      const updatedAt = latestOccurredAt(stream.events);
      const kind = aggregateKindOf(stream.streamId);
      if (isOrderKind(kind)) {
        const order = orderRowOf(stream.streamId, stream.version, stream.state, updatedAt);
        if (order !== null) {
          rows.orders.push(orderValues(order));
          rows.fills.push(...fillRows(stream, order));
        }
      } else if (kind === 'position') {
        const position = positionRowOf(
          stream.streamId,
          stream.version,
          stream.state as FuturesPositionState,
          updatedAt,
        );
        if (position !== null) {
          rows.positions.push([
            position.account,
            position.symbol,
            position.side,
            position.contracts,
            position.avgPrice,
            position.realizedPnl,
            position.fees,
            position.funding,
            position.venue,
            position.breakId,
            position.streamVersion,
            isoTime(position.updatedAt),
          ]);
        }
        rows.positionFills.push(...positionFillRows(stream));
      } else if (kind === 'spot-balance' || kind === 'futures-balance') {
        const row = balanceRow(kind, stream.state as SpotBalanceState | FuturesBalanceState);
        if (row !== null) rows.balances.push(row);
      } else if (kind === 'venue-stream') {
        const state = stream.state as VenueStreamState;
        if (state.accountId !== null) {
          venueStreams.push([
            state.accountId,
            state.connected,
            isoTime(
              state.connected ? state.connectedAt : (state.disconnectedAt ?? state.connectedAt ?? updatedAt),
            ),
            state.gaps,
            isoTime(state.lastGapEnd),
            isoTime(updatedAt),
          ]);
        }
      }
      breaks.push(...breakRows(stream));
    }
    return [
      {
        table: this.table('rm_orders'),
        columns: orderColumns(this.table('oms_aggregate_states')),
        key: ['id'],
        rows: rows.orders,
      },
      {
        table: this.table('rm_fills'),
        columns: FILL_COLUMNS,
        key: ['account', 'market', 'fill_id'],
        rows: rows.fills,
      },
      {
        table: this.table('rm_positions'),
        columns: POSITION_COLUMNS,
        key: ['account', 'symbol', 'side'],
        rows: rows.positions,
      },
      {
        table: this.table('rm_position_fills'),
        columns: POSITION_FILL_COLUMNS,
        key: ['account', 'symbol', 'side', 'fill_id'],
        rows: rows.positionFills,
      },
      {
        table: this.table('rm_balances'),
        columns: BALANCE_COLUMNS,
        key: ['account', 'wallet', 'asset'],
        rows: rows.balances,
      },
      { table: this.table('rm_breaks'), columns: BREAK_COLUMNS, key: ['id'], rows: breaks },
      {
        table: this.table('rm_venue_streams'),
        columns: VENUE_STREAM_COLUMNS,
        key: ['account'],
        rows: venueStreams,
      },
      {
        table: this.table('rm_marks'),
        columns: MARK_COLUMNS,
        key: ['symbol'],
        rows: markRows,
      },
      // Every mark by its time, for values at a past time; marks come from ingest, not the
      // log, so a replay (which has none to give) leaves this table alone.
      { table: MARK_HISTORY_TABLE, columns: MARK_COLUMNS, key: ['symbol', 'time'], rows: markRows },
    ];
  }
}

/**
 * The real fills a position's events recorded (the latest report of each wins), for
 * reports that page through its history; inferred ones live in the state until retired.
 */
function positionFillRows(stream: ProjectedStream): Row[] {
  const rows: Row[] = [];
  for (const event of stream.events) {
    if (event.type !== 'PositionFillRecorded') continue;
    const { accountId, symbol, side, fill } = event.payload as PositionFillRecorded['data'];
    if (!fill.inferred) rows.push([accountId, symbol, side, fill.fillId, fill.time, fill]);
  }
  return rows;
}

function orderValues(order: OrderRow): Row {
  return [
    order.id,
    order.streamId,
    order.streamVersion,
    order.account,
    order.market,
    order.symbol,
    order.side,
    order.type,
    order.priceType,
    order.stopPrice,
    order.leverage,
    order.timeInForce,
    order.price,
    order.origQty,
    order.amount,
    order.executedQty,
    order.avgPrice,
    order.cumulativeQuoteQty,
    order.clientOrderId,
    order.orderId,
    order.status,
    order.origin,
    order.createdBy,
    isoTime(order.createdAt),
    isoTime(order.updatedAt),
    order.uncertainty,
    order.cancel,
    null,
  ];
}

/** Only the fills this change touched: the cost does not grow with the order's fills. */
function fillRows(stream: ProjectedStream, order: OrderRow): Row[] {
  const rows: Row[] = [];
  for (const fill of touchedFillsOf(
    stream.state as AnyOrderCoreState,
    stream.events,
    stream.previousState as AnyOrderCoreState | undefined,
  )) {
    rows.push([
      order.account,
      order.market,
      fill.fillId,
      omsOrderId(stream.streamId),
      order.orderId ?? '',
      order.symbol,
      order.side,
      fill.price,
      fill.qty,
      new Dec(fill.price).times(fill.qty).toFixed(),
      fill.fee?.amount ?? null,
      fill.fee?.asset ?? null,
      fill.realizedPnl,
      fill.isMaker,
      isoTime(fill.time),
      fill.sources,
    ]);
  }
  return rows;
}

function balanceRow(
  kind: 'spot-balance' | 'futures-balance',
  state: SpotBalanceState | FuturesBalanceState,
): Row | null {
  const figures =
    kind === 'spot-balance'
      ? spotBalanceFigures(state as SpotBalanceState)
      : futuresBalanceFigures(state as FuturesBalanceState);
  if (figures === null || state.accountId === null || state.asset === null) return null;
  return [
    state.accountId,
    kind === 'spot-balance' ? 'spot' : 'futures',
    state.asset,
    figures.free,
    figures.locked,
    figures.total,
    isoTime(figures.venueTime),
  ];
}

function breakRows(stream: ProjectedStream): Row[] {
  const breaks = (stream.state as { breaks?: Readonly<Record<string, ReconciliationBreak>> }).breaks ?? {};
  const state = stream.state as { accountId?: string | null; symbol?: string | null };
  const ids = new Set<string>();
  for (const event of stream.events) {
    if (event.type === 'ReconciliationBreakDetected' || event.type === 'ReconciliationBreakResolved') {
      ids.add((event.payload as { breakId: string }).breakId);
    }
  }
  const rows: Row[] = [];
  for (const breakId of ids) {
    const item = breaks[breakId];
    if (item === undefined) continue;
    rows.push([
      `${stream.streamId}#${breakId}`,
      stream.streamId,
      item.kind,
      state.accountId ?? '-',
      state.symbol ?? null,
      isoTime(item.detectedAt),
      item.oms,
      item.venue,
      item.resolution === null ? 'open' : 'resolved',
      item.resolution?.actor ?? null,
      isoTime(item.resolution?.resolvedAt ?? null),
      item.resolution?.note ?? null,
    ]);
  }
  return rows;
}

function latestOccurredAt(events: ProjectedStream['events']): number {
  let latest = events[0].occurredAt;
  for (const event of events) if (event.occurredAt > latest) latest = event.occurredAt;
  return latest;
}
