import {
  BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
} from '@nestjs/common';
import { DomainError, OrderLifecycleState } from '@oms/domain';
import { newCorrelationId } from '@oms/platform';
import { OrderAggregateRef } from '../../orders/order-command.port';
import { COMMANDS_CONFIG } from '../config/commands-config.token';
import { CommandsConfig } from '../config/commands.config';
import { CommandMetrics } from '../metrics/command-metrics';
import { CommandReadModels } from '../orders/command-read-models';
import { OrderCommands } from '../placement/order-commands';
import { VenueGateways } from '../venue/venue-gateways';
import { orderStreamIdOf } from '../../aggregates/order-command.service';
import { PendingKind, pendingKey, pendingKinds, refOfState } from './pending-order';
import { ResolutionClaims } from './resolution-claims';
import {
  afterLookup,
  confirmedAbsent,
  EMPTY_RUN,
  LookupRun,
  nextDelayMs,
  ResolutionPolicy,
  resolutionPolicy,
} from './resolution-policy';
import { lookUpOrder } from './venue-lookup';
import { LookupAnswer, LookupRecordState, planLookupRecord } from './lookup-records';

interface Pending {
  readonly key: string;
  readonly ref: OrderAggregateRef;
  readonly kind: PendingKind;
  run: LookupRun;
  dueAt: number;
  /** The last write of this resolver settled it (evidence "lookup"). */
  lookedUp: boolean;
  /**
   * This process answered the desk for it or worked on it under its claim: it counts the
   * resolution in the metrics (another process that only saw it settled does not).
   */
  worked: boolean;
  lookupRecord?: LookupRecordState;
}

const TICK_MS = 25;
const RESCAN_MS = 15_000;
const CONCURRENCY = 8;
/** How often an order another process has claimed is tried again (a dead process's claims lapse at once). */
const CLAIM_RETRY_MS = 3_000;
/** An intent younger than the venue timeout plus this may still be awaiting its answer in this process. */
const IN_FLIGHT_GRACE_MS = 2_000;

/**
 * Settles every desk order whose venue outcome is unknown: submissions answered by a
 * 5XX, a timeout or a reset, intents left without an answer by a crash, and uncertain
 * cancels. Before each lookup it reads the order's current state from the fold (a
 * stream report or poll carrying the client id may have settled it already); otherwise
 * it looks the order up by client id with backoff, inside the key's weight budget.
 * Found: the venue's record folds in as an observation. "Not found" for the whole
 * window: ResolveSubmissionAbsent (NOT_PLACED). Nothing is ever re-sent.
 * With several OMS processes on one store, each order is worked on by the one process
 * holding its claim (ResolutionClaims); the others only watch it until it is settled.
 */
