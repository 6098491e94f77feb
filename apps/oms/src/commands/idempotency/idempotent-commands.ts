import { Inject, Injectable } from '@nestjs/common';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { httpStatusOf } from '../../errors/desk-error-status';
import { CommandsConfig } from '../config/commands.config';
import { COMMANDS_CONFIG } from '../config/commands-config.token';
import { CommandReadModels } from '../orders/command-read-models';
import { CommandAnswer, IdempotentAnswer } from './idempotent-answer';
import { IdempotencyClaim, IdempotencyStore } from './idempotency.store';
import { requestFingerprint } from './request-fingerprint';

/** What the desk sent: its token, its Idempotency-Key (if any), the route and the body. */
export interface IdempotencyScope {
  readonly tokenName: string;
  readonly key: string | undefined;
  readonly route: string;
  readonly body: unknown;
}

export interface RenderedAnswer {
  readonly statusCode: number;
  readonly body: unknown;
}

/** How often a repeat checks whether the first request with its key has its answer. */
const IN_FLIGHT_POLL_MS = 50;

/** Beyond the venue timeout, what recording a venue answer may take. */
const ANSWER_RECORDING_GRACE_MS = 5_000;

/** Refusals that stay true for the same request (a repeat gets the same answer). */
const KEPT_REFUSALS: ReadonlySet<DeskErrorCode> = new Set([
  DeskErrorCode.VALIDATION_FAILED,
  DeskErrorCode.PRE_TRADE_REFUSED,
  DeskErrorCode.VENUE_REJECTED,
  DeskErrorCode.ORDER_NOT_OPEN,
  DeskErrorCode.ORDER_NOT_FOUND,
  DeskErrorCode.ACCOUNT_NOT_FOUND,
]);

/**
 * Runs a command once per (token, Idempotency-Key): a repeat answers the same status
 * code with the same order ids in their current state, and sends nothing; the same
 * key with another body is IDEMPOTENCY_KEY_REUSED. Without a key the command just runs.
 */
@Injectable()
export class IdempotentCommands {
  constructor(
    private readonly store: IdempotencyStore,
    private readonly readModels: CommandReadModels,
    @Inject(COMMANDS_CONFIG) private readonly config: CommandsConfig,
  ) {}

  async run(scope: IdempotencyScope, work: () => Promise<CommandAnswer>): Promise<RenderedAnswer> {
    if (scope.key === undefined) {
      const answer = await work();
      return { statusCode: answer.statusCode, body: answer.body };
    }
    const claim = await this.claim(scope.tokenName, scope.key, requestFingerprint(scope.route, scope.body));
    if (claim.kind === 'repeat') return this.replay(claim.statusCode, claim.answer);
    try {
      const answer = await work();
      await this.store.complete(scope.tokenName, scope.key, answer.statusCode, answer.kept);
      return { statusCode: answer.statusCode, body: answer.body };
    } catch (error) {
      if (error instanceof DeskError && KEPT_REFUSALS.has(error.code)) {
        const kept: IdempotentAnswer = {
          kind: 'error',
          code: error.code,
          message: error.message,
          details: error.details,
        };
        await this.store.complete(scope.tokenName, scope.key, httpStatusOf(error.code), kept);
      } else {
        await this.store.release(scope.tokenName, scope.key);
      }
      throw error;
    }
  }

  /**
   * Claims the key; a repeat that arrives while the first request is still being served
   * (a desk retrying after its own timeout) waits for that request's answer and repeats
   * it. A first request answers within the venue timeout and a little; one that never
   * finished (its OMS died) leaves the repeat with CONFLICT after that long.
   */
  private async claim(
    tokenName: string,
    key: string,
    fingerprint: string,
  ): Promise<Exclude<IdempotencyClaim, { kind: 'in-flight' }>> {
    const deadline = Date.now() + this.config.venueTimeoutMs + ANSWER_RECORDING_GRACE_MS;
    for (;;) {
      const claim = await this.store.claim(tokenName, key, fingerprint);
      if (claim.kind !== 'in-flight') return claim;
      if (Date.now() >= deadline) {
        throw new DeskError(
          DeskErrorCode.CONFLICT,
          'a request with this Idempotency-Key is still being served',
          {
            field: 'Idempotency-Key',
          },
        );
      }
      await new Promise((resolve) => setTimeout(resolve, IN_FLIGHT_POLL_MS));
    }
  }

  private async replay(statusCode: number, answer: IdempotentAnswer): Promise<RenderedAnswer> {
    switch (answer.kind) {
      case 'order':
        return { statusCode, body: await this.currentOrder(answer.omsOrderId) };
      case 'batch': {
        const results = [];
        for (const result of answer.results) {
          results.push(
            'omsOrderId' in result ? { order: await this.currentOrder(result.omsOrderId) } : result,
          );
        }
        return { statusCode, body: { results } };
      }
      case 'body':
        return { statusCode, body: answer.body };
      case 'error':
        throw new DeskError(answer.code, answer.message, answer.details);
    }
  }

  private async currentOrder(id: string) {
    const order = await this.readModels.order(id);
    if (order === null) throw new DeskError(DeskErrorCode.ORDER_NOT_FOUND, `no order ${id}`);
    return order;
  }
}
