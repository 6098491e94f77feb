import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AsOfService } from '../../audit/as-of.service';
import { marksAt } from '../shared/marks-at';
import { shownFigure } from '../shared/shown-figure';
import { SqlFilter } from '../shared/sql-filter';
import { PositionListResponse, PositionResponse } from './position.response';
import { PositionKey } from './position-states';
import { unrealizedPnlOf } from './position.row';

/**
 * Positions as the OMS knew them at `asOf`: each position aggregate folded up to then
 * (AsOfService), valued at the mark the OMS held at that time (null, with its unrealized
 * P&L, when it held none yet).
 */
export class ListPositionsAsOfQuery extends Query<PositionListResponse> {
  constructor(
    readonly accounts: readonly string[] | null,
    readonly symbol: string | undefined,
    readonly includeFlat: boolean,
    readonly asOf: Date,
  ) {
    super();
  }
}

@QueryHandler(ListPositionsAsOfQuery)
export class ListPositionsAsOfHandler implements IQueryHandler<ListPositionsAsOfQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly asOf: AsOfService,
  ) {}

  async execute(query: ListPositionsAsOfQuery): Promise<PositionListResponse> {
    const sql = new SqlFilter().within('account', query.accounts).equals('symbol', query.symbol);
    const keys = await this.dataSource.query<PositionKey[]>(
      `SELECT account, symbol, side FROM rm_positions ${sql.clause()} ORDER BY account, symbol, side`,
      sql.params,
    );
    const marks = await marksAt(this.dataSource, query.asOf);
    const items: PositionResponse[] = [];
    for (const key of keys) {
      const position = await this.asOf.position(key.account, key.symbol, key.side, query.asOf);
      if (position === null) continue;
      const { row, state } = position;
      if (!query.includeFlat && Number(row.contracts) === 0) continue;
      const venue = row.venue as PositionResponse['venue'];
      const mark = marks.get(row.symbol);
      items.push({
        account: row.account,
        symbol: row.symbol,
        side: row.side,
        contracts: row.contracts,
        avgPrice: shownFigure(row.avgPrice),
        realizedPnl: shownFigure(row.realizedPnl),
        unrealizedPnl: shownFigure(unrealizedPnlOf(state, mark?.price ?? null)),
        mark: mark?.price ?? null,
        markTime: mark === undefined ? null : mark.time.toISOString(),
        fees: shownFigure(row.fees),
        funding: shownFigure(row.funding),
        venue: venue ?? null,
        break: row.breakId === null ? null : await this.breakOf(row.breakId),
        updatedAt: new Date(row.updatedAt).toISOString(),
      });
    }
    return { items };
  }

  private async breakOf(id: string): Promise<PositionResponse['break']> {
    const rows = await this.dataSource.query<Array<{ kind: string; oms: unknown; venue: unknown }>>(
      `SELECT kind, oms, venue FROM rm_breaks WHERE id = $1`,
      [id],
    );
    return {
      id,
      kind: rows[0]?.kind ?? 'UNKNOWN',
      detail: { oms: rows[0]?.oms ?? null, venue: rows[0]?.venue ?? null },
    };
  }
}
