import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { AccountScope } from '../../access/account-scope';
import { DeskActor } from '../../access/desk-actor';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { isoTime } from '../shared/iso-time';
import { canBeOrderId } from './order.row';
import { OrderEventListResponse, OrderEventResponse } from './order-event.response';

interface EventRow {
  readonly event_id: string;
  readonly event_type: string;
  readonly payload: Record<string, unknown>;
  readonly metadata: Record<string, unknown>;
  readonly recorded_at: Date;
}

const SOURCES = new Set(['ws', 'rest-poll', 'rest-ack', 'oms']);

/**
 * The source of an event: an observation's payload names the venue channel that saw it
 * (also when a command recorded it); otherwise the metadata's, else the OMS's own.
 */
function sourceOf(row: EventRow): string {
  for (const candidate of [row.payload.source, row.metadata.source])
    if (typeof candidate === 'string' && SOURCES.has(candidate)) return candidate;
  return 'oms';
}

export function toOrderEventResponse(row: EventRow): OrderEventResponse {
  const source = sourceOf(row);
  return {
    eventId: row.event_id,
    type: row.event_type,
    source,
    recordedAt: isoTime(row.recorded_at),
    // Venue facts carry no desk actor: those ingest recorded (it names itself 'ingest'),
    // and those a desk command recorded from the venue's answer (source rest-ack), which
    // keep the command's actor in their metadata.
    actor:
      source === 'oms' && typeof row.metadata.actor === 'string' && row.metadata.actor !== 'ingest'
        ? row.metadata.actor
        : null,
    payload: row.payload,
  };
}

/** The audit trail of one order (by OMS id), oldest first. */
export class OrderEventsQuery extends Query<OrderEventListResponse> {
  constructor(
    readonly actor: DeskActor,
    readonly orderId: string,
  ) {
    super();
  }
}

@QueryHandler(OrderEventsQuery)
export class OrderEventsHandler implements IQueryHandler<OrderEventsQuery> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly scope: AccountScope,
  ) {}

  async execute(query: OrderEventsQuery): Promise<OrderEventListResponse> {
    const orders = canBeOrderId(query.orderId)
      ? await this.dataSource.query<Array<{ stream_id: string; account: string }>>(
          `SELECT stream_id, account FROM rm_orders WHERE id = $1`,
          [query.orderId],
        )
      : [];
    if (orders.length === 0)
      throw new DeskError(DeskErrorCode.ORDER_NOT_FOUND, `no order has id ${query.orderId}`, { field: 'id' });
    this.scope.requireCovered(query.actor, orders[0].account);
    const rows = await this.dataSource.query<EventRow[]>(
      `SELECT event_id, event_type, payload, metadata, recorded_at FROM events
        WHERE stream_id = $1 ORDER BY stream_version`,
      [orders[0].stream_id],
    );
    return { items: rows.map(toOrderEventResponse) };
  }
}
