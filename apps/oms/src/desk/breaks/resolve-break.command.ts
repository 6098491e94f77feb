import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, streamTypeOf } from '@oms/domain';
import { currentCorrelationId, newCorrelationId } from '@oms/platform';
import { DataSource } from 'typeorm';
import { DeskActor } from '../../access/desk-actor';
import { orderStreamIdOf } from '../../aggregates/order-command.service';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { ORDER_COMMAND_PORT, OrderAggregateRef, OrderCommandPort } from '../../orders/order-command.port';
import { BreakResponse } from './break.response';
import { BREAK_COLUMNS, BreakRow, toBreakResponse } from './break.row';

export class ResolveBreakCommand extends Command<BreakResponse> {
  constructor(
    readonly actor: DeskActor,
    readonly id: string,
    readonly note: string,
  ) {
    super();
  }
}

interface OrderOfStream {
  readonly account: string;
  readonly market: 'spot' | 'futures';
  readonly client_order_id: string | null;
}

/**
 * Resolves a break through the aggregate that holds it (libs/domain
 * ResolveReconciliationBreak via the order command port), so the resolution is an
 * event in the audit trail and the projection marks the break resolved. Breaks held
 * by aggregates the port does not reach (positions, orders known only by venue id)
 * are marked resolved in rm_breaks, with the actor and note.
 */
@CommandHandler(ResolveBreakCommand)
export class ResolveBreakHandler implements ICommandHandler<ResolveBreakCommand> {
  private readonly logger = new Logger(ResolveBreakHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(ORDER_COMMAND_PORT) private readonly orders: OrderCommandPort,
  ) {}

  async execute(command: ResolveBreakCommand): Promise<BreakResponse> {
    const found = await this.find(command.id);
    if (found === null)
      throw new DeskError(DeskErrorCode.BREAK_NOT_FOUND, 'no break has this id', { field: 'id' });
    if (found.status === 'resolved')
      throw new DeskError(DeskErrorCode.BREAK_ALREADY_RESOLVED, 'this break is resolved already', {
        field: 'id',
      });
    const ref = await this.orderRefOf(found.stream_id);
    if (ref !== null) {
      const outcome = await this.orders.execute(
        ref,
        {
          type: 'ResolveReconciliationBreak',
          breakId: found.id.slice(found.id.lastIndexOf('#') + 1),
          actor: command.actor.tokenName,
          note: command.note,
          now: Date.now(),
        },
        { actor: command.actor.tokenName, correlationId: currentCorrelationId() ?? newCorrelationId() },
      );
      if (outcome instanceof DomainError)
        throw new DeskError(DeskErrorCode.CONFLICT, `the break could not be resolved: ${outcome.message}`, {
          field: 'id',
        });
    } else {
      this.logger.log({ breakId: found.id, streamId: found.stream_id }, 'break resolved in the read model');
      await this.dataSource.query(
        `UPDATE rm_breaks SET status = 'resolved', resolved_by = $2, resolved_at = now(), note = $3 WHERE id = $1`,
        [found.id, command.actor.tokenName, command.note],
      );
    }
    return toBreakResponse((await this.find(command.id)) as BreakRow);
  }

  private async find(id: string): Promise<BreakRow | null> {
    const rows = await this.dataSource.query<BreakRow[]>(
      `SELECT ${BREAK_COLUMNS} FROM rm_breaks WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** The command-port reference of an order stream keyed by its client id; null for any other stream. */
  private async orderRefOf(streamId: string): Promise<OrderAggregateRef | null> {
    const kind = streamTypeOf(streamId);
    if (kind !== 'spot-order' && kind !== 'futures-order' && kind !== 'futures-stop-order') return null;
    const rows = await this.dataSource.query<OrderOfStream[]>(
      `SELECT account, market, client_order_id FROM rm_orders WHERE stream_id = $1`,
      [streamId],
    );
    const order = rows[0];
    if (order === undefined || order.client_order_id === null) return null;
    const market = kind === 'futures-stop-order' ? 'futures-stop' : order.market;
    const ref = {
      market,
      accountId: order.account,
      clientOrderId: order.client_order_id,
    } as OrderAggregateRef;
    return orderStreamIdOf(ref) === streamId ? ref : null;
  }
}
