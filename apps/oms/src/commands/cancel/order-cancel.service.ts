import { Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  DomainErrorCode,
  FuturesOrderObservation,
  FUTURES_ORDER_STATUSES,
  FUTURES_STOP_ORDER_STATUSES,
  FuturesStopOrderObservation,
  isTerminalStatus,
  isTerminalStopStatus,
  SPOT_ORDER_STATUSES,
  UncertaintyReason,
} from '@oms/domain';
import {
  FuturesLimitOrder,
  FuturesStopOrder,
  OrderNotFoundError,
  Rejected,
  SpotCancelAck,
  WriteOutcome,
} from '@oms/exchange';
import { futuresOrderAckObservation, spotOrderAckObservation, uncertaintyReasonOf } from '@oms/observations';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { AnswerRecordings } from '../../orders/answer-recordings';
import { CommandDecidedListener, OrderAggregateRef } from '../../orders/order-command.port';
import { OrderRow } from '../../projections/order-row';
import { CommandReadModels } from '../orders/command-read-models';
import { committedOrderResponse } from '../orders/committed-order';
import { OrderResponse } from '../../desk/orders/order.response';
import { deskErrorOfDomain } from '../placement/domain-refusal';
import { CommandOrigin, OrderCommands } from '../placement/order-commands';
import { deskErrorOfRejection, rejectionCode } from '../placement/venue-refusal';
import { UncertainOrderResolver } from '../resolution/uncertain-order-resolver';
import { VenueGateways } from '../venue/venue-gateways';

type CancelAck = SpotCancelAck | FuturesLimitOrder | FuturesStopOrder;

/** What the OMS records of the venue's answer to a cancel. */
type CancelAnswer =
  | { readonly kind: 'accepted'; readonly value: CancelAck }
  | Rejected
  | { readonly kind: 'uncertain'; readonly reason: UncertaintyReason; readonly detail: string };

function isOneOf<T extends string>(value: string, values: readonly T[]): value is T {
  return (values as readonly string[]).includes(value);
}

/**
 * An order that is over, nothing left to cancel (desk-api.md: 409 ORDER_NOT_OPEN): a
 * terminal venue status as libs/domain rules them, or NOT_PLACED.
 */
function isClosed(status: string): boolean {
  if (status === 'NOT_PLACED') return true;
  if (isOneOf(status, FUTURES_STOP_ORDER_STATUSES)) return isTerminalStopStatus(status);
  if (isOneOf(status, SPOT_ORDER_STATUSES) || isOneOf(status, FUTURES_ORDER_STATUSES)) {
    return isTerminalStatus(status);
  }
  return false;
}

/** Statuses of an order whose placement the venue has not confirmed yet. */
const UNCONFIRMED_STATUSES: ReadonlySet<string> = new Set(['PENDING_SUBMIT', 'UNCERTAIN']);

/**
 * The answer to record. "Order not found" for an order whose placement is not yet
 * certain says nothing of the order (it may not have reached the venue yet, or never
 * will): the cancel stays uncertain, and the resolver settles it with the order.
 */
function cancelAnswerOf(order: OrderResponse, outcome: WriteOutcome<CancelAck>): CancelAnswer {
  switch (outcome.kind) {
    case 'accepted':
      return outcome;
    case 'uncertain':
      return {
        kind: 'uncertain',
        reason: uncertaintyReasonOf(outcome),
        detail: outcome.detail.slice(0, 500),
      };
    case 'rejected':
      if (outcome.error instanceof OrderNotFoundError && UNCONFIRMED_STATUSES.has(order.status)) {
        return {
          kind: 'uncertain',
          reason: 'venue-status-unknown',
          detail: `the venue does not know the order yet: ${outcome.error.code} ${outcome.error.venueMessage}`,
        };
      }
      return outcome;
  }
}

/**
 * The aggregate of an order row: desk orders are keyed by the client id the OMS
 * generated, orders placed elsewhere by their venue order id.
 */
export function refOfOrder(order: OrderResponse): OrderAggregateRef {
  const market = order.market === 'spot' ? 'spot' : order.type === 'STOP' ? 'futures-stop' : 'futures';
  if (order.origin === 'desk')
    return { market, accountId: order.account, clientOrderId: order.clientOrderId };
  if (order.orderId === null) {
    throw new DeskError(DeskErrorCode.ORDER_NOT_OPEN, `order ${order.id} has no venue order id to cancel by`);
  }
  return { market, accountId: order.account, clientOrderId: order.clientOrderId, orderId: order.orderId };
}

/**
 * Cancels one desk order: the request is recorded before the venue is asked, the
 * answer after (an acknowledgement never confirms the cancel, a later report does);
 * a 5XX, timeout or reset leaves the cancel UNCERTAIN for the resolver. An order still
 * UNCERTAIN itself is cancelled by its client id.
 */
@Injectable()
export class OrderCancelService {
  private readonly logger = new Logger(OrderCancelService.name);

  constructor(
    private readonly gateways: VenueGateways,
    private readonly commands: OrderCommands,
    private readonly readModels: CommandReadModels,
    private readonly resolver: UncertainOrderResolver,
    private readonly recordings: AnswerRecordings,
  ) {}

