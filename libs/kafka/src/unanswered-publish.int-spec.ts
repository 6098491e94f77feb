import { Kafka, logLevel } from 'kafkajs';
import { ApiKey } from '@oms/kafka-broker/protocol/api-keys';
import { ResponseDroppingProxy } from '@oms/kafka-broker/test-support/response-dropping-proxy';
import { startTemporaryBroker, TemporaryBroker } from '@oms/kafka-broker/test-support/temporary-broker';
import { highWatermark, readFromBeginning } from '@oms/kafka-broker/test-support/topic-reading';
import { DeadLetterHeader, EventHeader } from './topics/kafka-headers';
import { KafkaDeadLetterPublisher } from './publish/dead-letter-publisher';
import { KafkaEventPublisher } from './publish/kafka-event-publisher';
import { sampleCodec, sampleEnvelope } from './test-support/sample-events';

/**
 * A publish whose batch the broker stored but never answered fails; what the caller
 * sends next may be different events of the same count. An idempotent producer that
 * reused the failed batch's sequence numbers would have that next batch taken for a
 * retry of the stored one and dropped without an error: the outbox relay, whose next
 * page starts wherever another OMS process left the cursor, lost events that way.
 */
describe('a publish after one the broker stored but never answered', () => {
  let broker: TemporaryBroker;
  let proxy: ResponseDroppingProxy;
  let brokerPort = 0;
  let kafka: Kafka;

  beforeAll(async () => {
    proxy = await ResponseDroppingProxy.start('127.0.0.1', () => brokerPort);
    broker = await startTemporaryBroker({ advertisedPort: proxy.port });
    brokerPort = broker.current.port;
    kafka = new Kafka({
      brokers: broker.brokers(),
      clientId: 'unanswered-publish-spec',
      logLevel: logLevel.NOTHING,
      retry: { initialRetryTime: 20, maxRetryTime: 50, retries: 2 },
    });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({
      topics: [
        { topic: 'events', numPartitions: 1 },
        { topic: 'dead-letters', numPartitions: 1 },
      ],
    });
    await admin.disconnect();
  });

  afterAll(async () => {
    await broker.dispose();
    await proxy.stop();
  });

  const headerValues = (topic: string, header: string, count: number) =>
    readFromBeginning(kafka, topic, count, {
      read: (message) => message.headers?.[header]?.toString() ?? '',
    });

  it('stores the next events of the event publisher, not taking them for a retry of the unanswered batch', async () => {
    const publisher = new KafkaEventPublisher({ kafka, codec: sampleCodec() });
    const event = (sequence: number) => ({ envelope: sampleEnvelope('acc1', 'BTCUSDT', sequence) });
    await publisher.publish('events', [event(1)]);

    proxy.dropResponsesTo(ApiKey.Produce);
    await expect(publisher.publish('events', [event(2), event(3)])).rejects.toThrow();
    proxy.deliverResponses();
    await publisher.publish('events', [event(4), event(5)]);
    await publisher.close();

    expect(await highWatermark(kafka, 'events')).toBe(5);
    expect(await headerValues('events', EventHeader.eventId, 5)).toEqual(
      [1, 2, 3, 4, 5].map((sequence) => event(sequence).envelope.eventId),
    );
  });

  it('stores the next dead letters, not taking them for a retry of the unanswered batch', async () => {
    const deadLetters = new KafkaDeadLetterPublisher(kafka, 'dead-letters');
    const letter = (reason: string) => ({
      key: Buffer.from('acc1:BTCUSDT'),
      value: Buffer.from('{'),
      headers: {},
      reason,
      sourceTopic: 'events',
      sourcePartition: 0,
      sourceOffset: '0',
    });
    await deadLetters.publish([letter('first')]);

    proxy.dropResponsesTo(ApiKey.Produce);
    await expect(deadLetters.publish([letter('unanswered')])).rejects.toThrow();
    proxy.deliverResponses();
    await deadLetters.publish([letter('next')]);
    await deadLetters.close();

    expect(await highWatermark(kafka, 'dead-letters')).toBe(3);
    expect(await headerValues('dead-letters', DeadLetterHeader.reason, 3)).toEqual([
      'first',
      'unanswered',
      'next',
    ]);
  });
});
