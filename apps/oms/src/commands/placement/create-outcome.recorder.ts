import { Injectable, Logger } from '@nestjs/common';
import { DomainError, FuturesOrderObservation, FuturesStopOrderObservation } from '@oms/domain';
import { FuturesLimitOrder, FuturesStopOrder, SpotOrderAck, WriteOutcome } from '@oms/exchange';
import { futuresOrderAckObservation, spotOrderAckObservation, uncertaintyReasonOf } from '@oms/observations';
import {
  CommandDecidedListener,
  OrderAggregateRef,
  orderCommandEntry,
  OrderCommandEntry,
  OrderCommandResult,
} from '../../orders/order-command.port';
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
    const [row] = await this.recordEach([{ ref, answer: outcome, onDecided }], origin);
    return row;
  }

  /**
   * The answers to one venue batch, each order's from its own entry, recorded in one
   * transaction; each order is answered as soon as its answer is decided, as
   * `recordAnswerFirst` answers one.
   */
  recordEachAnswerFirst(
    answers: ReadonlyArray<{ ref: OrderAggregateRef; omsOrderId: string; answer: CreateAnswer }>,
    origin: CommandOrigin,
  ): Promise<Array<OrderRow | null>> {
    return this.recordings.answerEachFirst(
      answers.map(({ omsOrderId }) => omsOrderId),
      (onDecided) =>
        this.recordEach(
          answers.map(({ ref, answer }, index) => ({
            ref,
            answer,
            onDecided: (decided) => onDecided(index, decided),
          })),
          origin,
        ),
    );
  }

  /** Records the answers in one transaction; the rm_orders row each wrote (null when nothing). */
  private async recordEach(
    answers: ReadonlyArray<{
      ref: OrderAggregateRef;
      answer: CreateAnswer;
      onDecided?: CommandDecidedListener;
    }>,
    origin: CommandOrigin,
  ): Promise<Array<OrderRow | null>> {
    const now = Date.now();
    const toResolver = (ref: OrderAggregateRef) => this.resolver.track(ref, 'submission');
    let results: Array<OrderCommandResult | DomainError>;
    try {
      results = await this.commands.executeAll(
        answers.map(({ ref, answer, onDecided }) => answerEntry(ref, answer, now, onDecided)),
        origin,
        'rest-ack',
      );
    } catch (error) {
      this.logger.error(
        { err: error, clientOrderIds: answers.map(({ ref }) => ref.clientOrderId) },
        'create answer not recorded',
      );
      answers.forEach(({ ref }) => toResolver(ref));
      return answers.map(() => null);
    }
    return answers.map(({ ref, answer }, index) => {
      const result = results[index];
      if (result instanceof DomainError) {
        // The fold got there first (a stream report of the order); the resolver checks.
        this.logger.warn(
          { clientOrderId: ref.clientOrderId, code: result.code },
          'create answer not recorded',
        );
        toResolver(ref);
        return null;
      }
      if (answer.kind === 'uncertain') toResolver(ref);
      return result.order;
    });
  }
}

/** The command recording one answer on its order, with the source it records. */
function answerEntry(
  ref: OrderAggregateRef,
  outcome: CreateAnswer,
  now: number,
  onDecided: CommandDecidedListener | undefined,
): OrderCommandEntry {
  switch (outcome.kind) {
    case 'accepted':
      return ackEntry(ref, outcome.value, now, onDecided);
    case 'rejected':
      return orderCommandEntry(
        ref,
        { type: 'RecordSubmissionRejected', ...rejectionCode(outcome), now },
        { source: outcome.sent ? 'rest-ack' : 'oms', onDecided },
      );
    case 'refused-entry':
      return orderCommandEntry(
        ref,
        { type: 'RecordSubmissionRejected', venueCode: outcome.code, venueMessage: outcome.message, now },
        { source: 'rest-ack', onDecided },
      );
    case 'uncertain':
      return orderCommandEntry(
        ref,
        {
          type: 'RecordSubmissionUncertain',
          reason: uncertaintyReasonOf(outcome),
          detail: outcome.detail.slice(0, 500),
          now,
        },
        { source: 'oms', onDecided },
      );
  }
}

/** An acknowledgement, as the rest-ack observation of its market's order. */
function ackEntry(
  ref: OrderAggregateRef,
  ack: CreateAck,
  now: number,
  onDecided: CommandDecidedListener | undefined,
): OrderCommandEntry {
  const account = ref.accountId;
  const options = { source: 'rest-ack', onDecided } as const;
  switch (ref.market) {
    case 'spot':
      return orderCommandEntry(
        ref,
        {
          type: 'RecordSpotSubmissionAccepted',
          acknowledgement: spotOrderAckObservation(account, ack as SpotOrderAck, 'create').data,
          now,
        },
        options,
      );
    case 'futures':
      return orderCommandEntry(
        ref,
        {
          type: 'RecordFuturesSubmissionAccepted',
          acknowledgement: futuresOrderAckObservation(account, ack as FuturesLimitOrder, 'create')
            .data as FuturesOrderObservation,
          now,
        },
        options,
      );
    case 'futures-stop':
      return orderCommandEntry(
        ref,
        {
          type: 'RecordStopSubmissionAccepted',
          acknowledgement: futuresOrderAckObservation(account, ack as FuturesStopOrder, 'create')
            .data as FuturesStopOrderObservation,
          now,
        },
        options,
      );
  }
}
