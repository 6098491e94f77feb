import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  DomainError,
  FuturesPositionEvent,
  PositionHistory,
  positionHistoryOf,
  positionStreamId,
  SpotPnlFill,
  upcastEvent,
} from '@oms/domain';
import { DataSource } from 'typeorm';
import { isoTime } from '../shared/iso-time';
import { SqlFilter } from '../shared/sql-filter';
import { buildPnlReport } from './pnl-report.builder';
import { PnlReportResponse } from './pnl.response';

export class PnlReportQuery extends Query<PnlReportResponse> {
  constructor(
    readonly account: string,
    readonly symbol: string | undefined,
    readonly from: Date,
    readonly to: Date,
    readonly method: 'average-cost' | 'fifo',
    readonly groupBy: 'day' | 'symbol',
  ) {
    super();
  }
}

interface SpotFillRow {
  readonly fill_id: string;
  readonly symbol: string;
  readonly side: 'BUY' | 'SELL';
  readonly price: string;
  readonly qty: string;
  readonly fee: string | null;
  readonly fee_asset: string | null;
  readonly time_ms: string;
}

/** Loads what the report needs (fills, position aggregates, marks) and builds it. */
@QueryHandler(PnlReportQuery)
export class PnlReportHandler implements IQueryHandler<PnlReportQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(query: PnlReportQuery): Promise<PnlReportResponse> {
    const spotSql = new SqlFilter()
      .equals('account', query.account)
      .equals('market', 'spot')
      .equals('symbol', query.symbol)
      .where('time < ?::timestamptz', query.to.toISOString());
    const spotRows = await this.dataSource.query<SpotFillRow[]>(
      `SELECT fill_id, symbol, side, price, qty, fee, fee_asset,
              (extract(epoch FROM time) * 1000)::bigint::text AS time_ms
         FROM rm_fills ${spotSql.clause()} ORDER BY symbol, time, fill_id`,
      spotSql.params,
    );
    const spot = new Map<string, SpotPnlFill[]>();
    for (const row of spotRows) {
      const fills = spot.get(row.symbol) ?? [];
      fills.push({
        fillId: row.fill_id,
        side: row.side,
        price: row.price,
        qty: row.qty,
        fee: row.fee === null || row.fee_asset === null ? null : { asset: row.fee_asset, amount: row.fee },
        time: Number(row.time_ms),
      });
      spot.set(row.symbol, fills);
    }

    const positionSql = new SqlFilter().equals('account', query.account).equals('symbol', query.symbol);
    const positions = await this.dataSource.query<Array<{ symbol: string; side: 'LONG' | 'SHORT' }>>(
      `SELECT symbol, side FROM rm_positions ${positionSql.clause()}`,
      positionSql.params,
    );
    const futures = new Map<string, PositionHistory[]>();
    const streamIds = positions.map((row) => positionStreamId(query.account, row.symbol, row.side));
    for (const history of await this.positionHistories(streamIds))
      if (history.symbol !== null)
        futures.set(history.symbol, [...(futures.get(history.symbol) ?? []), history]);

    const venueSql = new SqlFilter()
      .equals('account', query.account)
      .equals('market', 'futures')
      .equals('symbol', query.symbol)
      .where('realized_pnl IS NOT NULL')
      .where('time >= ?::timestamptz', query.from.toISOString())
      .where('time < ?::timestamptz', query.to.toISOString());
    const venueRows = await this.dataSource.query<Array<{ symbol: string; day: string; realized: string }>>(
      `SELECT symbol, to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(realized_pnl)::text AS realized
         FROM rm_fills ${venueSql.clause()} GROUP BY 1, 2`,
      venueSql.params,
    );
    const venueRealized = new Map<string, Map<string, string>>();
    for (const row of venueRows) {
      venueRealized.set(
        row.symbol,
        (venueRealized.get(row.symbol) ?? new Map<string, string>()).set(row.day, row.realized),
      );
      if (!futures.has(row.symbol)) futures.set(row.symbol, []);
    }

    const markRows = await this.dataSource.query<Array<{ symbol: string; price: string; time: Date }>>(
      `SELECT symbol, price, time FROM rm_marks`,
    );
    const marks = new Map(markRows.map((row) => [row.symbol, { price: row.price, time: isoTime(row.time) }]));

    return buildPnlReport({
      account: query.account,
      from: query.from.getTime(),
      to: query.to.getTime(),
      method: query.method,
      groupBy: query.groupBy,
      spot,
      futures,
      venueRealized,
      marks,
    });
  }

  /**
   * Each position's fills and funding from its events: the kept state holds the fills
   * before its window as totals only, and the period may end before them.
   */
  private async positionHistories(streamIds: readonly string[]): Promise<PositionHistory[]> {
    if (streamIds.length === 0) return [];
    const rows = await this.dataSource.query<
      Array<{ stream_id: string; event_type: string; schema_version: number; payload: unknown }>
    >(
      `SELECT stream_id, event_type, schema_version, payload FROM events
        WHERE stream_id = ANY($1)
          AND event_type IN ('PositionFillRecorded', 'PositionFillRetired', 'FundingPaymentRecorded')
        ORDER BY stream_id, stream_version`,
      [streamIds],
    );
    const byStream = new Map<string, FuturesPositionEvent[]>();
    for (const row of rows) {
      const event = upcastEvent({
        type: row.event_type,
        schemaVersion: row.schema_version,
        data: row.payload,
      });
      if (event instanceof DomainError) throw event;
      const events = byStream.get(row.stream_id) ?? [];
      events.push(event as FuturesPositionEvent);
      byStream.set(row.stream_id, events);
    }
    return [...byStream.values()].map((events) => positionHistoryOf(events));
  }
}
