import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AccountScope } from '../../access/account-scope';
import { DeskActor } from '../../access/desk-actor';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { toOrderResponse } from './order.mapper';
import { OrderResponse } from './order.response';
import { findOrderRow } from './order.row';

/** One order by its OMS id, as the read model holds it now. */
export class GetOrderQuery extends Query<OrderResponse> {
  constructor(
    readonly actor: DeskActor,
    readonly id: string,
  ) {
    super();
  }
}

@QueryHandler(GetOrderQuery)
export class GetOrderHandler implements IQueryHandler<GetOrderQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly scope: AccountScope,
  ) {}

  async execute(query: GetOrderQuery): Promise<OrderResponse> {
    const row = await findOrderRow(this.dataSource, query.id);
    if (row === null)
      throw new DeskError(DeskErrorCode.ORDER_NOT_FOUND, `no order has id ${query.id}`, { field: 'id' });
    this.scope.requireCovered(query.actor, row.account);
    return toOrderResponse(row);
  }
}
