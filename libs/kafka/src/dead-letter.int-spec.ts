import { Registry } from 'prom-client';
import { withCorrelationId } from '@oms/platform';
import { ReceivedEvent } from './consume/event-subscriber';
import { KafkaEventSubscriber } from './consume/kafka-event-subscriber';
import { createEnvelope } from './envelope/envelope-factory';
import { InvalidEventError } from './envelope/event-codec';
import { KafkaMetrics } from './metrics/kafka-metrics';
import { KafkaDeadLetterPublisher } from './publish/dead-letter-publisher';
import { KafkaEventPublisher } from './publish/kafka-event-publisher';
import { DeadLetterHeader, EventHeader, headerText } from './topics/kafka-headers';
import { sampleCodec, sampleEnvelope } from './test-support/sample-events';
import { eventually, openTestKafkaCluster, TestKafkaCluster } from './test-support/test-kafka-cluster';

describe('dead letters and correlation headers', () => {
  let cluster: TestKafkaCluster;

  beforeAll(async () => {
    cluster = await openTestKafkaCluster();
  });

  afterAll(async () => {
    await cluster.close();
  });

  async function readMessages(topic: string, count: number) {
    const messages: { value: Buffer | null; headers: Record<string, string | undefined> }[] = [];
    const reader = cluster.kafka.consumer({
      groupId: cluster.uniqueName(`reader-${topic}`),
      maxWaitTimeInMs: 100,
    });
    await reader.connect();
    await reader.subscribe({ topic, fromBeginning: true });
    await reader.run({
      eachMessage: ({ message }) => {
        const headers = Object.fromEntries(
          Object.entries(message.headers ?? {}).map(([name, value]) => [name, headerText(value)]),
        );
        messages.push({ value: message.value, headers });
        return Promise.resolve();
      },
    });
    try {
      await eventually(() => (messages.length >= count ? true : undefined), `${count} messages on ${topic}`);
    } finally {
      await reader.disconnect();
    }
    return messages;
  }

  it('sends undecodable messages to the dead-letter topic with their bytes, reason and origin, and keeps going', async () => {
    const topic = cluster.uniqueName('observations');
    const deadLetterTopic = cluster.uniqueName('dead-letters');
    await cluster.createTopic(topic, 1);
    await cluster.createTopic(deadLetterTopic, 1);
    const codec = sampleCodec();
    const metrics = KafkaMetrics.for(new Registry());
    const publisher = new KafkaEventPublisher({ kafka: cluster.kafka, codec, metrics });

    const first = withCorrelationId('desk-request-7', () =>
      createEnvelope({
        identity: ['spec', 'first'],
        type: 'SampleObserved',
        schemaVersion: 1,
        accountId: 'acc1',
        symbol: 'BTCUSDT',
        source: 'ws',
        venueTime: null,
        payload: { sequence: 0, price: '1.5' },
      }),
    );
    const invalid = sampleEnvelope('acc1', 'BTCUSDT', 9, { source: 'fax' as 'ws' });
    await expect(publisher.publish(topic, [{ envelope: first }, { envelope: invalid }])).rejects.toThrow(
      InvalidEventError,
    );
    await publisher.publish(topic, [{ envelope: first }]);
    const raw = cluster.kafka.producer();
    await raw.connect();
    const notJson = Buffer.from('{"eventId": oops');
    const noAccount = Buffer.from(
      JSON.stringify({ ...sampleEnvelope('acc1', 'BTCUSDT', 1), accountId: undefined }),
    );
    const badPrice = Buffer.from(
      JSON.stringify(sampleEnvelope('acc1', 'BTCUSDT', 2, { payload: { sequence: 2, price: 42000.5 } })),
    );
    await raw.send({
      topic,
      messages: [
        { key: 'acc1:BTCUSDT', value: notJson, headers: { [EventHeader.correlationId]: 'corr-raw' } },
        { key: 'acc1:BTCUSDT', value: noAccount },
        { key: 'acc1:BTCUSDT', value: badPrice },
      ],
    });
    await raw.disconnect();
    await publisher.publish(topic, [{ envelope: sampleEnvelope('acc1', 'BTCUSDT', 3) }]);
    await publisher.close();

    const received: ReceivedEvent[] = [];
    const deadLetters = new KafkaDeadLetterPublisher(cluster.kafka, deadLetterTopic);
    const groupId = cluster.uniqueName('observers');
    const subscriber = new KafkaEventSubscriber({
      kafka: cluster.kafka,
      codec,
      metrics,
      groupId,
      topics: [topic],
      deadLetters,
      maxWaitTimeMs: 100,
    });
    await subscriber.start((batch) => {
      received.push(...batch.events);
      return Promise.resolve();
    });
    await eventually(() => (received.length >= 2 ? true : undefined), 'the two valid events');
    await subscriber.stop();
    await deadLetters.close();

    expect(received.map((event) => event.offset)).toEqual(['0', '4']);
    expect(received[0].correlationId).toBe('desk-request-7');
    expect(received[0].key).toBe('acc1:BTCUSDT');
    expect(received[0].envelope.eventId).toBe(first.eventId);

    const [published] = await readMessages(topic, 1);
    expect(published.headers).toMatchObject({
      [EventHeader.correlationId]: 'desk-request-7',
      [EventHeader.eventId]: first.eventId,
      [EventHeader.eventType]: 'SampleObserved',
      [EventHeader.schemaVersion]: '1',
    });

    const letters = await readMessages(deadLetterTopic, 3);
    expect(letters.map((letter) => letter.value)).toEqual([notJson, noAccount, badPrice]);
    expect(letters[0].headers[DeadLetterHeader.reason]).toMatch(/^value is not JSON/);
    expect(letters[0].headers[EventHeader.correlationId]).toBe('corr-raw');
    expect(letters[1].headers[DeadLetterHeader.reason]).toContain('envelope.accountId');
    expect(letters[2].headers[DeadLetterHeader.reason]).toContain('payload.price');
    expect(letters.map((letter) => letter.headers[DeadLetterHeader.sourceOffset])).toEqual(['1', '2', '3']);
    expect(letters.every((letter) => letter.headers[DeadLetterHeader.sourceTopic] === topic)).toBe(true);
    expect(letters.every((letter) => letter.headers[DeadLetterHeader.sourcePartition] === '0')).toBe(true);

    const deadLettered = await metrics.deadLettered.get();
    expect(deadLettered.values.find((value) => value.labels.topic === topic)?.value).toBe(3);
    const lag = await metrics.consumerLag.get();
    expect(lag.values.find((value) => value.labels.topic === topic)?.value).toBe(0);
  });
});
