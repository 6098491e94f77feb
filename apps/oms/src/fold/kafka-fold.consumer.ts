import { DataSource } from 'typeorm';
import { logLevel } from 'kafkajs';
import {
  createKafkaClient,
  DEFAULT_TOPIC_NAMES,
  EventBatch,
  KafkaDeadLetterPublisher,
  KafkaEventSubscriber,
  KafkaTopicNames,
  prefixedTopicNames,
} from '@oms/kafka';
import { observationCodec } from '@oms/observations';
import { createLogger } from '@oms/platform';
import { FoldServices } from '../aggregates/fold-services';
import { AnswerRecordings } from '../orders/answer-recordings';
import { FoldBatchHandler } from './fold-batch.handler';
import { PartitionOffsets } from './partition-offsets';

const log = createLogger('KafkaFoldConsumer');

/**
 * A partition's fetch: about 9,000 observations (~850 bytes each), a whole transaction's
 * worth (DEFAULT_MAX_PER_TRANSACTION); kafkajs' default (1 MB) cut a catching-up fold's
 * transactions to about 1,200.
 */
const FETCH_BYTES_PER_PARTITION = 8 * 1024 * 1024;

/**
 * Partitions folded at once: while one partition's transaction waits on Postgres, the
 * next one's observations are decided. Each partition's batches still fold in order.
 */
export const DEFAULT_PARTITIONS_FOLDED_CONCURRENTLY = 2;

export interface KafkaFoldOptions {
  readonly brokers: readonly string[];
  readonly topicPrefix?: string;
  /** The fold's group: names its stored offsets, and the Kafka group unless kafkaGroupId says otherwise. */
  readonly consumerGroup: string;
  /** The Kafka consumer group joined (default consumerGroup); offsets are always the fold's own. */
  readonly kafkaGroupId?: string;
  readonly sessionTimeoutMs?: number;
  /** Observations per Postgres transaction (default DEFAULT_MAX_PER_TRANSACTION). */
  readonly maxPerTransaction?: number;
  /** Told of each committed batch part (benchmarks measure latency with it). */
  readonly onCommitted?: (batch: EventBatch) => void;
  readonly heartbeatIntervalMs?: number;
  /** Partitions folded at once (default DEFAULT_PARTITIONS_FOLDED_CONCURRENTLY). */
  readonly partitionsConcurrently?: number;
  /** This process's venue answers still being committed: a batch about their orders waits for them. */
  readonly answers?: AnswerRecordings;
}

export function foldTopicNames(prefix: string | undefined): KafkaTopicNames {
  return prefix ? prefixedTopicNames(prefix) : DEFAULT_TOPIC_NAMES;
}

/**
 * The OMS's consumer of ingest's observations: one member of the consumer group,
 * starting each assigned partition at the offset stored with the fold's own
 * transactions; undecodable messages and payloads the domain refuses go to the
 * dead-letter topic with the reason.
 */
export class KafkaFoldConsumer {
  private subscriber?: KafkaEventSubscriber;
  private deadLetters?: KafkaDeadLetterPublisher;

  constructor(
    private readonly dataSource: DataSource,
    private readonly fold: FoldServices,
    private readonly options: KafkaFoldOptions,
  ) {}

  async start(): Promise<void> {
    const topics = foldTopicNames(this.options.topicPrefix);
    const kafka = createKafkaClient({
      brokers: this.options.brokers,
      clientId: `oms-fold-${process.pid}`,
      logLevel: logLevel.ERROR,
    });
    const offsets = new PartitionOffsets(this.dataSource, this.options.consumerGroup);
    this.deadLetters = new KafkaDeadLetterPublisher(kafka, topics.deadLetter);
    this.subscriber = new KafkaEventSubscriber({
      kafka,
      codec: observationCodec(),
      groupId: this.options.kafkaGroupId ?? this.options.consumerGroup,
      topics: [topics.venueObservations],
      deadLetters: this.deadLetters,
      ownedOffsets: offsets,
      fromBeginning: true,
      sessionTimeoutMs: this.options.sessionTimeoutMs,
      heartbeatIntervalMs: this.options.heartbeatIntervalMs,
      maxBytesPerPartition: FETCH_BYTES_PER_PARTITION,
      partitionsConsumedConcurrently:
        this.options.partitionsConcurrently ?? DEFAULT_PARTITIONS_FOLDED_CONCURRENTLY,
    });
    await this.subscriber.start(
      new FoldBatchHandler(
        this.fold,
        offsets,
        this.options.maxPerTransaction,
        this.options.onCommitted,
        undefined,
        this.options.answers,
      ).handle,
    );
    log.info(
      { group: this.options.consumerGroup, topic: topics.venueObservations },
      'folding venue observations',
    );
  }

  /**
   * Folds no further batch (the one in hand finishes) without waiting for the consumer to
   * leave its group: a consumer still joining leaves only once it has joined, which can
   * be after the database closed.
   */
  async halt(): Promise<void> {
    await this.subscriber?.halt();
  }

  async stop(): Promise<void> {
    await this.subscriber?.stop();
    this.subscriber = undefined;
    await this.deadLetters?.close();
    this.deadLetters = undefined;
  }
}