@Injectable()
export class UncertainOrderResolver implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(UncertainOrderResolver.name);
  private readonly pending = new Map<string, Pending>();
  private readonly running = new Set<string>();
  private readonly policy: ResolutionPolicy;
  private timer: NodeJS.Timeout | null = null;
  private lastScanAt = 0;
  private stopped = false;

  constructor(
    @Inject(COMMANDS_CONFIG) private readonly config: CommandsConfig,
    private readonly gateways: VenueGateways,
    private readonly readModels: CommandReadModels,
    private readonly commands: OrderCommands,
    private readonly metrics: CommandMetrics,
    private readonly claims: ResolutionClaims,
  ) {
    this.policy = resolutionPolicy(config.resolutionWindowMs, config.firstLookupDelayMs);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.rescan();
    this.schedule();
  }

  /**
   * Stops before anything closes, letting the lookups under way record what they found;
   * what is still pending is rebuilt from the store by the next start.
   */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    while (this.running.size > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Starts (or keeps) resolving one order's submission or cancel this process answered the desk for. */
  track(ref: OrderAggregateRef, kind: PendingKind): void {
    this.watch(ref, kind, true);
  }

  private watch(ref: OrderAggregateRef, kind: PendingKind, answeredHere: boolean): void {
    const key = pendingKey(ref, kind);
    const known = this.pending.get(key);
    if (known !== undefined) {
      if (answeredHere && !known.worked) {
        known.worked = true;
        this.publishGauge();
      }
      return;
    }
    this.pending.set(key, {
      key,
      ref,
      kind,
      run: EMPTY_RUN,
      dueAt: Date.now() + this.policy.firstDelayMs,
      lookedUp: false,
      worked: answeredHere,
    });
    this.publishGauge();
  }

  /** Rebuilds the pending resolutions from the fold's states: survives restarts. */
  async rescan(): Promise<void> {
    this.lastScanAt = Date.now();
    try {
      for (const row of await this.readModels.pendingOrders()) {
        const ref = refOfState(row.streamType, row.state);
        if (ref === null) continue;
        for (const kind of pendingKinds(row.state as unknown as OrderLifecycleState))
          this.watch(ref, kind, false);
      }
    } catch (error) {
      this.logger.error({ err: error }, 'pending resolutions could not be read; retrying');
    }
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => this.tick(), TICK_MS);
    this.timer.unref();
  }

  private tick(): void {
    const now = Date.now();
    if (now - this.lastScanAt >= RESCAN_MS) void this.rescan();
    for (const item of this.pending.values()) {
      if (this.running.size >= CONCURRENCY) break;
      if (item.dueAt > now || this.running.has(item.key)) continue;
      this.running.add(item.key);
      void this.step(item).finally(() => this.running.delete(item.key));
    }
    this.schedule();
  }

  private async step(item: Pending): Promise<void> {
    try {
      const done = await this.advance(item);
      if (done) {
        this.pending.delete(item.key);
        this.publishGauge();
        await this.claims.release(item.key);
      }
    } catch (error) {
      this.logger.error(
        { err: error, clientOrderId: item.ref.clientOrderId },
        'resolution step failed; retrying',
      );
      item.dueAt = Date.now() + this.policy.maxDelayMs;
    }
  }

  /** One step; true once the order needs nothing more from the venue. */
  private async advance(item: Pending): Promise<boolean> {
    const state = (await this.readModels.aggregateState(
      orderStreamIdOf(item.ref),
    )) as OrderLifecycleState | null;
    const now = Date.now();
    if (state === null) {
      item.dueAt = now + this.policy.maxDelayMs;
      return false;
    }
    if (this.settled(item, state)) return true;
    const answerDueAt = this.answerDueAt(item, state);
    // The process that sent it may still record its answer: nobody claims it before then.
    if (answerDueAt !== null && now < answerDueAt) {
      item.dueAt = answerDueAt;
      return false;
    }
    if (!(await this.claims.claim(item.key))) {
      item.dueAt = now + CLAIM_RETRY_MS;
      return false;
    }
    if (!item.worked) {
      item.worked = true;
      this.publishGauge();
    }
    const origin = { actor: null, correlationId: newCorrelationId() };
    if (answerDueAt !== null) {
      // The intent was recorded but its answer never was (the OMS stopped in between).
      const reason = { reason: 'connection-lost', detail: 'no venue answer was recorded', now } as const;
      await this.commands.execute(
        item.ref,
        item.kind === 'submission'
          ? { type: 'RecordSubmissionUncertain', ...reason }
          : { type: 'RecordCancelUncertain', ...reason },
        origin,
        'oms',
      );
      item.dueAt = now;
      return false;
    }
    return this.lookUp(item, now, origin);
  }

  /**
   * True once the submission or cancel needs nothing more from the venue; counts the
   * resolution when this process took part in it.
   */
  private settled(item: Pending, state: OrderLifecycleState): boolean {
    if (item.kind === 'submission') {
      const submission = state.submission;
      if (submission.phase === 'requested' || submission.phase === 'uncertain') return false;
      if (submission.phase === 'resolved' && item.worked) {
        const evidence =
          submission.outcome === 'absent' ? 'absent' : item.lookedUp ? 'lookup' : 'stream-or-poll';
        this.metrics.resolved(
          'submission',
          evidence,
          submission.outcome,
          submission.resolvedAt - submission.uncertainSince,
        );
      }
      return true;
    }
    const cancel = state.cancel;
    // An acknowledged cancel is confirmed by a later report; the lookup is one, in case the stream's is lost.
    if (cancel.phase === 'uncertain' || cancel.phase === 'requested') return false;
    if (cancel.phase === 'resolved' && item.worked) {
      this.metrics.resolved(
        'cancel',
        item.lookedUp ? 'lookup' : 'stream-or-poll',
        cancel.outcome,
        cancel.resolvedAt - cancel.requestedAt,
      );
    }
    return true;
  }

  /** When a request still waiting for its venue answer is due to have one; null when it has one. */
  private answerDueAt(item: Pending, state: OrderLifecycleState): number | null {
    if (item.kind === 'submission') {
      const submission = state.submission;
      return submission.phase === 'requested'
        ? submission.requestedAt + this.config.venueTimeoutMs + IN_FLIGHT_GRACE_MS
        : null;
    }
    const cancel = state.cancel;
    return cancel.phase === 'requested' && cancel.acknowledgedAt === null
      ? cancel.requestedAt + this.config.venueTimeoutMs + IN_FLIGHT_GRACE_MS
      : null;
  }

  private async lookUp(
    item: Pending,
    now: number,
    origin: { actor: null; correlationId: string },
  ): Promise<boolean> {
    const gateway = this.gateways.get(item.ref.accountId);
    const result = await lookUpOrder(gateway, item.ref, now);
    const answeredAt = Date.now();
    if (result.answer !== 'skipped') this.metrics.lookedUp(item.kind, result.answer);
    switch (result.answer) {
      case 'skipped':
        item.dueAt = answeredAt + this.policy.baseDelayMs;
        return false;
      case 'unavailable':
        item.run = afterLookup(item.run, 'unavailable', answeredAt);
        await this.recordLookup(item, 'unavailable', answeredAt, origin);
        break;
      case 'found': {
        const written = await result.record(this.commands, origin);
        if (written instanceof DomainError) throw written;
        item.lookedUp = true;
        // A cancel is settled only once the venue shows the order terminal; a live order counts toward "not canceled".
        item.run = afterLookup(item.run, item.kind === 'cancel' ? 'not-found' : 'found', answeredAt);
        item.dueAt = answeredAt;
        if (item.kind === 'submission') return false;
        break;
      }
      case 'not-found':
        item.run = afterLookup(item.run, 'not-found', answeredAt);
        if (confirmedAbsent(this.policy, item.run, answeredAt)) {
          await this.settleAbsent(item, result, answeredAt, origin);
          item.dueAt = answeredAt;
          return false;
        }
        await this.recordLookup(item, 'not-found', answeredAt, origin);
        break;
    }
    if (item.kind === 'cancel' && confirmedAbsent(this.policy, item.run, answeredAt)) {
      await this.commands.execute(
        item.ref,
        { type: 'ResolveCancelNotCanceled', now: answeredAt },
        origin,
        'oms',
      );
      item.dueAt = answeredAt;
      return false;
    }
    item.dueAt = answeredAt + nextDelayMs(this.policy, item.run, answeredAt);
    return false;
  }

  /**
   * Counts a lookup of an uncertain submission on its order (the desk sees
   * `uncertainty.lookups`); repeats of one answer are recorded together (planLookupRecord).
   */
  private async recordLookup(
    item: Pending,
    answer: LookupAnswer,
    now: number,
    origin: { actor: null; correlationId: string },
  ): Promise<void> {
    if (item.kind !== 'submission') return;
    const plan = planLookupRecord(item.lookupRecord, answer, now);
    item.lookupRecord = plan.next;
    for (const record of plan.records) {
      const written = await this.commands.execute(
        item.ref,
        { type: 'RecordSubmissionLookup', answer: record.answer, lookups: record.lookups, now },
        origin,
        'rest-poll',
      );
      // Refused when the submission became certain meanwhile (a report arrived): the next step sees that.
      if (written instanceof DomainError) this.logger.debug({ code: written.code }, 'lookup not recorded');
    }
  }

  private async settleAbsent(
    item: Pending,
    result: { venueCode: string; venueMessage: string },
    now: number,
    origin: { actor: null; correlationId: string },
  ): Promise<void> {
    if (item.kind === 'cancel') {
      await this.commands.execute(item.ref, { type: 'ResolveCancelNotCanceled', now }, origin, 'oms');
      return;
    }
    const written = await this.commands.execute(
      item.ref,
      {
        type: 'ResolveSubmissionAbsent',
        lookups: item.run.lookups,
        venueCode: result.venueCode,
        venueMessage: result.venueMessage,
        now,
      },
      origin,
      'oms',
    );
    // Refused when the fold settled it meanwhile (a report arrived): the next step sees that.
    if (written instanceof DomainError) this.logger.warn({ code: written.code }, 'absence not recorded');
  }

  /** Counts the orders this process works on, so that the processes' gauges add up. */
  private publishGauge(): void {
    const counts = { submission: 0, cancel: 0 };
    for (const item of this.pending.values()) if (item.worked) counts[item.kind] += 1;
    this.metrics.setUncertain('submission', counts.submission);
    this.metrics.setUncertain('cancel', counts.cancel);
  }
}
