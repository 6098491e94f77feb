import { Inject, Injectable } from '@nestjs/common';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { httpStatusOf } from '../../errors/desk-error-status';
import { CommandsConfig } from '../config/commands.config';
import { COMMANDS_CONFIG } from '../config/commands-config.token';
import { CommandReadModels } from '../orders/command-read-models';
import { CommandAttempt } from './command-attempt';
import { CommandAnswer, IdempotentAnswer } from './idempotent-answer';
import { IdempotencyClaim, IdempotencyStore } from './idempotency.store';
import { requestFingerprint } from './request-fingerprint';

/**
 * What a repeat does with a key whose request never answered (its OMS died while serving
 * it): run the command again (safe to repeat: cancels, settings); answer what that
 * attempt recorded, else run again with the same client ids (placements); or refuse
 * (transfers, which the venue cannot be asked about).
 */
export type WhenAbandoned =
  | { readonly kind: 'run-again' }
  | {
      readonly kind: 'answer-recorded';
      readonly recorded: (attempt: CommandAttempt) => Promise<CommandAnswer | null>;
    }
  | { readonly kind: 'refuse'; readonly refusal: (attempt: CommandAttempt) => DeskError };

/** What the desk sent: its token, its Idempotency-Key (if any), the route and the body. */
export interface IdempotencyScope {
  readonly tokenName: string;
  readonly key: string | undefined;
  readonly route: string;
  readonly body: unknown;
  readonly whenAbandoned: WhenAbandoned;
}

type KeyClaim =
  | { readonly kind: 'claimed'; readonly seed: string }
  /** An abandoned claim this request took over, keeping its seed. */
  | { readonly kind: 'taken-over'; readonly seed: string }
  | Extract<IdempotencyClaim, { kind: 'repeat' }>;

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

function keptError(error: DeskError): IdempotentAnswer {
  return { kind: 'error', code: error.code, message: error.message, details: error.details };
}

function stillServed(why: string): DeskError {
  return new DeskError(DeskErrorCode.CONFLICT, `a request with this Idempotency-Key has no answer: ${why}`, {
    field: 'Idempotency-Key',
  });
}

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

  async run(
    scope: IdempotencyScope,
    work: (attempt: CommandAttempt) => Promise<CommandAnswer>,
  ): Promise<RenderedAnswer> {
    if (scope.key === undefined) {
      const answer = await work(CommandAttempt.UNKEYED);
      return { statusCode: answer.statusCode, body: answer.body };
    }
    const claim = await this.claim(scope.tokenName, scope.key, requestFingerprint(scope.route, scope.body));
    if (claim.kind === 'repeat') return this.replay(claim.statusCode, claim.answer);
    const attempt = new CommandAttempt(claim.seed);
    if (claim.kind === 'taken-over' && scope.whenAbandoned.kind === 'refuse') {
      // The refusal becomes the key's answer: a later repeat must not send it either.
      const refusal = scope.whenAbandoned.refusal(attempt);
      await this.store.complete(scope.tokenName, scope.key, httpStatusOf(refusal.code), keptError(refusal));
      throw refusal;
    }
    try {
      const recorded = claim.kind === 'taken-over' ? await this.recordedBy(scope, attempt) : null;
      const answer = recorded ?? (await work(attempt));
      await this.store.complete(scope.tokenName, scope.key, answer.statusCode, answer.kept);
      return { statusCode: answer.statusCode, body: answer.body };
    } catch (error) {
      if (error instanceof DeskError && KEPT_REFUSALS.has(error.code)) {
        await this.store.complete(scope.tokenName, scope.key, httpStatusOf(error.code), keptError(error));
      } else if (error instanceof DeskError) {
        // Refused before anything was sent (rate limit, venue unreachable): a retry may send.
        await this.store.release(scope.tokenName, scope.key);
      }
      // An unexpected failure may come after the attempt recorded or sent something: the
      // key stays claimed, and a repeat takes it over once abandoned, finding what it recorded.
      throw error;
    }
  }

  /** What a taken-over attempt answers before running anything: what the abandoned one recorded. */
  private async recordedBy(scope: IdempotencyScope, attempt: CommandAttempt): Promise<CommandAnswer | null> {
    return scope.whenAbandoned.kind === 'answer-recorded' ? scope.whenAbandoned.recorded(attempt) : null;
  }

  /**
   * Claims the key; a repeat that arrives while the first request is still being served
   * (a desk retrying after its own timeout) waits for that request's answer and repeats
   * it. A first request answers within the venue timeout and a little; a claim older
   * than that was abandoned (its OMS died), and the repeat takes it over.
   */
  private async claim(tokenName: string, key: string, fingerprint: string): Promise<KeyClaim> {
    const abandonedAfterMs = this.config.venueTimeoutMs + ANSWER_RECORDING_GRACE_MS;
    // Another repeat may take the claim over first; waiting on its attempt is bounded too.
    const deadline = Date.now() + 2 * abandonedAfterMs;
    for (;;) {
      const claim = await this.store.claim(tokenName, key, fingerprint, abandonedAfterMs);
      if (claim.kind !== 'in-flight') return claim;
      if (claim.abandoned && claim.seed === null)
        throw stillServed('its request left no client ids to look for');
      if (
        claim.abandoned &&
        claim.seed !== null &&
        (await this.store.takeOver(tokenName, key, claim.seed, abandonedAfterMs))
      ) {
        return { kind: 'taken-over', seed: claim.seed };
      }
      if (Date.now() >= deadline) throw stillServed('it is still being served');
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
