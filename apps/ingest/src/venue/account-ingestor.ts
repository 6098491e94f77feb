import {
  ExchangeAccount,
  ExchangeClient,
  RateLimitedError,
  UserDataStream,
  UserStreamEvent,
} from '@oms/exchange';
import { futuresStopOrderObservation, MappedObservation, streamEventObservations } from '@oms/observations';
import { createLogger, newCorrelationId } from '@oms/platform';
import { IngestConfig } from '../config/ingest.config';
import { IngestMetrics } from '../metrics/ingest-metrics';
import { AccountView } from './account-view';
import { fitsBudget, ingestRateBudgets, ingestRateLimiter } from './ingest-rate-budget';
import { MarkPoller } from './mark-poller';
import { ObservationEmitter } from './observation-emitter';
import { isAccessProblem, PollReason, ReconciliationPoller } from './reconciliation-poller';
import { StreamHealthRecorder } from './stream-health-recorder';

export type StreamStatus = 'connecting' | 'connected' | 'disconnected' | 'stopped';

/** What /health shows of one account. */
export interface AccountHealth {
  readonly account: string;
  readonly stream: StreamStatus;
  /** Ms since the last stream message (or connection); null before the first. */
  readonly lastMessageAgeMs: number | null;
  readonly reconnects: number;
  readonly lastPollAt: string | null;
  readonly lastPollError: string | null;
  /** The venue refuses this account's key (unknown, revoked, without permission). */
  readonly accessError: string | null;
  /** Reads heavier than ingest's share of a shared key: not polled (see ingest-rate-budget). */
  readonly skippedReads: readonly string[];
  /** Until when polls wait after the venue answered 429 (ISO), else null. */
  readonly pausedUntil: string | null;
}

/**
 * One account in the ingest process: its user-data stream (listen key, keepalive,
 * reconnect: libs/exchange), every message mapped and emitted, stream-health events,
 * reconciliation polls (at start, after each reconnect, periodically and faster while
 * the stream is silent) and marks. Failures stay inside the account.
 */
