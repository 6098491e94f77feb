import { Injectable } from '@nestjs/common';
import { DomainError } from '@oms/domain';
import { REQUEST_LIMITS, WriteOutcome } from '@oms/exchange';
import { DeskErrorBody, deskErrorBody } from '../../errors/desk-error-body';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { OrderResponse } from '../../desk/orders/order.response';
import { OrderAggregateRef } from '../../orders/order-command.port';
import { CommandReadModels } from '../orders/command-read-models';
import { deskErrorOfDomain } from '../placement/domain-refusal';
import { CommandOrigin } from '../placement/order-commands';
import { deskErrorOfRejection } from '../placement/venue-refusal';
import { refusal, refusalError } from '../pre-trade/pre-trade-refusal';
import { VenueGateways } from '../venue/venue-gateways';
import { BulkCancelAnswer, bulkAnswerOf, BulkCancelRecorder } from './bulk-cancel.recorder';
import { refOfOrder } from './order-cancel.service';

export interface CancelByIdsAnswer {
  readonly results: ReadonlyArray<{ readonly order: OrderResponse } | DeskErrorBody>;
}

interface Requested {
  readonly ref: OrderAggregateRef;
  readonly order: OrderResponse;
  readonly venueOrderId: string;
  readonly field: string;
}

type VenueCancelResult = ReadonlyArray<{ orderId: string; code?: string; msg?: string }>;

/**
 * Cancels up to 100 desk orders of one account and market in one venue call (cancel by
 * ids). Each order keeps its own outcome, in request order: refused before sending, the
 * venue's per-order failure, or requested (then confirmed by its report); an uncertain
 * call leaves each cancel UNCERTAIN for the resolver. The orders are read in one
 * statement, and their requests and answers recorded in one transaction each.
 */
@Injectable()
export class CancelByIdsService {
  constructor(
    private readonly gateways: VenueGateways,
    private readonly readModels: CommandReadModels,
    private readonly recorder: BulkCancelRecorder,
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
    const orders = await this.readModels.orders(ids);
    const checked = ids.map((id, index) => cancellable(orders.get(id), market, account, id, `ids[${index}]`));
    const toRequest = checked.filter((slot): slot is Requested => !(slot instanceof DeskError));
    const written = await this.recorder.request(
      toRequest.map((slot) => slot.ref),
      origin,
    );
    const slots = checked.map((slot) => {
      if (slot instanceof DeskError) return slot;
      const refused = written[toRequest.indexOf(slot)];
      return refused instanceof DomainError ? deskErrorOfDomain(refused, slot.field) : slot;
    });
    const requested = slots.filter((slot): slot is Requested => !(slot instanceof DeskError));
    const failed = new Map<string, DeskError>();
    if (requested.length > 0) {
      const venueIds = requested.map((slot) => slot.venueOrderId);
      const outcome: WriteOutcome<{ result: VenueCancelResult }> =
        market === 'spot'
          ? await gateway.client.spot.cancelOrdersByIds(venueIds)
          : await gateway.client.futures.cancelOrdersByIds(venueIds);
      const answers = requested.map((slot) => answerOf(slot, outcome));
      await this.recorder.recordAnswers(
        answers.map(({ answer }) => answer),
        origin,
      );
      for (const { slot, failure } of answers) {
        if (failure !== null) failed.set(slot.venueOrderId, failure);
      }
    }
    const current = await this.readModels.orders(requested.map((slot) => slot.order.id));
    return {
      results: slots.map((slot) => {
        if (slot instanceof DeskError) return deskErrorBody(slot);
        const error = failed.get(slot.venueOrderId);
        return error ? deskErrorBody(error) : { order: current.get(slot.order.id) ?? slot.order };
      }),
    };
  }
}

/** The order when the desk may cancel it by id in this call, else the desk error naming its field. */
function cancellable(
  order: OrderResponse | undefined,
  market: 'spot' | 'futures',
  account: string,
  id: string,
  field: string,
): Requested | DeskError {
  if (order === undefined || order.account !== account || order.market !== market) {
    return new DeskError(DeskErrorCode.ORDER_NOT_FOUND, `no ${market} order ${id} of account ${account}`, {
      field,
    });
  }
  if (order.orderId === null) {
    return new DeskError(
      DeskErrorCode.ORDER_NOT_OPEN,
      'the venue has not given this order an id yet; cancel it by DELETE',
      { field },
    );
  }
  try {
    return { ref: refOfOrder(order), order, venueOrderId: order.orderId, field };
  } catch (error) {
    if (error instanceof DeskError) return error;
    throw error;
  }
}

/** The venue's word on one order of the call, and the desk error when it failed there. */
function answerOf(
  slot: Requested,
  outcome: WriteOutcome<{ result: VenueCancelResult }>,
): { slot: Requested; answer: BulkCancelAnswer; failure: DeskError | null } {
  const { ref } = slot;
  if (outcome.kind === 'uncertain') return { slot, answer: bulkAnswerOf(ref, outcome), failure: null };
  if (outcome.kind === 'rejected') {
    // Recorded as every other rejected write is (the venue's code, or NOT_SENT when the
    // call never left); the desk error is what the desk is answered.
    return {
      slot,
      answer: bulkAnswerOf(ref, outcome),
      failure: deskErrorOfRejection(outcome.error, outcome.sent),
    };
  }
  const entry = outcome.value.result.find((candidate) => candidate.orderId === slot.venueOrderId);
  if (entry === undefined) return { slot, answer: { ref, kind: 'accepted' }, failure: null };
  const venueCode = entry.code ?? 'FAILED';
  const venueMessage = entry.msg ?? '';
  const failure = new DeskError(
    DeskErrorCode.VENUE_REJECTED,
    `the venue refused: ${venueMessage || venueCode}`,
    {
      venueCode,
      venueMessage,
    },
  );
  return { slot, answer: { ref, kind: 'rejected', venueCode, venueMessage, sent: true }, failure };
}
