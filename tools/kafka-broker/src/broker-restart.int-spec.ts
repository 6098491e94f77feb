import { appendFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { startTemporaryBroker, TemporaryBroker } from './test-support/temporary-broker';
import { readFromBeginning } from './test-support/topic-reading';

describe('a restarted broker', () => {
  let broker: TemporaryBroker;
  const topic = 'survives-restart';
  const group = 'restart-group';

  const client = (): Kafka =>
    new Kafka({
      brokers: broker.brokers(),
      clientId: 'restart-spec',
      logLevel: logLevel.NOTHING,
      retry: { retries: 3 },
    });

  const consume = async (kafka: Kafka, groupId: string, count: number): Promise<string[]> =>
    (await readFromBeginning(kafka, topic, count, { groupId })).sort();

  beforeAll(async () => {
    broker = await startTemporaryBroker({ segmentBytes: 4096 });
  });

  afterAll(async () => {
    await broker.dispose();
  });

  it('keeps its topics, messages, committed offsets and producer ids', async () => {
    const before = client();
    const admin = before.admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }] });
    const producer = before.producer({ idempotent: true });
    await producer.connect();
    const sent = Array.from({ length: 300 }, (_, index) => `message-${String(index).padStart(3, '0')}`);
    for (let index = 0; index < sent.length; index += 30) {
      await producer.send({
        topic,
        messages: sent.slice(index, index + 30).map((value) => ({ key: value, value })),
      });
    }
    await producer.disconnect();
    expect(await consume(before, group, 300)).toEqual(sent);
    const offsetsBefore = await admin.fetchOffsets({ groupId: group, topics: [topic] });
    const watermarksBefore = await admin.fetchTopicOffsets(topic);
    await admin.disconnect();

    // A crash in the middle of a write leaves half a batch at the end of a segment.
    const partitionDir = join(broker.dataDir, 'topics', topic, 'partition-0');
    const lastSegment = readdirSync(partitionDir).sort().at(-1)!;
    appendFileSync(join(partitionDir, lastSegment), Buffer.alloc(40, 7));

    await broker.restart();

    const after = client();
    const adminAfter = after.admin();
    await adminAfter.connect();
    expect(await adminAfter.listTopics()).toContain(topic);
    expect(await adminAfter.fetchTopicOffsets(topic)).toEqual(watermarksBefore);
    expect(await adminAfter.fetchOffsets({ groupId: group, topics: [topic] })).toEqual(offsetsBefore);
    expect(await consume(after, 'fresh-group-after-restart', 300)).toEqual(sent);

    const producerAfter = after.producer({ idempotent: true });
    await producerAfter.connect();
    const [appended] = await producerAfter.send({ topic, messages: [{ key: 'x', value: 'after-restart' }] });
    await producerAfter.disconnect();
    const partitionBefore = watermarksBefore.find((entry) => entry.partition === appended.partition)!;
    expect(appended.baseOffset).toBe(partitionBefore.high);
    await adminAfter.disconnect();
  });

  it('drops whole old segments beyond the retention size and moves the log start', async () => {
    const small = await startTemporaryBroker({ segmentBytes: 2048, retentionBytes: 4096 });
    try {
      const kafka = new Kafka({
        brokers: small.brokers(),
        clientId: 'retention-spec',
        logLevel: logLevel.NOTHING,
      });
      const producer = kafka.producer();
      await producer.connect();
      const admin = kafka.admin();
      await admin.connect();
      await admin.createTopics({ topics: [{ topic: 'retained', numPartitions: 1 }] });
      for (let index = 0; index < 40; index += 1) {
        await producer.send({ topic: 'retained', messages: [{ value: 'x'.repeat(500) }] });
      }
      expect(small.current.applyRetention()).toBeGreaterThan(0);
      const [offsets] = await admin.fetchTopicOffsets('retained');
      expect(Number(offsets.low)).toBeGreaterThan(0);
      expect(offsets.high).toBe('40');
      await producer.disconnect();
      await admin.disconnect();
    } finally {
      await small.dispose();
    }
  });
});
