import { KafkaEventSubscriber } from './consume/kafka-event-subscriber';
import { EventBatch } from './consume/event-subscriber';
import { KafkaDeadLetterPublisher } from './publish/dead-letter-publisher';
import { KafkaEventPublisher } from './publish/kafka-event-publisher';
import { sampleCodec, sampleEnvelope } from './test-support/sample-events';
import { eventually, openTestKafkaCluster, TestKafkaCluster } from './test-support/test-kafka-cluster';

const SYMBOLS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT', 'DOGEUSDT', 'ADAUSDT'];
const PER_SYMBOL = 50;

describe('partitions consumed concurrently', () => {
  let cluster: TestKafkaCluster;

  beforeAll(async () => {
    cluster = await openTestKafkaCluster();
  });

  afterAll(async () => {
    await cluster.close();
  });

  it('hands two partitions their batches at once, each partition still in offset order', async () => {
    const topic = cluster.uniqueName('concurrent-partitions');
    await cluster.createTopic(topic, 2);
    const codec = sampleCodec();
    const publisher = new KafkaEventPublisher({ kafka: cluster.kafka, codec });
    for (let sequence = 0; sequence < PER_SYMBOL; sequence += 1) {
      await publisher.publish(
        topic,
        SYMBOLS.map((symbol) => ({ envelope: sampleEnvelope('acc1', symbol, sequence) })),
      );
    }
    await publisher.close();

    let inFlight = 0;
    let mostInFlight = 0;
    let secondArrived: () => void = () => undefined;
    const bothInFlight = new Promise<void>((resolve) => (secondArrived = resolve));
    const offsets = new Map<number, bigint[]>();
    let received = 0;
    const subscriber = new KafkaEventSubscriber({
      kafka: cluster.kafka,
      codec,
      groupId: cluster.uniqueName('concurrent-partitions-reader'),
      topics: [topic],
      deadLetters: new KafkaDeadLetterPublisher(
        cluster.kafka,
        cluster.uniqueName('concurrent-partitions-dlq'),
      ),
      maxWaitTimeMs: 100,
      partitionsConsumedConcurrently: 2,
    });
    await subscriber.start(async (batch: EventBatch) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      if (inFlight === 2) secondArrived();
      // The first batch waits (a while at most) for the other partition's to be handed over too.
      await Promise.race([bothInFlight, new Promise((resolve) => setTimeout(resolve, 3_000))]);
      const seen = offsets.get(batch.partition) ?? [];
      for (const event of batch.events) seen.push(BigInt(event.offset));
      offsets.set(batch.partition, seen);
      received += batch.events.length;
      inFlight -= 1;
    });
    try {
      await eventually(
        () => (received >= SYMBOLS.length * PER_SYMBOL ? true : undefined),
        `${SYMBOLS.length * PER_SYMBOL} events`,
      );
    } finally {
      await subscriber.stop();
    }

    expect(mostInFlight).toBe(2);
    expect([...offsets.keys()].sort()).toEqual([0, 1]);
    for (const seen of offsets.values()) {
      expect(seen).toEqual([...seen].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
      expect(new Set(seen).size).toBe(seen.length);
    }
  });
});
