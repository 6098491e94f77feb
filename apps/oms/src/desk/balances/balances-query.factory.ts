import { Query } from '@nestjs/cqrs';
import { BalanceListResponse } from './balance.response';
import { BalancesRequest } from './balances.request';
import { ListBalancesAsOfQuery } from './list-balances-as-of.query';
import { ListBalancesQuery } from './list-balances.query';

/** The query a balances request asks for: now, or as of a past time. */
export function balancesQueryOf(
  request: BalancesRequest,
  accounts: readonly string[] | null,
): Query<BalanceListResponse> {
  return request.asOf === undefined
    ? new ListBalancesQuery(accounts, request.wallet, request.asset)
    : new ListBalancesAsOfQuery(accounts, request.wallet, request.asset, new Date(request.asOf));
}
