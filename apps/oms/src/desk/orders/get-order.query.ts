import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AccountScope } from '../../access/account-scope';
import { DeskActor } from '../../access/desk-actor';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { UUID_KEY } from '../shared/page-cursor';
import { toOrderResponse } from './order.mapper';
import { OrderResponse } from './order.response';
import { ORDER_COLUMNS, OrderRow } from './order.row';

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
    // rm_orders.id is a uuid column: Postgres refuses other text with an error, not an empty result.
    const rows = UUID_KEY.test(query.id)
      ? await this.dataSource.query<OrderRow[]>(`SELECT ${ORDER_COLUMNS} FROM rm_orders WHERE id = $1`, [
          query.id,
        ])
      : [];
    if (rows.length === 0)
      throw new DeskError(DeskErrorCode.ORDER_NOT_FOUND, `no order has id ${query.id}`, { field: 'id' });
    this.scope.requireCovered(query.actor, rows[0].account);
    return toOrderResponse(rows[0]);
  }
}
