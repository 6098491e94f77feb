import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { perRegistry } from '@oms/platform';

/**
 * Produce/consume counters, consumer lag and error counts. Metrics are registered once
 * per registry, so several publishers and subscribers in one process share them.
 */
export class KafkaMetrics {
  readonly messagesProduced: Counter<'topic'>;
  readonly produceErrors: Counter<'topic'>;
  readonly produceDuration: Histogram<'topic'>;
  readonly eventsConsumed: Counter<'topic' | 'group'>;
  readonly deadLettered: Counter<'topic' | 'group'>;
  readonly handlerErrors: Counter<'topic' | 'group'>;
  readonly consumerCrashes: Counter<'group'>;
  readonly consumerLag: Gauge<'topic' | 'partition' | 'group'>;
  readonly skippedOffsets: Counter<'topic' | 'partition' | 'group'>;
  readonly logResets: Counter<'topic' | 'group'>;
  readonly refetches: Counter<'topic' | 'group'>;

  private constructor(registry: Registry) {
    const registers = [registry];
    this.messagesProduced = new Counter({
      name: 'oms_kafka_messages_produced_total',
      help: 'Messages acknowledged by the Kafka cluster',
      labelNames: ['topic'],
      registers,
    });
    this.produceErrors = new Counter({
      name: 'oms_kafka_produce_errors_total',
      help: 'Publish calls that failed after the client retries',
      labelNames: ['topic'],
      registers,
    });
    this.produceDuration = new Histogram({
      name: 'oms_kafka_produce_duration_seconds',
      help: 'Time from publish call to acknowledgement',
      labelNames: ['topic'],
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5],
      registers,
    });
    this.eventsConsumed = new Counter({
      name: 'oms_kafka_events_consumed_total',
      help: 'Events handed to a handler that completed',
      labelNames: ['topic', 'group'],
      registers,
    });
    this.deadLettered = new Counter({
      name: 'oms_kafka_dead_letters_total',
      help: 'Messages sent to the dead-letter topic because they did not decode',
      labelNames: ['topic', 'group'],
      registers,
    });
    this.handlerErrors = new Counter({
      name: 'oms_kafka_handler_errors_total',
      help: 'Batches whose handler threw; they are retried and not committed',
      labelNames: ['topic', 'group'],
      registers,
    });
    this.consumerCrashes = new Counter({
      name: 'oms_kafka_consumer_crashes_total',
      help: 'Consumer crashes reported by the client',
      labelNames: ['group'],
      registers,
    });
    this.consumerLag = new Gauge({
      name: 'oms_kafka_consumer_lag_messages',
      help: 'High watermark minus the next offset to process, per partition',
      labelNames: ['topic', 'partition', 'group'],
      registers,
    });
    this.skippedOffsets = new Counter({
      name: 'oms_kafka_consumer_skipped_offsets_total',
      help: "Offsets between a handler-owned offset and the first message fetched after it: deleted by retention before they were handled (or a transactional producer's markers)",
      labelNames: ['topic', 'partition', 'group'],
      registers,
    });
    this.logResets = new Counter({
      name: 'oms_kafka_consumer_log_resets_total',
      help: "Partitions whose log ended before the handler-owned offset (truncated or created again) and were consumed from the client's resume point",
      labelNames: ['topic', 'group'],
      registers,
    });
    this.refetches = new Counter({
      name: 'oms_kafka_consumer_refetches_total',
      help: 'Batches that started past the handler-owned offset while the log still held the messages before them: fetched again from that offset',
      labelNames: ['topic', 'group'],
      registers,
    });
  }

  static readonly for = perRegistry((registry) => new KafkaMetrics(registry));
}
