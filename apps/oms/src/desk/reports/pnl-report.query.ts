import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource, QueryRunner } from 'typeorm';
import { isoTime } from '../shared/iso-time';
import { marksAt } from '../shared/marks-at';
import { SqlFilter } from '../shared/sql-filter';
import { foldPositions, foldSpotFills, historyEndOf, PnlFoldTerms } from './pnl-history-folds';
import { utcDay } from '@oms/domain';
import { CheckpointsToKeep } from './pnl-checkpoints';
import { buildPnlReport, feeAssetPrices, periodDays, PnlInputs } from './pnl-report.builder';
import { inReportSnapshot } from './pnl-report-snapshot';
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

/**
 * Builds the report in one REPEATABLE READ snapshot (every read sees the same moment of
 * the read models), folding each symbol's history a page at a time; each history from
 * its newest checkpoint before the period, keeping one at the period's start for the
 * next report (`inReportSnapshot`).
 */
@QueryHandler(PnlReportQuery)
export class PnlReportHandler implements IQueryHandler<PnlReportQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(query: PnlReportQuery): Promise<PnlReportResponse> {
    // The primary: a report may keep checkpoints for the next one.
    const runner = this.dataSource.createQueryRunner('master');
    await runner.connect();
    try {
      const scope = { account: query.account, symbol: query.symbol, to: query.to.getTime() };
      // Read in the snapshot; the report is built once it has ended.
      const read = await inReportSnapshot(runner, scope, async (toKeep) => {
        // Valued at the marks of the period's end, as the OMS knew them then.
        const marks = new Map(
          [...(await marksAt(runner, query.to))].map(([symbol, mark]) => [
            symbol,
            { price: mark.price, time: isoTime(mark.time) },
          ]),
        );
        const terms: PnlFoldTerms = {
          ...scope,
          historyEnd: historyEndOf(query.from.getTime()),
          method: query.method,
          marks,
          feeAssetPrices: feeAssetPrices(marks),
          keepDay: periodDays(query.from.getTime(), query.to.getTime()),
        };
        const spot = await foldSpotFills(runner, terms, toKeep);
        const futures = await foldPositions(runner, terms, toKeep);
        const venueRealized = await this.venueRealized(runner, query);
        for (const symbol of venueRealized.keys()) if (!futures.has(symbol)) futures.set(symbol, []);
        return {
          marks,
          spot,
          futures,
          venueRealized,
          beforeFrom: await this.beforeFrom(runner, query, terms),
        };
      });
      return buildPnlReport({
        account: query.account,
        from: query.from.getTime(),
        to: query.to.getTime(),
        method: query.method,
        groupBy: query.groupBy,
        ...read,
      });
    } finally {
      await runner.release();
    }
  }

  /**
   * The first day's lines up to `from`, when the period starts within a day: the folds
   * give whole days, and these are taken off the first. Their checkpoints are the
   * period's own, kept by its folds.
   */
  private async beforeFrom(
    runner: QueryRunner,
    query: PnlReportQuery,
    terms: PnlFoldTerms,
  ): Promise<PnlInputs['beforeFrom']> {
    const from = query.from.getTime();
    if (from === terms.historyEnd) return undefined;
    const firstDay = utcDay(from);
    const upToFrom: PnlFoldTerms = { ...terms, to: from, keepDay: (day) => day === firstDay };
    const unkept = new CheckpointsToKeep();
    return {
      day: firstDay,
      spot: await foldSpotFills(runner, upToFrom, unkept),
      futures: await foldPositions(runner, upToFrom, unkept),
    };
  }

  /** The venue's own realizedPnl of the period's futures fills, by symbol and UTC day. */
  private async venueRealized(
    runner: QueryRunner,
    query: PnlReportQuery,
  ): Promise<Map<string, Map<string, string>>> {
    const venueSql = new SqlFilter()
      .equals('account', query.account)
      .equals('market', 'futures')
      .equals('symbol', query.symbol)
      .where('realized_pnl IS NOT NULL')
      .where('time >= ?::timestamptz', query.from.toISOString())
      .where('time < ?::timestamptz', query.to.toISOString());
    const venueRows = (await runner.query(
      `SELECT symbol, to_char(time AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, sum(realized_pnl)::text AS realized
         FROM rm_fills ${venueSql.clause()} GROUP BY 1, 2`,
      [...venueSql.params],
    )) as Array<{ symbol: string; day: string; realized: string }>;
    const venueRealized = new Map<string, Map<string, string>>();
    for (const row of venueRows) {
      venueRealized.set(
        row.symbol,
        (venueRealized.get(row.symbol) ?? new Map<string, string>()).set(row.day, row.realized),
      );
    }
    return venueRealized;
  }
}
