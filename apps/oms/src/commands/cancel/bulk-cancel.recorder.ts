import { Injectable } from '@nestjs/common';
import { DomainError, UncertaintyReason } from '@oms/domain';
import { WriteOutcome } from '@oms/exchange';
import { uncertaintyReasonOf } from '@oms/observations';
import {
  CommandMetadata,
  OrderAggregateRef,
  orderCommandEntry,
  OrderCommandEntry,
  OrderCommandResult,
} from '../../orders/order-command.port';
import { CommandOrigin, OrderCommands } from '../placement/order-commands';
import { rejectionCode } from '../placement/venue-refusal';
import { UncertainOrderResolver } from '../resolution/uncertain-order-resolver';

/** The venue's word on one order of a call cancelling several (cancel-all, cancel by ids). */
export type BulkCancelAnswer =
  | { readonly ref: OrderAggregateRef; readonly kind: 'accepted' }
  | {
      readonly ref: OrderAggregateRef;
      readonly kind: 'uncertain';
      readonly reason: UncertaintyReason;
      readonly detail: string;
    }
  | {
      readonly ref: OrderAggregateRef;
      readonly kind: 'rejected';
      readonly venueCode: string;
      readonly venueMessage: string;
      /** False when the call never left (rate budget, connection refused): the OMS's own record. */
      readonly sent: boolean;
    };

/**
 * Records the cancels of a call that cancels several orders: every order's request in
 * one transaction before the call, and the answers in one transaction after it. An
 * accepted cancel is confirmed by the order's later report (or the resolver's lookup);
 * an uncertain one is the resolver's to settle.
 */
@Injectable()
export class BulkCancelRecorder {
  constructor(
    private readonly commands: OrderCommands,
    private readonly resolver: UncertainOrderResolver,
  ) {}

  /**
   * Records the cancel request of each order (one flushed commit for all), in order; an
   * order the decider refuses (closed, or a cancel pending already) gets its DomainError.
   */
  async request(
    refs: readonly OrderAggregateRef[],
    origin: CommandOrigin,
  ): Promise<Array<OrderCommandResult | DomainError>> {
    if (refs.length === 0) return [];
    const actor = origin.actor ?? 'oms';
    const now = Date.now();
    return this.commands.executeAll(
      refs.map((ref) => orderCommandEntry(ref, { type: 'RequestCancel', actor, now })),
      origin,
      'oms',
    );
  }

  async recordAnswers(answers: readonly BulkCancelAnswer[], origin: CommandOrigin): Promise<void> {
    const now = Date.now();
    // The OMS's own records (uncertain, never sent) and the venue's refusals have sources
    // of their own: one transaction each.
    const bySource = new Map<NonNullable<CommandMetadata['source']>, OrderCommandEntry[]>();
    const add = (source: NonNullable<CommandMetadata['source']>, entry: OrderCommandEntry) => {
      const entries = bySource.get(source);
      if (entries === undefined) bySource.set(source, [entry]);
      else entries.push(entry);
    };
    for (const answer of answers) {
      if (answer.kind === 'uncertain') {
        add(
          'oms',
          orderCommandEntry(answer.ref, {
            type: 'RecordCancelUncertain',
            reason: answer.reason,
            detail: answer.detail,
            now,
          }),
        );
      } else if (answer.kind === 'rejected') {
        add(
          answer.sent ? 'rest-ack' : 'oms',
          orderCommandEntry(answer.ref, {
            type: 'RecordCancelRejected',
            venueCode: answer.venueCode,
            venueMessage: answer.venueMessage,
            now,
          }),
        );
      }
    }
    for (const [source, entries] of bySource) await this.commands.executeAll(entries, origin, source);
    for (const answer of answers) {
      if (answer.kind !== 'rejected') this.resolver.track(answer.ref, 'cancel');
    }
  }
}

/** The bulk call's answer as it concerns one order it covered. */
export function bulkAnswerOf(ref: OrderAggregateRef, outcome: WriteOutcome<unknown>): BulkCancelAnswer {
  switch (outcome.kind) {
    case 'accepted':
      return { ref, kind: 'accepted' };
    case 'uncertain':
      return {
        ref,
        kind: 'uncertain',
        reason: uncertaintyReasonOf(outcome),
        detail: outcome.detail.slice(0, 500),
      };
    case 'rejected':
      return { ref, kind: 'rejected', ...rejectionCode(outcome), sent: outcome.sent };
  }
}
