import { Injectable, Logger } from '@nestjs/common';
import { DomainError, FuturesOrderObservation, FuturesStopOrderObservation } from '@oms/domain';
import {
  FuturesLimitOrder,
  FuturesStopOrder,
  SpotOrderAck,
  UncertainOutcome,
  WriteOutcome,
} from '@oms/exchange';
import { futuresOrderAckObservation, spotOrderAckObservation, uncertaintyReasonOf } from '@oms/observations';
import { CommandDecidedListener, OrderAggregateRef } from '../../orders/order-command.port';
import { OrderRow } from '../../projections/order-row';
import { UncertainOrderResolver } from '../resolution/uncertain-order-resolver';
import { AnswerRecordings } from '../../orders/answer-recordings';
import { CommandOrigin, OrderCommands } from './order-commands';
import { rejectionCode } from './venue-refusal';

export type CreateAck = SpotOrderAck | FuturesLimitOrder | FuturesStopOrder;

/** A batch entry the venue refused, with the code and message of its own entry. */
export interface RefusedBatchEntry {
  readonly kind: 'refused-entry';
  readonly code: string;
  readonly message: string;
}

/** The venue's answer to one create: the whole call's outcome, or a batch entry's refusal. */
export type CreateAnswer = WriteOutcome<CreateAck> | RefusedBatchEntry;
export type CreateOutcomeKind = WriteOutcome<unknown>['kind'];

/**
 * Records the venue's answer to a create after its intent: the acknowledgement (as a
 * rest-ack observation), the rejection with the venue's code, or the uncertainty that
 * the resolver then settles. Whatever fails here leaves the intent to the resolver,
 * which never forgets it. Answers the rm_orders row the answer committed (null when
 * nothing was written).
 */
@Injectable()
export class CreateOutcomeRecorder {
  private readonly logger = new Logger(CreateOutcomeRecorder.name);

  constructor(
    private readonly commands: OrderCommands,
    private readonly resolver: UncertainOrderResolver,
    private readonly recordings: AnswerRecordings,
  ) {}

  /**
   * Records a single order's answer as `record` does, but gives the rm_orders row the
   * answer's transaction is about to write as soon as the answer is decided on the
   * order, while the commit goes on (tracked by AnswerRecordings, which this process's
   * reads wait for). The intent is durable already: an answer lost with its commit (the
   * process died) leaves the order to the resolver, which asks the venue again. Null
   * when nothing is decided (the fold got there first; the recording failed): rm_orders
   * then shows what the order is.
   */
  recordAnswerFirst(
    ref: OrderAggregateRef,
    omsOrderId: string,
    outcome: CreateAnswer,
    origin: CommandOrigin,
  ): Promise<OrderRow | null> {
    return this.recordings.answerFirst(omsOrderId, (onDecided) =>
      this.record(ref, outcome, origin, onDecided),
    );
  }

  async record(
    ref: OrderAggregateRef,
    outcome: CreateAnswer,
    origin: CommandOrigin,
    onDecided?: CommandDecidedListener,
  ): Promise<OrderRow | null> {
    let written: OrderRow | null = null;
    try {
      const result = await this.write(ref, outcome, origin, Date.now(), onDecided);
      if (result instanceof DomainError) {
        // The fold got there first (a stream report of the order); the resolver checks.
        this.logger.warn(
          { clientOrderId: ref.clientOrderId, code: result.code },
          'create answer not recorded',
        );
        this.resolver.track(ref, 'submission');
      } else {
        written = result.order;
      }
    } catch (error) {
      this.logger.error({ err: error, clientOrderId: ref.clientOrderId }, 'create answer not recorded');
      this.resolver.track(ref, 'submission');
      return null;
    }
    if (outcome.kind === 'uncertain') this.resolver.track(ref, 'submission');
    return written;
  }

  /** One create of a batch, from its own entry of the venue's answer (as recordAnswerFirst). */
  recordEntry(
    ref: OrderAggregateRef,
    omsOrderId: string,
    entry:
      | { kind: 'accepted'; order: CreateAck }
      | { kind: 'rejected'; code: string; message: string }
      | UncertainOutcome,
    origin: CommandOrigin,
  ): Promise<OrderRow | null> {
    const answer: CreateAnswer =
      entry.kind === 'accepted'
        ? { kind: 'accepted', value: entry.order }
        : entry.kind === 'rejected'
          ? { kind: 'refused-entry', code: entry.code, message: entry.message }
          : entry;
    return this.recordAnswerFirst(ref, omsOrderId, answer, origin);
  }

  private write(
    ref: OrderAggregateRef,
    outcome: CreateAnswer,
    origin: CommandOrigin,
    now: number,
    onDecided: CommandDecidedListener | undefined,
  ) {
    switch (outcome.kind) {
      case 'accepted':
        return this.writeAck(ref, outcome.value, origin, now, onDecided);
      case 'rejected':
        return this.commands.execute(
          ref,
          { type: 'RecordSubmissionRejected', ...rejectionCode(outcome), now },
          origin,
          outcome.sent ? 'rest-ack' : 'oms',
          onDecided,
        );
      case 'refused-entry':
        return this.commands.execute(
          ref,
          { type: 'RecordSubmissionRejected', venueCode: outcome.code, venueMessage: outcome.message, now },
          origin,
          'rest-ack',
          onDecided,
        );
      case 'uncertain':
        return this.commands.execute(
          ref,
          {
            type: 'RecordSubmissionUncertain',
            reason: uncertaintyReasonOf(outcome),
            detail: outcome.detail.slice(0, 500),
            now,
          },
          origin,
          'oms',
          onDecided,
        );
    }
  }

  private writeAck(
    ref: OrderAggregateRef,
    ack: CreateAck,
    origin: CommandOrigin,
    now: number,
    onDecided: CommandDecidedListener | undefined,
  ) {
    const account = ref.accountId;
    switch (ref.market) {
      case 'spot':
        return this.commands.execute(
          ref,
          {
            type: 'RecordSpotSubmissionAccepted',
            acknowledgement: spotOrderAckObservation(account, ack as SpotOrderAck, 'create').data,
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
            type: 'RecordFuturesSubmissionAccepted',
            acknowledgement: futuresOrderAckObservation(account, ack as FuturesLimitOrder, 'create')
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
            type: 'RecordStopSubmissionAccepted',
            acknowledgement: futuresOrderAckObservation(account, ack as FuturesStopOrder, 'create')
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
