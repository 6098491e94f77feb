import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { AccountScope } from '../../access/account-scope';
import { DeskActor } from '../../access/desk-actor';
import { AsOfService } from '../../audit/as-of.service';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { canBeOrderId } from './order.row';
import { OrderResponse } from './order.response';
import { storedOrderRowOf, toOrderResponse } from './order.mapper';

/** One order as the OMS knew it at `asOf`: its events recorded by then, folded (AsOfService). */
export class GetOrderAsOfQuery extends Query<OrderResponse> {
  constructor(
    readonly actor: DeskActor,
    readonly id: string,
    readonly asOf: Date,
  ) {
    super();
  }
}

@QueryHandler(GetOrderAsOfQuery)
export class GetOrderAsOfHandler implements IQueryHandler<GetOrderAsOfQuery> {
  constructor(
    private readonly asOf: AsOfService,
    private readonly scope: AccountScope,
  ) {}

  async execute(query: GetOrderAsOfQuery): Promise<OrderResponse> {
    const row = canBeOrderId(query.id) ? await this.asOf.order(query.id, query.asOf) : null;
    if (row === null)
      throw new DeskError(
        DeskErrorCode.ORDER_NOT_FOUND,
        `the OMS knew no order with id ${query.id} at ${query.asOf.toISOString()}`,
        { field: 'id' },
      );
    this.scope.requireCovered(query.actor, row.account);
    return toOrderResponse(storedOrderRowOf(row));
  }
}
