import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { logLevel } from 'kafkajs';
import { createKafkaClient, EventCodec, KafkaEventPublisher, PayloadSchemaRegistry } from '@oms/kafka';
import { createLogger, settledWithin } from '@oms/platform';
import { FoldServices } from '../aggregates/fold-services';
import { FoldCheck } from '../audit/fold-check';
import { AnswerRecordings } from '../orders/answer-recordings';
import { OutboxRelay } from '../outbox/outbox.relay';
import { SpotHoldingsCompaction } from '../projections/spot-holdings-compaction';
import { ContractMultipliers } from './contract-multipliers';
import { FoldConfig } from './fold.config';
import { FOLD_CONFIG, FOLD_SERVICES } from './fold.tokens';
import { foldTopicNames, KafkaFoldConsumer } from './kafka-fold.consumer';

const log = createLogger('FoldLifecycle');

/**
 * How often the spot holding changes are compacted: a pre-trade read sums the changes of
 * the last interval, a few hundred rows at most at the fold's rate.
 */
const HOLDINGS_COMPACTION_INTERVAL_MS = 250;

/**
 * How long a shutdown waits for a consumer still joining its group to finish joining
 * and leave it, so that it leaves while the database is open. kafkajs cannot cut a join
 * (or its connection retries) short: past this, the shutdown goes on and the consumer
 * leaves its group when it can.
 */
const JOINING_CONSUMER_LEAVE_WAIT_MS = 3_000;

/**
 * Starts the Kafka fold, the outbox relay, the compaction of spot holdings and the
 * continuous check with the app. On
 * shutdown they stop before anything closes (Nest's before-shutdown hooks run ahead of
 * the HTTP server's close and of the database's): the batch being folded commits or
 * rolls back on a live connection, and nothing retries against a closed one.
 */
@Injectable()
export class FoldLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private consumer?: KafkaFoldConsumer;
  /** The consumer being started: it may still be joining its group at shutdown. */
  private starting?: KafkaFoldConsumer;
  private relay?: OutboxRelay;
  private publisher?: KafkaEventPublisher;
  private check?: FoldCheck;
  private holdings?: SpotHoldingsCompaction;
  private stopping = false;
  private wake?: () => void;
  /** The start loop, which ends once its consumer runs or (at shutdown) has left its group. */
  private startLoop?: Promise<void>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FOLD_CONFIG) private readonly config: FoldConfig,
    @Inject(FOLD_SERVICES) private readonly fold: FoldServices,
    private readonly multipliers: ContractMultipliers,
    private readonly answers: AnswerRecordings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.exchangeRestUrl !== null) {
      try {
        const count = await this.multipliers.load(this.config.exchangeRestUrl);
        log.info({ contracts: count }, 'contract multipliers loaded from exchange info');
      } catch (error) {
        log.error({ err: error }, 'exchange info unavailable: futures fills wait for their multiplier');
      }
    }
    // The OMS serves desks while Kafka is away (health says so); the fold joins when it can.
    this.startLoop = this.startConsumer();
    const kafka = createKafkaClient({
      brokers: this.config.kafkaBrokers,
      clientId: 'oms-outbox',
      logLevel: logLevel.ERROR,
    });
    this.publisher = new KafkaEventPublisher({
      kafka,
      codec: new EventCodec(new PayloadSchemaRegistry(), { unregisteredTypes: 'accept' }),
    });
    this.relay = new OutboxRelay(this.dataSource, this.publisher, {
      topic: foldTopicNames(this.config.topicPrefix).omsEvents,
    });
    this.relay.start();
    this.holdings = new SpotHoldingsCompaction(this.dataSource, {
      intervalMs: HOLDINGS_COMPACTION_INTERVAL_MS,
    });
    this.holdings.start();
    if (this.config.checkIntervalMs > 0) {
      this.check = new FoldCheck(this.dataSource, this.fold.deciders, {
        intervalMs: this.config.checkIntervalMs,
      });
      this.check.start();
    }
  }

  private async startConsumer(): Promise<void> {
    for (let attempt = 1; !this.stopping; attempt += 1) {
      const consumer = new KafkaFoldConsumer(this.dataSource, this.fold, {
        brokers: this.config.kafkaBrokers,
        topicPrefix: this.config.topicPrefix,
        consumerGroup: this.config.consumerGroup,
        answers: this.answers,
      });
      this.starting = consumer;
      try {
        await consumer.start();
        // A shutdown that came while it was connecting halted it; it leaves its group here.
        if (this.stopping) await consumer.stop();
        else this.consumer = consumer;
        return;
      } catch (error) {
        await consumer.stop().catch(() => undefined);
        // A start cut short by shutdown is not retried.
        if (this.stopping) return;
        log.error({ err: error, attempt }, 'the Kafka fold could not start; trying again');
        await this.pause(Math.min(30_000, 500 * 2 ** Math.min(attempt, 6)));
      } finally {
        this.starting = undefined;
      }
    }
  }

  /** Waits before the next attempt to start; a shutdown ends the wait. */
  private async pause(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wake = undefined;
  }

  /** Waits (at most JOINING_CONSUMER_LEAVE_WAIT_MS) for the start loop to end. */
  private async joiningConsumerLeft(): Promise<void> {
    if (this.startLoop === undefined) return;
    await settledWithin(this.startLoop, JOINING_CONSUMER_LEAVE_WAIT_MS);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    this.check?.stop();
    await this.holdings?.stop();
    // A consumer still starting (joining its group) folds nothing more from here on,
    // and its batch in hand finishes while the database is open.
    await this.starting?.halt();
    await this.joiningConsumerLeft();
    await this.consumer?.stop();
    await this.relay?.stop();
    await this.publisher?.close();
  }
}
