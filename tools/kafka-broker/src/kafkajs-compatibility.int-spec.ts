import { CompressionTypes, Kafka, logLevel } from 'kafkajs';
import { startTemporaryBroker, TemporaryBroker } from './test-support/temporary-broker';

/** The less travelled paths kafkajs takes: acks=0, gzip, timestamps, admin errors, long polls. */
describe('kafkajs against the broker', () => {
  let broker: TemporaryBroker;
  let kafka: Kafka;

  beforeAll(async () => {
    broker = await startTemporaryBroker();
    kafka = new Kafka({
      brokers: broker.brokers(),
      clientId: 'compatibility',
      logLevel: logLevel.NOTHING,
      retry: { retries: 2 },
    });
  });

  afterAll(async () => {
    await broker.dispose();
  });

  async function readAll(topic: string, count: number): Promise<{ value: string; timestamp: string }[]> {
    const consumer = kafka.consumer({ groupId: `read-${topic}`, maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    const seen: { value: string; timestamp: string }[] = [];
    await new Promise<void>((resolve) => {
      void consumer.run({
        eachMessage: ({ message }) => {
          seen.push({ value: message.value?.toString() ?? '', timestamp: message.timestamp });
          if (seen.length === count) resolve();
          return Promise.resolve();
        },
      });
    });
    await consumer.disconnect();
    return seen;
  }

  it('stores gzip batches as sent and serves them back', async () => {
    const producer = kafka.producer();
    await producer.connect();
    const values = Array.from({ length: 50 }, (_, index) => `compressed-${index}-${'z'.repeat(200)}`);
    await producer.send({
      topic: 'gzipped',
      compression: CompressionTypes.GZIP,
      messages: values.map((value) => ({ key: 'k', value })),
    });
    await producer.disconnect();
    expect((await readAll('gzipped', 50)).map((message) => message.value)).toEqual(values);
  });

  it('accepts acks=0 without answering', async () => {
    const producer = kafka.producer();
    await producer.connect();
    await producer.send({ topic: 'fire-and-forget', acks: 0, messages: [{ value: 'one' }] });
    await producer.send({ topic: 'fire-and-forget', acks: 1, messages: [{ value: 'two' }] });
    await producer.disconnect();
    expect((await readAll('fire-and-forget', 2)).map((message) => message.value).sort()).toEqual([
      'one',
      'two',
    ]);
  });

  it('finds offsets by timestamp, earliest and latest', async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'timed', numPartitions: 1 }] });
    const producer = kafka.producer();
    await producer.connect();
    for (const timestamp of [1_000, 2_000, 3_000]) {
      await producer.send({
        topic: 'timed',
        messages: [{ value: `at-${timestamp}`, timestamp: String(timestamp) }],
      });
    }
    await producer.disconnect();
    expect(await admin.fetchTopicOffsetsByTimestamp('timed', 1_500)).toEqual([{ partition: 0, offset: '1' }]);
    expect(await admin.fetchTopicOffsets('timed')).toEqual([
      { partition: 0, offset: '3', high: '3', low: '0' },
    ]);
    await admin.disconnect();
  });

  it('reports admin errors the way Kafka does', async () => {
    const admin = kafka.admin();
    await admin.connect();
    expect(await admin.createTopics({ topics: [{ topic: 'once', numPartitions: 2 }] })).toBe(true);
    expect(await admin.createTopics({ topics: [{ topic: 'once', numPartitions: 2 }] })).toBe(false);
    const errorTypes = async (topic: string, replicationFactor: number): Promise<string[]> => {
      try {
        await admin.createTopics({ topics: [{ topic, numPartitions: 1, replicationFactor }] });
        return [];
      } catch (error) {
        return ((error as { errors?: { type: string }[] }).errors ?? []).map((cause) => cause.type);
      }
    };
    expect(await errorTypes('replicated', 3)).toEqual(['INVALID_REPLICATION_FACTOR']);
    expect(await errorTypes('bad name!', 1)).toEqual(['INVALID_TOPIC_EXCEPTION']);
    await admin.disconnect();
  });

  it('answers a waiting fetch as soon as a message arrives', async () => {
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'long-poll', numPartitions: 1 }] });
    await admin.disconnect();
    const consumer = kafka.consumer({ groupId: 'long-poller', maxWaitTimeInMs: 2_500 });
    await consumer.connect();
    await consumer.subscribe({ topic: 'long-poll', fromBeginning: true });
    let receivedAt = 0;
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    await consumer.run({
      eachMessage: () => {
        receivedAt = Date.now();
        return Promise.resolve();
      },
    });
    await joined;
    // Let the consumer's first fetch reach the broker and start waiting.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const producer = kafka.producer();
    await producer.connect();
    const sentAt = Date.now();
    await producer.send({ topic: 'long-poll', messages: [{ value: 'wake up' }] });
    await producer.disconnect();
    while (receivedAt === 0 && Date.now() - sentAt < 4_000)
      await new Promise((resolve) => setTimeout(resolve, 10));
    await consumer.disconnect();
    expect(receivedAt).toBeGreaterThan(0);
    expect(receivedAt - sentAt).toBeLessThan(1_000);
  });
});