export class AccountIngestor {
  private readonly logger;
  private readonly client: ExchangeClient;
  private readonly stream: UserDataStream;
  private readonly view: AccountView;
  private readonly poller: ReconciliationPoller;
  private readonly marks: MarkPoller;
  private readonly streamHealth: StreamHealthRecorder;
  private status: StreamStatus = 'connecting';
  private lastMessageAt: number | undefined;
  private reconnects = 0;
  private lastPollAt: number | undefined;
  private lastPollError: string | null = null;
  private accessError: string | null = null;
  private pausedUntil: number | undefined;
  private running = false;
  private polling: Promise<void> | undefined;
  private pendingPoll: PollReason | undefined;
  private pollTimer: NodeJS.Timeout | undefined;
  private markTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly account: ExchangeAccount,
    private readonly config: IngestConfig,
    private readonly emitter: ObservationEmitter,
    private readonly metrics: IngestMetrics,
    private readonly now: () => number = Date.now,
  ) {
    this.logger = createLogger('AccountIngestor').child({ account: account.name });
    const { restUrl, streamUrl } = config.exchange;
    if (restUrl === null || streamUrl === null)
      throw new Error('EXCHANGE_REST_URL and EXCHANGE_WS_URL are required');
    const budgets = ingestRateBudgets(
      account.ingestSharesTradingKey,
      config.exchange.sharedKeyIngestShare,
      config.exchange.queryWeightPerSecond,
    );
    this.client = new ExchangeClient({
      baseUrl: restUrl,
      credentials: account.ingestCredentials,
      apiKeyHeader: config.exchange.apiKeyHeader,
      rateLimiter: ingestRateLimiter(budgets),
    });
    this.stream = this.client.createUserDataStream({ streamUrl });
    this.view = new AccountView(config.polls.futuresSymbols);
    this.poller = new ReconciliationPoller(
      account.name,
      this.client,
      this.view,
      metrics,
      config.polls.lookbackMs,
      (observations) => this.publish(observations, true),
      (endpoint, row, error) =>
        this.emitter.deadLetter(
          account.name,
          `venue-rest${endpoint}`,
          JSON.stringify(row),
          describe(error),
          this.now(),
        ),
      (endpoint) => fitsBudget(endpoint, budgets),
      now,
    );
    this.streamHealth = new StreamHealthRecorder(account.name, emitter, now);
    this.marks = new MarkPoller(account.name, this.client, this.view, config.marks.quoteAsset, metrics, now);
  }

  get name(): string {
    return this.account.name;
  }

  health(): AccountHealth {
    return {
      account: this.account.name,
      stream: this.status,
      lastMessageAgeMs: this.lastMessageAt === undefined ? null : this.now() - this.lastMessageAt,
      reconnects: this.reconnects,
      lastPollAt: this.lastPollAt === undefined ? null : new Date(this.lastPollAt).toISOString(),
      lastPollError: this.lastPollError,
      accessError: this.accessError,
      skippedReads: this.poller.skippedReads,
      pausedUntil:
        this.pausedUntil === undefined || this.pausedUntil < this.now()
          ? null
          : new Date(this.pausedUntil).toISOString(),
    };
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.stream.on('connected', ({ at }) => this.onConnected(at));
    this.stream.on('disconnected', ({ reason }) => this.onDisconnected(reason));
    this.stream.on('received', ({ event, raw }) => this.onEvent(event, raw));
    this.stream.on('unknown', ({ raw, reason, text }) => this.onUnreadable(text ?? raw, reason));
    this.stream.on('error', (error) => this.onStreamError(error));
    this.stream.start();
    this.requestPoll('start');
    this.markTimer = setInterval(() => void this.publishMarks(), this.config.marks.intervalMs);
  }

  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.pollTimer);
    clearInterval(this.markTimer);
    await this.stream
      .stop()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'stream stop failed'));
    if (this.status === 'connected') this.streamHealth.disconnected('ingest stopping');
    this.status = 'stopped';
    await this.polling;
    await this.client.close();
  }

  private onConnected(at: number): void {
    this.status = 'connected';
    this.lastMessageAt = at;
    this.accessError = null;
    const firstConnection = !this.streamHealth.hadDisconnection && this.reconnects === 0;
    if (this.streamHealth.hadDisconnection) this.reconnects += 1;
    if (this.streamHealth.connected()) {
      this.metrics.reconnects.inc({ account: this.account.name });
      this.metrics.gapRepairs.inc({ account: this.account.name });
      this.requestPoll('gap');
    } else if (firstConnection) {
      // The stream reports what happens from now on; the start poll began before it
      // connected, so what happened between its reads and now is only in a poll that
      // begins after (queued behind the start poll when that still runs).
      this.requestPoll('gap');
    }
  }

  private onDisconnected(reason: string): void {
    this.status = 'disconnected';
    this.streamHealth.disconnected(reason);
  }

  /** `text`: the venue's item exactly as received, kept as the observations' `raw`. */
  private onEvent(event: UserStreamEvent, text: string): void {
    const receivedAt = this.now();
    this.lastMessageAt = receivedAt;
    this.metrics.streamMessages.inc({ account: this.account.name, type: event.e });
    let mapping;
    try {
      mapping = streamEventObservations(this.account.name, event, {
        stopPriceOf: (orderId) => this.view.stopPrices.get(orderId),
      });
    } catch (error) {
      this.emitter.deadLetter(this.account.name, 'venue-stream', text, describe(error), receivedAt);
      return;
    }
    const observations = mapping.observations.map(({ event: observation }) => ({
      event: observation,
      raw: text,
    }));
    this.publish(observations, false, receivedAt);
    for (const stop of mapping.stopOrdersToPoll) void this.pollStopOrder(stop.orderId);
  }

  private onUnreadable(raw: unknown, reason: string): void {
    const receivedAt = this.now();
    this.lastMessageAt = receivedAt;
    this.metrics.streamMessages.inc({ account: this.account.name, type: 'unreadable' });
    const text =
      typeof raw === 'string' ? raw : Buffer.isBuffer(raw) ? raw.toString('utf8') : JSON.stringify(raw);
    this.emitter.deadLetter(this.account.name, 'venue-stream', text ?? String(raw), reason, receivedAt);
  }

  private onStreamError(error: Error): void {
    if (isAccessProblem(error)) {
      if (this.accessError === null)
        this.logger.error({ err: error }, "the venue refuses this account's key");
      this.accessError = describe(error);
    }
  }

  private publish(
    observations: readonly MappedObservation[],
    fromPoll: boolean,
    receivedAt = this.now(),
  ): void {
    if (observations.length === 0) return;
    if (!fromPoll) this.view.learn(observations);
    this.emitter.emit(observations, { receivedAt, correlationId: newCorrelationId(), skipRepeats: fromPoll });
  }

  /** The stream reported a STOP order without its trigger price: read the order by REST. */
  private async pollStopOrder(orderId: string): Promise<void> {
    try {
      const record = await this.client.futures.getOrder({ type: 'STOP', orderId });
      this.publish([{ event: futuresStopOrderObservation(this.account.name, record), raw: record }], false);
    } catch (error) {
      this.logger.warn({ err: error, orderId }, 'STOP order could not be read');
    }
  }

  /** Polls never overlap: a request while one runs is kept (a gap wins over a periodic one). */
  private requestPoll(reason: PollReason): void {
    if (!this.running) return;
    if (this.polling) {
      if (this.pendingPoll !== 'gap') this.pendingPoll = reason;
      return;
    }
    clearTimeout(this.pollTimer);
    this.polling = this.runPoll(reason).finally(() => {
      this.polling = undefined;
      const next = this.pendingPoll;
      this.pendingPoll = undefined;
      if (next !== undefined) this.requestPoll(next);
      else this.scheduleNextPoll();
    });
  }

  private async runPoll(reason: PollReason): Promise<void> {
    try {
      await this.poller.poll(reason);
      this.lastPollError = null;
      this.accessError = null;
    } catch (error) {
      this.lastPollError = describe(error);
      if (error instanceof RateLimitedError) {
        // The seeds: after a 429, wait (a minute, or what the venue says) before asking again.
        this.pausedUntil = this.now() + error.retryAfterMs;
        this.logger.warn({ retryAfterMs: error.retryAfterMs }, 'rate limited: polls pause');
      } else if (isAccessProblem(error)) {
        if (this.accessError === null)
          this.logger.error({ err: error }, "the venue refuses this account's key");
        this.accessError = describe(error);
      } else this.logger.warn({ err: error, reason }, 'reconciliation poll incomplete');
    } finally {
      this.lastPollAt = this.now();
    }
  }

  /** Faster while the stream is silent: the polls are then the only eyes on the account. */
  private scheduleNextPoll(): void {
    if (!this.running) return;
    const { intervalMs, silentIntervalMs, silentAfterMs } = this.config.polls;
    const silent =
      this.lastMessageAt === undefined ||
      this.now() - this.lastMessageAt > silentAfterMs ||
      this.status !== 'connected';
    this.pollTimer = setTimeout(() => this.requestPoll('periodic'), silent ? silentIntervalMs : intervalMs);
  }

  private async publishMarks(): Promise<void> {
    try {
      this.publish(await this.marks.poll(), true);
    } catch (error) {
      this.logger.warn({ err: error }, 'marks could not be read');
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