  async cancel(order: OrderResponse, origin: CommandOrigin): Promise<OrderResponse> {
    const ref = refOfOrder(order);
    const gateway = this.gateways.get(order.account);
    const requested = await this.commands.execute(
      ref,
      { type: 'RequestCancel', actor: origin.actor ?? 'oms', now: Date.now() },
      origin,
      'oms',
    );
    if (requested instanceof DomainError) {
      // A second cancel of an order whose cancel is pending answers its current state,
      // unless the first has closed the order meanwhile.
      if (requested.code === DomainErrorCode.CancelAlreadyPending) {
        const current = await this.current(order.id);
        if (isClosed(current.status)) {
          throw new DeskError(DeskErrorCode.ORDER_NOT_OPEN, `order ${order.id} is ${current.status}`);
        }
        return current;
      }
      throw deskErrorOfDomain(requested);
    }
    const lookup = order.orderId !== null ? { orderId: order.orderId } : { clientOrderId: ref.clientOrderId };
    const outcome: WriteOutcome<CancelAck> =
      ref.market === 'spot'
        ? await gateway.client.spot.cancelOrder(lookup)
        : await gateway.client.futures.cancelOrder({
            ...lookup,
            type: ref.market === 'futures-stop' ? 'STOP' : 'LIMIT',
            symbol: order.symbol,
          });
    const answer = cancelAnswerOf(order, outcome);
    // Answered once decided on the order; the commit goes on off the answer's path, and
    // this process's reads wait for it, so a read right after shows at least this row.
    const decided = await this.recordings.answerFirst(order.id, (onDecided) =>
      this.recordAnswer(ref, answer, origin, onDecided),
    );
    if (answer.kind === 'rejected') throw deskErrorOfRejection(answer.error, answer.sent);
    return (decided === null ? undefined : committedOrderResponse(decided)) ?? this.current(order.id);
  }

  async current(id: string): Promise<OrderResponse> {
    const order = await this.readModels.order(id);
    if (order === null) throw new DeskError(DeskErrorCode.ORDER_NOT_FOUND, `no order ${id}`);
    return order;
  }

  /**
   * Records the venue's answer to a cancel; answers the rm_orders row it committed (null
   * when none), and tells `onDecided` the row before it commits.
   */
  private async recordAnswer(
    ref: OrderAggregateRef,
    outcome: CancelAnswer,
    origin: CommandOrigin,
    onDecided: CommandDecidedListener,
  ): Promise<OrderRow | null> {
    const now = Date.now();
    try {
      let written: Awaited<ReturnType<OrderCommands['execute']>>;
      switch (outcome.kind) {
        case 'accepted':
          written = await this.writeAck(ref, outcome.value, origin, now, onDecided);
          // The stream's report confirms it; the resolver looks it up too, should that report be lost.
          this.resolver.track(ref, 'cancel');
          break;
        case 'rejected':
          written = await this.commands.execute(
            ref,
            { type: 'RecordCancelRejected', ...rejectionCode(outcome), now },
            origin,
            outcome.sent ? 'rest-ack' : 'oms',
            onDecided,
          );
          break;
        case 'uncertain':
          written = await this.commands.execute(
            ref,
            { type: 'RecordCancelUncertain', reason: outcome.reason, detail: outcome.detail, now },
            origin,
            'oms',
            onDecided,
          );
          this.resolver.track(ref, 'cancel');
          break;
      }
      if (!(written instanceof DomainError)) return written.order;
      this.logger.warn(
        { code: written.code, clientOrderId: ref.clientOrderId },
        'cancel answer not recorded',
      );
    } catch (error) {
      this.logger.error({ err: error, clientOrderId: ref.clientOrderId }, 'cancel answer not recorded');
      this.resolver.track(ref, 'cancel');
    }
    return null;
  }

  private writeAck(
    ref: OrderAggregateRef,
    ack: CancelAck,
    origin: CommandOrigin,
    now: number,
    onDecided: CommandDecidedListener,
  ) {
    switch (ref.market) {
      case 'spot':
        return this.commands.execute(
          ref,
          {
            type: 'RecordSpotCancelAccepted',
            acknowledgement: spotOrderAckObservation(ref.accountId, ack as SpotCancelAck, 'cancel').data,
            now,
          },
          origin,
          'rest-ack',
          onDecided,
        );
      case 'futures':
        return this.commands.execute(
          ref,
          {
            type: 'RecordFuturesCancelAccepted',
            acknowledgement: futuresOrderAckObservation(ref.accountId, ack as FuturesLimitOrder, 'cancel')
              .data as FuturesOrderObservation,
            now,
          },
          origin,
          'rest-ack',
          onDecided,
        );
      case 'futures-stop':
        return this.commands.execute(
          ref,
          {
            type: 'RecordStopCancelAccepted',
            acknowledgement: futuresOrderAckObservation(ref.accountId, ack as FuturesStopOrder, 'cancel')
              .data as FuturesStopOrderObservation,
            now,
          },
          origin,
          'rest-ack',
          onDecided,
        );
    }
  }
}
