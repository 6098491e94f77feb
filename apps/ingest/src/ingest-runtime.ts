import { observationCodec } from '@oms/observations';
import { createLogger } from '@oms/platform';
import { IngestConfig } from './config/ingest.config';
import { FileJournal } from './delivery/file-journal';
import { KafkaOutboxSink } from './delivery/kafka-outbox-sink';
import { ObservationOutbox, OutboxState } from './delivery/observation-outbox';
import { OutboxRecord } from './delivery/outbox-record';
import { IngestMetrics } from './metrics/ingest-metrics';
import { AccountHealth, AccountIngestor } from './venue/account-ingestor';
import { ObservationEmitter } from './venue/observation-emitter';

export interface IngestHealth {
  /** ok: every account streams; degraded: an account or Kafka has a problem; red: records cannot be journaled. */
  readonly status: 'ok' | 'degraded' | 'red';
  readonly accounts: readonly AccountHealth[];
  readonly delivery: OutboxState;
}

/**
 * The ingest process's moving parts: one outbox (journal + Kafka sink) shared by every
 * account, and one AccountIngestor per account of EXCHANGE_ACCOUNTS.
 */
export class IngestRuntime {
  private readonly logger = createLogger('IngestRuntime');
  readonly metrics = new IngestMetrics();
  private readonly sink: KafkaOutboxSink;
  private readonly outbox: ObservationOutbox;
  private readonly ingestors: AccountIngestor[];
  private metricsTimer: NodeJS.Timeout | undefined;

  constructor(private readonly config: IngestConfig) {
    const codec = observationCodec();
    this.sink = new KafkaOutboxSink({
      brokers: config.kafka.brokers,
      codec,
      metrics: this.metrics.kafka,
      deadLetterTopic: config.kafka.topics.deadLetter,
    });
    this.outbox = new ObservationOutbox(
      new FileJournal<OutboxRecord>(config.journal.dir, config.journal.maxBytes),
      this.sink,
      {
        bufferMaxRecords: config.journal.bufferMaxRecords,
        bufferMaxBytes: config.journal.bufferMaxBytes,
        spillAfterMs: config.journal.spillAfterMs,
      },
      {
        delivered: (records) => this.onDelivered(records),
        sendFailed: () => undefined,
        journalFull: () => this.metrics.journalFullEvents.inc(),
      },
    );
    const emitter = new ObservationEmitter(this.outbox, codec, config.kafka.topics, this.metrics);
    this.ingestors = config.exchange.accounts.map(
      (account) => new AccountIngestor(account, config, emitter, this.metrics),
    );
  }

  /** Starts delivering first (a journal left by the last run goes out before anything new), then the accounts. */
  start(): void {
    const backlog = this.outbox.state().journalDepth;
    if (backlog > 0)
      this.logger.info({ records: backlog }, 'journal from the previous run: sending it first');
    this.outbox.start();
    for (const ingestor of this.ingestors) ingestor.start();
    this.metricsTimer = setInterval(() => this.refreshGauges(), 1_000);
    this.metricsTimer.unref();
    this.logger.info({ accounts: this.ingestors.map((ingestor) => ingestor.name) }, 'ingest started');
  }

  /** Stops the accounts, flushes what Kafka takes within `flushMs`, journals the rest. */
  async stop(flushMs = 2_000): Promise<void> {
    clearInterval(this.metricsTimer);
    await Promise.allSettled(this.ingestors.map((ingestor) => ingestor.stop()));
    await this.outbox.stop(flushMs);
    await this.sink.close();
    const left = this.outbox.state();
    this.logger.info({ journaled: left.journalDepth }, 'ingest stopped');
  }

  health(): IngestHealth {
    const delivery = this.outbox.state();
    const accounts = this.ingestors.map((ingestor) => ingestor.health());
    const accountTrouble = accounts.some(
      (account) => account.stream !== 'connected' || account.accessError !== null,
    );
    const status = delivery.journalFull ? 'red' : accountTrouble || delivery.degraded ? 'degraded' : 'ok';
    return { status, accounts, delivery };
  }

  private onDelivered(records: readonly OutboxRecord[]): void {
    const now = Date.now();
    for (const record of records) {
      if (record.kind !== 'event') continue;
      this.metrics.observationsProduced.inc({ type: record.envelope.type });
      this.metrics.produceLatency.observe((now - Date.parse(record.envelope.observedAt)) / 1000);
    }
  }

  private refreshGauges(): void {
    const state = this.outbox.state();
    this.metrics.journalDepth.set(state.journalDepth);
    this.metrics.journalBytes.set(state.journalBytes);
    this.metrics.bufferDepth.set(state.memoryDepth + state.overflowDepth);
    this.metrics.journalFull.set(state.journalFull ? 1 : 0);
  }
}
