import { AccountScope } from '../../access/account-scope';
import { DeskActor } from '../../access/desk-actor';
import { DEFAULT_PAGE_LIMIT } from './page';

/** A list query's constructor: the filter, the accounts it may read (null: all), the page. */
export type ListQueryClass<Filter, ListQuery> = new (
  filter: Filter,
  accounts: readonly string[] | null,
  limit: number,
  cursor?: string,
) => ListQuery;

/**
 * The list query for a desk request, REST or GraphQL, built one way: `account` leaves the
 * filter and becomes the accounts the actor may read (AccountScope refuses an account
 * outside the actor's scope), and `limit` defaults to DEFAULT_PAGE_LIMIT.
 */
export function scopedListQuery<Filter extends { readonly account?: string }, ListQuery>(
  ListQuery: ListQueryClass<Omit<Filter, 'account'>, ListQuery>,
  scope: AccountScope,
  actor: DeskActor,
  filter: Filter,
  page: { readonly limit?: number; readonly cursor?: string },
): ListQuery {
  const { account, ...rest } = filter;
  return new ListQuery(
    rest,
    scope.accountsFor(actor, account),
    page.limit ?? DEFAULT_PAGE_LIMIT,
    page.cursor,
  );
}
