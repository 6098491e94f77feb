import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { isoTime } from '../shared/iso-time';
import { SqlFilter } from '../shared/sql-filter';
import { BalanceListResponse, BalanceResponse } from './balance.response';

interface BalanceRow {
  readonly account: string;
  readonly wallet: string;
  readonly asset: string;
  readonly free: string;
  readonly locked: string;
  readonly total: string;
  readonly updated_at: Date;
}

export function toBalanceResponse(row: BalanceRow): BalanceResponse {
  return {
    account: row.account,
    wallet: row.wallet,
    asset: row.asset,
    free: row.free,
    locked: row.locked,
    total: row.total,
    updatedAt: isoTime(row.updated_at),
  };
}

/** Balances now, per account, wallet and asset. */
export class ListBalancesQuery extends Query<BalanceListResponse> {
  constructor(
    readonly accounts: readonly string[] | null,
    readonly wallet: string | undefined,
    readonly asset: string | undefined,
  ) {
    super();
  }
}

@QueryHandler(ListBalancesQuery)
export class ListBalancesHandler implements IQueryHandler<ListBalancesQuery> {
  constructor(private readonly dataSource: DataSource) {}

  async execute(query: ListBalancesQuery): Promise<BalanceListResponse> {
    const sql = new SqlFilter()
      .within('account', query.accounts)
      .equals('wallet', query.wallet)
      .equals('asset', query.asset);
    const rows = await this.dataSource.query<BalanceRow[]>(
      `SELECT account, wallet, asset, free, locked, total, updated_at FROM rm_balances ${sql.clause()}
        ORDER BY account, wallet, asset`,
      sql.params,
    );
    return { items: rows.map(toBalanceResponse) };
  }
}
