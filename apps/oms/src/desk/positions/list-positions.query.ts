import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { positionStreamId } from '@oms/domain';
import { DataSource } from 'typeorm';
import { SqlFilter } from '../shared/sql-filter';
import { loadPositionStates } from './position-states';
import { PositionListResponse } from './position.response';
import { PositionRow, toPositionResponse } from './position.row';

/** Futures positions now, with their marks and open breaks; flat ones only when asked. */
export class ListPositionsQuery extends Query<PositionListResponse> {
  constructor(
    readonly accounts: readonly string[] | null,
    readonly symbol: string | undefined,
    readonly includeFlat: boolean,
  ) {
    super();
  }
}

@QueryHandler(ListPositionsQuery)
export class ListPositionsHandler implements IQueryHandler<ListPositionsQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(query: ListPositionsQuery): Promise<PositionListResponse> {
    const sql = new SqlFilter().within('p.account', query.accounts).equals('p.symbol', query.symbol);
    if (!query.includeFlat) sql.where('p.contracts <> 0');
    const rows = await this.dataSource.query<PositionRow[]>(
      `SELECT p.account, p.symbol, p.side, p.contracts, p.avg_price, p.realized_pnl, p.fees, p.funding, p.venue,
              p.break_id, p.updated_at, m.price AS mark_price, m.time AS mark_time,
              b.kind AS break_kind, b.oms AS break_oms, b.venue AS break_venue
         FROM rm_positions p
         LEFT JOIN rm_marks m ON m.symbol = p.symbol
         LEFT JOIN rm_breaks b ON b.id = p.break_id
         ${sql.clause()}
        ORDER BY p.account, p.symbol, p.side`,
      sql.params,
    );
    const states = await loadPositionStates(this.dataSource, rows);
    return {
      items: rows.map((row) =>
        toPositionResponse(row, states.get(positionStreamId(row.account, row.symbol, row.side))),
      ),
    };
  }
}
