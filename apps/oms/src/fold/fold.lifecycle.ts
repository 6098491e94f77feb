import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { logLevel } from 'kafkajs';
import { createKafkaClient, EventCodec, KafkaEventPublisher, PayloadSchemaRegistry } from '@oms/kafka';
import { createLogger } from '@oms/platform';
import { FoldServices } from '../aggregates/fold-services';
import { FoldCheck } from '../audit/fold-check';
import { OutboxRelay } from '../outbox/outbox.relay';
import { ContractMultipliers } from './contract-multipliers';
import { FoldConfig } from './fold.config';
import { FOLD_CONFIG, FOLD_SERVICES } from './fold.tokens';
import { foldTopicNames, KafkaFoldConsumer } from './kafka-fold.consumer';

const log = createLogger('FoldLifecycle');

/** Starts the Kafka fold, the outbox relay and the continuous check with the app; stops them first on shutdown. */
@Injectable()
export class FoldLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private consumer?: KafkaFoldConsumer;
  private relay?: OutboxRelay;
  private publisher?: KafkaEventPublisher;
  private check?: FoldCheck;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(FOLD_CONFIG) private readonly config: FoldConfig,
    @Inject(FOLD_SERVICES) private readonly fold: FoldServices,
    private readonly multipliers: ContractMultipliers,
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
    this.consumer = new KafkaFoldConsumer(this.dataSource, this.fold, {
      brokers: this.config.kafkaBrokers,
      topicPrefix: this.config.topicPrefix,
      consumerGroup: this.config.consumerGroup,
    });
    await this.consumer.start();
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
    if (this.config.checkIntervalMs > 0) {
      this.check = new FoldCheck(this.dataSource, this.fold.deciders, {
        intervalMs: this.config.checkIntervalMs,
      });
      this.check.start();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.check?.stop();
    await this.consumer?.stop();
    await this.relay?.stop();
    await this.publisher?.close();
  }
}
