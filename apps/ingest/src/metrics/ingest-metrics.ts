import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { KafkaMetrics } from '@oms/kafka';

/**
 * Ingest's Prometheus metrics, on a registry of its own (the local stack hosts the OMS
 * in the same process). libs/kafka's producer metrics are registered on it too.
 */
export class IngestMetrics {
  readonly registry = new Registry();
  readonly kafka: KafkaMetrics;
  readonly streamMessages: Counter<'account' | 'type'>;
  readonly reconnects: Counter<'account'>;
  readonly gapRepairs: Counter<'account'>;
  readonly pollDuration: Histogram<'account' | 'reason'>;
  readonly pollWeight: Counter<'account'>;
  readonly pollErrors: Counter<'account'>;
  readonly observationsProduced: Counter<'type'>;
  readonly produceLatency: Histogram;
  readonly deadLetters: Counter<'account'>;
  readonly journalDepth: Gauge;
  readonly journalBytes: Gauge;
  readonly bufferDepth: Gauge;
  readonly journalFull: Gauge;
  readonly journalFullEvents: Counter;

  constructor() {
    const registers = [this.registry];
    this.kafka = KafkaMetrics.for(this.registry);
    this.streamMessages = new Counter({
      name: 'ingest_stream_messages_total',
      help: 'Private stream messages received, by account and message type',
      labelNames: ['account', 'type'],
      registers,
    });
    this.reconnects = new Counter({
      name: 'ingest_stream_reconnects_total',
      help: 'Stream connections opened after a previous one was lost',
      labelNames: ['account'],
      registers,
    });
    this.gapRepairs = new Counter({
      name: 'ingest_gap_repairs_total',
      help: 'Reconciliation polls run to repair a stream gap',
      labelNames: ['account'],
      registers,
    });
    this.pollDuration = new Histogram({
      name: 'ingest_poll_duration_seconds',
      help: 'Duration of a reconciliation poll, by why it ran (start, gap, periodic)',
      labelNames: ['account', 'reason'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
      registers,
    });
    this.pollWeight = new Counter({
      name: 'ingest_poll_weight_total',
      help: 'Request weight spent on the venue by polls and marks',
      labelNames: ['account'],
      registers,
    });
    this.pollErrors = new Counter({
      name: 'ingest_poll_errors_total',
      help: 'Poll requests that failed',
      labelNames: ['account'],
      registers,
    });
    this.observationsProduced = new Counter({
      name: 'ingest_observations_produced_total',
      help: 'Observations acknowledged by Kafka, by event type',
      labelNames: ['type'],
      registers,
    });
    this.produceLatency = new Histogram({
      name: 'ingest_produce_latency_seconds',
      help: 'From receiving a venue message to Kafka acknowledging its observation',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5, 30],
      registers,
    });
    this.deadLetters = new Counter({
      name: 'ingest_dead_letters_total',
      help: 'Venue messages sent to the dead-letter topic',
      labelNames: ['account'],
      registers,
    });
    this.journalDepth = new Gauge({
      name: 'ingest_journal_depth',
      help: 'Records waiting in the on-disk journal',
      registers,
    });
    this.journalBytes = new Gauge({
      name: 'ingest_journal_bytes',
      help: 'Bytes waiting in the journal',
      registers,
    });
    this.bufferDepth = new Gauge({
      name: 'ingest_buffer_depth',
      help: 'Records waiting in memory (buffer and journal overflow)',
      registers,
    });
    this.journalFull = new Gauge({
      name: 'ingest_journal_full',
      help: '1 while the journal is full and records wait in memory (alarm)',
      registers,
    });
    this.journalFullEvents = new Counter({
      name: 'ingest_journal_full_total',
      help: 'Records that found the journal full',
      registers,
    });
  }
}
