import { Registry } from 'prom-client';
import { KafkaEventSubscriber } from './consume/kafka-event-subscriber';
import { KafkaMetrics } from './metrics/kafka-metrics';
import { KafkaDeadLetterPublisher } from './publish/dead-letter-publisher';
import { KafkaEventPublisher } from './publish/kafka-event-publisher';
import { sampleCodec, sampleEnvelope } from './test-support/sample-events';
import { eventually, openTestKafkaCluster, TestKafkaCluster } from './test-support/test-kafka-cluster';

const TOTAL = 100_000;
const ACCOUNTS = ['acc1', 'acc2', 'acc3', 'acc4'];
const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT', 'ADAUSDT', 'BNBUSDT', 'LTCUSDT'];

describe('ordered delivery per key', () => {
  let cluster: TestKafkaCluster;

  beforeAll(async () => {
    cluster = await openTestKafkaCluster();
  });

  afterAll(async () => {
    await cluster.close();
  });

  it('keeps the call order of concurrent publishes for one key', async () => {
    const topic = cluster.uniqueName('concurrent');
    await cluster.createTopic(topic, 3);
    const codec = sampleCodec();
    const publisher = new KafkaEventPublisher({ kafka: cluster.kafka, codec });
    await Promise.all(
      Array.from({ length: 200 }, (_, sequence) =>
        publisher.publish(topic, [{ envelope: sampleEnvelope('acc9', 'ETHUSDT', sequence) }]),
      ),
    );
    await publisher.close();

    const sequences: number[] = [];
    const subscriber = new KafkaEventSubscriber({
      kafka: cluster.kafka,
      codec,
      groupId: cluster.uniqueName('concurrent-reader'),
      topics: [topic],
      deadLetters: new KafkaDeadLetterPublisher(cluster.kafka, cluster.uniqueName('concurrent-dlq')),
      maxWaitTimeMs: 100,
    });
    await subscriber.start((batch) => {
      for (const event of batch.events)
        sequences.push((event.envelope.payload as { sequence: number }).sequence);
      return Promise.resolve();
    });
    try {
      await eventually(() => (sequences.length >= 200 ? true : undefined), '200 events');
    } finally {
      await subscriber.stop();
    }
    expect(sequences).toEqual(Array.from({ length: 200 }, (_, index) => index));
  });

  it(`delivers ${TOTAL} events with every account:symbol key in publish order`, async () => {
    const topic = cluster.uniqueName('ordered');
    await cluster.createTopic(topic, 6);
    const codec = sampleCodec();
    const metrics = KafkaMetrics.for(new Registry());
    const keys = ACCOUNTS.flatMap((account) => SYMBOLS.map((symbol) => [account, symbol] as const));

    // The reader runs while the events are published, so consuming overlaps producing
    // instead of waiting for it; it checks each key's sequence as events arrive.
    const lastSeen = new Map<string, number>();
    const outOfOrder: string[] = [];
    let received = 0;
    const subscriber = new KafkaEventSubscriber({
      kafka: cluster.kafka,
      codec,
      metrics,
      groupId: cluster.uniqueName('ordered-reader'),
      topics: [topic],
      deadLetters: new KafkaDeadLetterPublisher(cluster.kafka, cluster.uniqueName('ordered-dlq')),
      maxWaitTimeMs: 100,
    });
    await subscriber.start((batch) => {
      for (const { envelope, key } of batch.events) {
        const sequence = (envelope.payload as { sequence: number }).sequence;
        const previous = lastSeen.get(key!) ?? -1;
        if (sequence !== previous + 1) outOfOrder.push(`${key}: ${previous} -> ${sequence}`);
        lastSeen.set(key!, sequence);
        received += 1;
      }
      return Promise.resolve();
    });

    const publisher = new KafkaEventPublisher({ kafka: cluster.kafka, codec, metrics });
    const nextSequence = new Map<string, number>();
    const chunk = 2_000;
    try {
      for (let start = 0; start < TOTAL; start += chunk) {
        const events = Array.from({ length: chunk }, (_, index) => {
          const [account, symbol] = keys[(start + index) % keys.length];
          const key = `${account}:${symbol}`;
          const sequence = nextSequence.get(key) ?? 0;
          nextSequence.set(key, sequence + 1);
          return { envelope: sampleEnvelope(account, symbol, sequence) };
        });
        await publisher.publish(topic, events);
      }
      await publisher.close();
      await eventually(() => (received >= TOTAL ? true : undefined), `${TOTAL} events`, 60_000);
    } finally {
      await publisher.close();
      await subscriber.stop();
    }

    expect(received).toBe(TOTAL);
    expect(outOfOrder).toEqual([]);
    expect(lastSeen.size).toBe(keys.length);
    for (const [key, sequence] of nextSequence) expect(lastSeen.get(key)).toBe(sequence - 1);
    const produced = await metrics.messagesProduced.get();
    expect(produced.values.find((value) => value.labels.topic === topic)?.value).toBe(TOTAL);
  }, 90_000);
});
