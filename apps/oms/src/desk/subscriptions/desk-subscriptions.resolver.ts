import { Args, Resolver, Subscription } from '@nestjs/graphql';
import { filter, Observable } from 'rxjs';
import { AccountScope } from '../../access/account-scope';
import { CurrentActor, RequireRole } from '../../access/access.decorators';
import { DeskActor } from '../../access/desk-actor';
import { BalanceResponse } from '../balances/balance.response';
import { FillResponse } from '../fills/fill.response';
import { OrderResponse } from '../orders/order.response';
import { PositionResponse } from '../positions/position.response';
import { toAsyncIterator } from './async-iterator';
import { ReadModelChanges } from './read-model-changes';
import { AccountArgs, AccountSymbolArgs } from './subscription.args';

const asPayload = <T>(value: T): T => value;

/**
 * Live desk subscriptions (graphql-ws on /graphql), fed from committed read models and
 * narrowed to the subscriber's account (or token scope) and symbol.
 */
@Resolver()
@RequireRole('viewer')
export class DeskSubscriptionsResolver {
  constructor(
    private readonly changes: ReadModelChanges,
    private readonly scope: AccountScope,
  ) {}

  private watch<T extends { account: string; symbol?: string }>(
    source: Observable<T>,
    actor: DeskActor,
    args: { account?: string; symbol?: string },
  ): AsyncIterableIterator<T> {
    const accounts = this.scope.accountsFor(actor, args.account);
    return toAsyncIterator(
      source.pipe(
        filter(
          (item) =>
            (accounts === null || accounts.includes(item.account)) &&
            (args.symbol === undefined || item.symbol === args.symbol),
        ),
      ),
    );
  }

  @Subscription(() => OrderResponse, { resolve: asPayload, description: 'Each committed change of an order' })
  orderUpdated(
    @CurrentActor() actor: DeskActor,
    @Args() args: AccountSymbolArgs,
  ): AsyncIterableIterator<OrderResponse> {
    return this.watch(this.changes.orders, actor, args);
  }

  @Subscription(() => FillResponse, { resolve: asPayload, description: 'Each new fill, once' })
  fillAdded(
    @CurrentActor() actor: DeskActor,
    @Args() args: AccountSymbolArgs,
  ): AsyncIterableIterator<FillResponse> {
    return this.watch(this.changes.fillsAdded, actor, args);
  }

  @Subscription(() => FillResponse, {
    resolve: asPayload,
    description:
      'A fill fillAdded has sent, again each time it changes: the fee and realized P&L a later ' +
      'venue poll brings (the stream reports a fill without them), another source seeing it',
  })
  fillUpdated(
    @CurrentActor() actor: DeskActor,
    @Args() args: AccountSymbolArgs,
  ): AsyncIterableIterator<FillResponse> {
    return this.watch(this.changes.fillsUpdated, actor, args);
  }

  @Subscription(() => PositionResponse, {
    resolve: asPayload,
    description: 'Each committed change of a position',
  })
  positionChanged(
    @CurrentActor() actor: DeskActor,
    @Args() args: AccountSymbolArgs,
  ): AsyncIterableIterator<PositionResponse> {
    return this.watch(this.changes.positions, actor, args);
  }

  @Subscription(() => BalanceResponse, {
    resolve: asPayload,
    description: 'Each committed change of a balance',
  })
  balanceChanged(
    @CurrentActor() actor: DeskActor,
    @Args() args: AccountArgs,
  ): AsyncIterableIterator<BalanceResponse> {
    return this.watch(this.changes.balances, actor, args);
  }
}
