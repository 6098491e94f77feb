import { Kafka, KafkaMessage, logLevel } from 'kafkajs';
import { startTemporaryBroker, TemporaryBroker } from './test-support/temporary-broker';

function waitFor<T>(probe: () => T | undefined, what: string, timeoutMs = 15_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = (): void => {
      const value = probe();
      if (value !== undefined) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error(`timed out waiting for ${what}`));
      setTimeout(check, 25);
    };
    check();
  });
}

describe('kafkajs load shapes: very large batches, many clients at once', () => {
  let broker: TemporaryBroker;

  beforeAll(async () => {
    broker = await startTemporaryBroker();
  });

  afterAll(async () => {
    await broker.dispose();
  });

  function client(clientId: string): Kafka {
    return new Kafka({ brokers: broker.brokers(), clientId, logLevel: logLevel.NOTHING });
  }

  async function readAll(kafka: Kafka, topic: string, expected: number): Promise<KafkaMessage[]> {
    const messages: KafkaMessage[] = [];
    const consumer = kafka.consumer({ groupId: `${topic}-reader`, maxWaitTimeInMs: 100 });
    await consumer.connect();
    try {
      await consumer.subscribe({ topic, fromBeginning: true });
      await consumer.run({
        eachBatch: ({ batch }) => {
          messages.push(...batch.messages);
          return Promise.resolve();
        },
      });
      await waitFor(() => (messages.length >= expected ? true : undefined), `${expected} messages`);
    } finally {
      await consumer.disconnect();
    }
    return messages;
  }

  it('serves batches far larger than the partition fetch size, whole and in order', async () => {
    const kafka = client('large-batches');
    const topic = 'large-batches';
    const producer = kafka.producer();
    await producer.connect();
    const huge = Buffer.alloc(3 * 1024 * 1024, 'h');
    await producer.send({ topic, messages: [{ key: 'k', value: huge }] });
    // One batch of 5,000 records, about 2.5 MB: beyond kafkajs's 1 MB per partition.
    const many = Array.from({ length: 5_000 }, (_, index) => ({
      key: 'k',
      value: `${index}:${'m'.repeat(500)}`,
    }));
    await producer.send({ topic, messages: many });
    await producer.disconnect();

    const messages = await readAll(kafka, topic, 5_001);
    expect(messages).toHaveLength(5_001);
    expect(messages[0].value?.equals(huge)).toBe(true);
    expect(messages.slice(1).map((message) => Number(message.value?.toString().split(':')[0]))).toEqual(
      many.map((_, index) => index),
    );
    expect(messages.map((message) => Number(message.offset))).toEqual(messages.map((_, index) => index));
  }, 30_000);

  it('gives concurrent producers on separate connections distinct offsets and keeps each one in order', async () => {
    const topic = 'shared-partition';
    const admin = client('admin').admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 1 }] });
    await admin.disconnect();

    const producers = 4;
    const sends = 20;
    const perSend = 50;
    await Promise.all(
      Array.from({ length: producers }, async (_, producerIndex) => {
        const producer = client(`writer-${producerIndex}`).producer({ idempotent: true });
        await producer.connect();
        try {
          for (let send = 0; send < sends; send += 1) {
            await producer.send({
              topic,
              acks: -1,
              messages: Array.from({ length: perSend }, (_, index) => ({
                value: `${producerIndex}:${send * perSend + index}`,
              })),
            });
          }
        } finally {
          await producer.disconnect();
        }
      }),
    );

    const total = producers * sends * perSend;
    const messages = await readAll(client('reader'), topic, total);
    expect(messages.map((message) => Number(message.offset))).toEqual(
      Array.from({ length: total }, (_, index) => index),
    );
    const seen = new Map<number, number[]>();
    for (const message of messages) {
      const [writer, sequence] = (message.value?.toString() ?? '').split(':').map(Number);
      seen.set(writer, [...(seen.get(writer) ?? []), sequence]);
    }
    for (let producerIndex = 0; producerIndex < producers; producerIndex += 1) {
      expect(seen.get(producerIndex)).toEqual(Array.from({ length: sends * perSend }, (_, index) => index));
    }
  }, 30_000);
});
