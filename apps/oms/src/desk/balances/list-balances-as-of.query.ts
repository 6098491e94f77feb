import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AsOfService } from '../../audit/as-of.service';
import { SqlFilter } from '../shared/sql-filter';
import { BalanceListResponse, BalanceResponse } from './balance.response';

/** Balances as the OMS knew them at `asOf`: each balance aggregate folded up to then. */
export class ListBalancesAsOfQuery extends Query<BalanceListResponse> {
  constructor(
    readonly accounts: readonly string[] | null,
    readonly wallet: string | undefined,
    readonly asset: string | undefined,
    readonly asOf: Date,
  ) {
    super();
  }
}

@QueryHandler(ListBalancesAsOfQuery)
export class ListBalancesAsOfHandler implements IQueryHandler<ListBalancesAsOfQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly asOf: AsOfService,
  ) {}

  async execute(query: ListBalancesAsOfQuery): Promise<BalanceListResponse> {
    const sql = new SqlFilter()
      .within('account', query.accounts)
      .equals('wallet', query.wallet)
      .equals('asset', query.asset);
    const keys = await this.dataSource.query<
      Array<{ account: string; wallet: 'spot' | 'futures'; asset: string }>
    >(
      `SELECT account, wallet, asset FROM rm_balances ${sql.clause()} ORDER BY account, wallet, asset`,
      sql.params,
    );
    const items: BalanceResponse[] = [];
    for (const key of keys) {
      const balance = await this.asOf.balance(key.account, key.wallet, key.asset, query.asOf);
      if (balance !== null) items.push({ ...balance, updatedAt: new Date(balance.updatedAt).toISOString() });
    }
    return { items };
  }
}
