import { Injectable } from '@nestjs/common';
import { DomainError } from '@oms/domain';
import { REQUEST_LIMITS, WriteOutcome } from '@oms/exchange';
import { uncertaintyReasonOf } from '@oms/observations';
import { DeskErrorBody, deskErrorBody } from '../../errors/desk-error-body';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { OrderResponse } from '../../desk/orders/order.response';
import { OrderAggregateRef } from '../../orders/order-command.port';
import { CommandReadModels } from '../orders/command-read-models';
import { deskErrorOfDomain } from '../placement/domain-refusal';
import { CommandOrigin, OrderCommands } from '../placement/order-commands';
import { deskErrorOfRejection } from '../placement/venue-refusal';
import { refusal, refusalError } from '../pre-trade/pre-trade-refusal';
import { UncertainOrderResolver } from '../resolution/uncertain-order-resolver';
import { VenueGateways } from '../venue/venue-gateways';
import { refOfOrder } from './order-cancel.service';

export interface CancelByIdsAnswer {
  readonly results: ReadonlyArray<{ readonly order: OrderResponse } | DeskErrorBody>;
}

interface Requested {
  readonly ref: OrderAggregateRef;
  readonly order: OrderResponse;
  readonly venueOrderId: string;
}

/**
 * Cancels up to 100 desk orders of one account and market in one venue call (cancel by
 * ids). Each order keeps its own outcome, in request order: refused before sending, the
 * venue's per-order failure, or requested (then confirmed by its report); an uncertain
 * call leaves each cancel UNCERTAIN for the resolver.
 */
@Injectable()
export class CancelByIdsService {
  constructor(
    private readonly gateways: VenueGateways,
    private readonly readModels: CommandReadModels,
    private readonly commands: OrderCommands,
    private readonly resolver: UncertainOrderResolver,
  ) {}

  async cancel(
    market: 'spot' | 'futures',
    account: string,
    ids: readonly string[],
    origin: CommandOrigin,
  ): Promise<CancelByIdsAnswer> {
    if (ids.length === 0 || ids.length > REQUEST_LIMITS.cancelByIdsMax) {
      throw refusalError(
        refusal('CANCEL_IDS_SIZE', 'ids', `must hold 1 to ${REQUEST_LIMITS.cancelByIdsMax} ids`),
      );
    }
    const gateway = this.gateways.get(account);
    const slots: Array<Requested | DeskError> = [];
    for (const [index, id] of ids.entries()) {
      slots.push(await this.request(market, account, id, `ids[${index}]`, origin));
    }
    const requested = slots.filter((slot): slot is Requested => !(slot instanceof DeskError));
    const failed = new Map<string, DeskError>();
    if (requested.length > 0) {
      const venueIds = requested.map((slot) => slot.venueOrderId);
      const outcome: WriteOutcome<{
        result: ReadonlyArray<{ orderId: string; code?: string; msg?: string }>;
      }> =
        market === 'spot'
          ? await gateway.client.spot.cancelOrdersByIds(venueIds)
          : await gateway.client.futures.cancelOrdersByIds(venueIds);
      for (const slot of requested) {
        const refused = await this.record(slot, outcome, origin);
        if (refused !== null) failed.set(slot.venueOrderId, refused);
      }
    }
    const results = [];
    for (const slot of slots) {
      if (slot instanceof DeskError) results.push(deskErrorBody(slot));
      else {
        const error = failed.get(slot.venueOrderId);
        results.push(
          error
            ? deskErrorBody(error)
            : { order: (await this.readModels.order(slot.order.id)) ?? slot.order },
        );
      }
    }
    return { results };
  }

  private async request(
    market: 'spot' | 'futures',
    account: string,
    id: string,
    field: string,
    origin: CommandOrigin,
  ): Promise<Requested | DeskError> {
    const order = await this.readModels.order(id);
    if (order === null || order.account !== account || order.market !== market) {
      return new DeskError(DeskErrorCode.ORDER_NOT_FOUND, `no ${market} order ${id} of account ${account}`, {
        field,
      });
    }
    if (order.orderId === null) {
      return new DeskError(
        DeskErrorCode.ORDER_NOT_OPEN,
        'the venue has not given this order an id yet; cancel it by DELETE',
        {
          field,
        },
      );
    }
    try {
      const ref = refOfOrder(order);
      const written = await this.commands.execute(
        ref,
        { type: 'RequestCancel', actor: origin.actor ?? 'oms', now: Date.now() },
        origin,
        'oms',
      );
      if (written instanceof DomainError) return deskErrorOfDomain(written, field);
      return { ref, order, venueOrderId: order.orderId };
    } catch (error) {
      if (error instanceof DeskError) return error;
      throw error;
    }
  }

  /** The venue's word on one order of the call; the desk error when it failed there. */
  private async record(
    slot: Requested,
    outcome: WriteOutcome<{ result: ReadonlyArray<{ orderId: string; code?: string; msg?: string }> }>,
    origin: CommandOrigin,
  ): Promise<DeskError | null> {
    const now = Date.now();
    if (outcome.kind === 'uncertain') {
      await this.commands.execute(
        slot.ref,
        {
          type: 'RecordCancelUncertain',
          reason: uncertaintyReasonOf(outcome),
          detail: outcome.detail.slice(0, 500),
          now,
        },
        origin,
        'oms',
      );
      this.resolver.track(slot.ref, 'cancel');
      return null;
    }
    const failure =
      outcome.kind === 'rejected'
        ? deskErrorOfRejection(outcome.error, outcome.sent)
        : (() => {
            const entry = outcome.value.result.find((candidate) => candidate.orderId === slot.venueOrderId);
            if (entry === undefined) return null;
            const venueCode = entry.code ?? 'FAILED';
            const venueMessage = entry.msg ?? '';
            return new DeskError(
              DeskErrorCode.VENUE_REJECTED,
              `the venue refused: ${venueMessage || venueCode}`,
              {
                venueCode,
                venueMessage,
              },
            );
          })();
    if (failure === null) {
      this.resolver.track(slot.ref, 'cancel');
      return null;
    }
    await this.commands.execute(
      slot.ref,
      {
        type: 'RecordCancelRejected',
        venueCode: failure.details.venueCode ?? 'NOT_SENT',
        venueMessage: failure.details.venueMessage ?? failure.message,
        now,
      },
      origin,
      outcome.kind === 'rejected' && !outcome.sent ? 'oms' : 'rest-ack',
    );
    return failure;
  }
}
