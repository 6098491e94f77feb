import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { AccountScope } from '../../access/account-scope';
import { DeskActor } from '../../access/desk-actor';
import { AsOfService } from '../../audit/as-of.service';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { OrderRow as ProjectedOrderRow } from '../../projections/order-row';
import { OrderResponse } from './order.response';
import { toOrderResponse } from './order.mapper';

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

/** The fold's projected row (epoch-ms times) in the shape the read model stores. */
function asStoredRow(row: ProjectedOrderRow): Parameters<typeof toOrderResponse>[0] {
  return {
    id: row.id,
    stream_id: row.streamId,
    account: row.account,
    market: row.market,
    symbol: row.symbol,
    side: row.side,
    type: row.type,
    price_type: row.priceType,
    stop_price: row.stopPrice,
    leverage: row.leverage,
    time_in_force: row.timeInForce,
    price: row.price,
    orig_qty: row.origQty,
    amount: row.amount,
    executed_qty: row.executedQty,
    avg_price: row.avgPrice,
    cumulative_quote_qty: row.cumulativeQuoteQty,
    client_order_id: row.clientOrderId,
    order_id: row.orderId,
    status: row.status,
    origin: row.origin,
    created_by: row.createdBy,
    created_at: new Date(row.createdAt),
    updated_at: new Date(row.updatedAt),
    uncertainty: (row.uncertainty as Record<string, unknown> | null) ?? null,
    cancel: (row.cancel as Record<string, unknown> | null) ?? null,
    cursor_at: new Date(row.createdAt).toISOString(),
  };
}

@QueryHandler(GetOrderAsOfQuery)
export class GetOrderAsOfHandler implements IQueryHandler<GetOrderAsOfQuery> {
  constructor(
    private readonly asOf: AsOfService,
    private readonly scope: AccountScope,
  ) {}

  async execute(query: GetOrderAsOfQuery): Promise<OrderResponse> {
    const row = await this.asOf.order(query.id, query.asOf);
    if (row === null)
      throw new DeskError(
        DeskErrorCode.ORDER_NOT_FOUND,
        `the OMS knew no order with id ${query.id} at ${query.asOf.toISOString()}`,
        { field: 'id' },
      );
    this.scope.requireCovered(query.actor, row.account);
    return toOrderResponse(asStoredRow(row));
  }
}
