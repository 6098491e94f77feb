import { Registry } from 'prom-client';
import { EventBatch, HandlerOwnedOffsets } from './consume/event-subscriber';
import { KafkaEventSubscriber } from './consume/kafka-event-subscriber';
import { KafkaMetrics } from './metrics/kafka-metrics';
import { sampleEnvelope } from './test-support/sample-events';
import { handledSequences, useSubscriberSpecKit } from './test-support/subscriber-spec-kit';
import { eventually } from './test-support/test-kafka-cluster';

describe('consumer offsets', () => {
  const kit = useSubscriberSpecKit('offsets-dlq');

  async function publishRange(topic: string, from: number, to: number): Promise<void> {
    const events = [];
    for (let sequence = from; sequence < to; sequence += 1)
      events.push({ envelope: sampleEnvelope('acc1', 'BTCUSDT', sequence) });
    await kit.publisher.publish(topic, events);
  }

  function subscriber(
    topic: string,
    groupId: string,
    ownedOffsets?: HandlerOwnedOffsets,
    metrics?: KafkaMetrics,
  ): KafkaEventSubscriber {
    return kit.subscriber(topic, groupId, { ownedOffsets, metrics });
  }

  function collect(
    topic: string,
    groupId: string,
    expected: number,
    owned?: HandlerOwnedOffsets,
  ): Promise<number[]> {
    return handledSequences(subscriber(topic, groupId, owned), expected);
  }

  it('resumes a restarted consumer from its committed offset', async () => {
    const topic = kit.cluster.uniqueName('resume');
    const group = kit.cluster.uniqueName('resume-group');
    await kit.cluster.createTopic(topic, 1);
    await publishRange(topic, 0, 60);
    expect(await collect(topic, group, 60)).toEqual(Array.from({ length: 60 }, (_, index) => index));

    await publishRange(topic, 60, 100);
    const resumed = await collect(topic, group, 40);
    expect(resumed).toEqual(Array.from({ length: 40 }, (_, index) => 60 + index));
  });

  it('commits nothing while the handler fails, so the events come again', async () => {
    const topic = kit.cluster.uniqueName('failing');
    const group = kit.cluster.uniqueName('failing-group');
    await kit.cluster.createTopic(topic, 1);
    await publishRange(topic, 0, 10);

    let attempts = 0;
    const metrics = KafkaMetrics.for(new Registry());
    const failing = subscriber(topic, group, undefined, metrics);
    await failing.start(() => {
      attempts += 1;
      return Promise.reject(new Error('projection store unavailable'));
    });
    await eventually(() => (attempts >= 2 ? true : undefined), 'a retried batch');
    await failing.stop();
    const handlerErrors = await metrics.handlerErrors.get();
    expect(handlerErrors.values.find((value) => value.labels.topic === topic)?.value).toBeGreaterThanOrEqual(
      2,
    );
    const consumed = await metrics.eventsConsumed.get();
    expect(consumed.values.find((value) => value.labels.topic === topic)).toBeUndefined();

    const admin = kit.cluster.kafka.admin();
    await admin.connect();
    const [committed] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
    await admin.disconnect();
    expect(committed.partitions[0].offset).toBe('-1');

    expect(await collect(topic, group, 10)).toEqual(Array.from({ length: 10 }, (_, index) => index));
  });

  it('finishes and commits the batch in hand when stopped', async () => {
    const topic = kit.cluster.uniqueName('graceful');
    const group = kit.cluster.uniqueName('graceful-group');
    await kit.cluster.createTopic(topic, 1);
    await publishRange(topic, 0, 5);
    let started = false;
    let finished = false;
    const slow = subscriber(topic, group);
    await slow.start(async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 500));
      finished = true;
    });
    await eventually(() => (started ? true : undefined), 'the handler to start');
    await slow.stop();
    expect(finished).toBe(true);

    const admin = kit.cluster.kafka.admin();
    await admin.connect();
    const [committed] = await admin.fetchOffsets({ groupId: group, topics: [topic] });
    await admin.disconnect();
    expect(committed.partitions[0].offset).toBe('5');
  });

  it('starts from offsets the handler keeps itself', async () => {
    const topic = kit.cluster.uniqueName('owned');
    await kit.cluster.createTopic(topic, 1);
    await publishRange(topic, 0, 20);
    const stored: HandlerOwnedOffsets = {
      nextOffsets: (_topic, partitions) =>
        Promise.resolve(new Map(partitions.map((partition) => [partition, '12']))),
    };
    const sequences = await collect(topic, kit.cluster.uniqueName('owned-group'), 8, stored);
    expect(sequences).toEqual([12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it("reads the handler's offsets again when its store failed", async () => {
    const topic = kit.cluster.uniqueName('owned-flaky');
    await kit.cluster.createTopic(topic, 1);
    await publishRange(topic, 0, 10);
    let reads = 0;
    const flaky: HandlerOwnedOffsets = {
      nextOffsets: (_topic, partitions) => {
        reads += 1;
        if (reads === 1) return Promise.reject(new Error('database restarting'));
        return Promise.resolve(new Map(partitions.map((partition) => [partition, '3'])));
      },
    };
    expect(await collect(topic, kit.cluster.uniqueName('owned-flaky-group'), 7, flaky)).toEqual([
      3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(reads).toBeGreaterThanOrEqual(2);
  });

  it('commits handler-owned offsets to the group at most once per interval, and a batch of dead letters only at once, after its handler stored it', async () => {
    const topic = kit.cluster.uniqueName('owned-throttled');
    const group = kit.cluster.uniqueName('owned-throttled-group');
    await kit.cluster.createTopic(topic, 1);
    let handled = 0;
    const stored = new Map<number, string>();
    const owned: HandlerOwnedOffsets = { nextOffsets: () => Promise.resolve(new Map(stored)) };
    const reader = kit.subscriber(topic, group, {
      ownedOffsets: owned,
      ownedOffsetsGroupCommitIntervalMs: 60_000,
    });
    await reader.start((batch: EventBatch) => {
      handled += batch.events.length;
      stored.set(batch.partition, batch.nextOffset);
      return Promise.resolve();
    });
    const admin = kit.cluster.kafka.admin();
    await admin.connect();
    const groupOffset = async () =>
      (await admin.fetchOffsets({ groupId: group, topics: [topic] }))[0].partitions[0].offset;
    const groupOffsetReaches = async (offset: string) => {
      for (const started = Date.now(); (await groupOffset()) !== offset;) {
        if (Date.now() - started > 20_000) throw new Error(`the group's offset never reached ${offset}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    try {
      await publishRange(topic, 0, 3);
      await eventually(() => (handled >= 3 ? true : undefined), 'the first batch');
      await groupOffsetReaches('3');
      await publishRange(topic, 3, 6);
      await eventually(() => (handled >= 6 ? true : undefined), 'the second batch');
      // Within the interval the handler's store moves on; the group's offset does not.
      expect(stored.get(0)).toBe('6');
      expect(await groupOffset()).toBe('3');

      const raw = kit.cluster.kafka.producer();
      await raw.connect();
      await raw.send({ topic, messages: [{ key: 'acc1:BTCUSDT', value: 'not an envelope' }] });
      await raw.disconnect();
      // The batch of a dead letter only reaches the handler too, with no event, so that its
      // store moves past it; the group's offset follows at once.
      await groupOffsetReaches('7');
      expect(stored.get(0)).toBe('7');
      expect(handled).toBe(6);
    } finally {
      await admin.disconnect();
      await reader.stop();
    }
  });

  it("goes back to the handler's offsets when the group committed further", async () => {
    const topic = kit.cluster.uniqueName('owned-behind');
    const group = kit.cluster.uniqueName('owned-behind-group');
    await kit.cluster.createTopic(topic, 1);
    await publishRange(topic, 0, 20);
    expect(await collect(topic, group, 20)).toHaveLength(20);
    // The handler's store lost its last transactions (e.g. restored from a backup).
    const stored: HandlerOwnedOffsets = {
      nextOffsets: (_topic, partitions) =>
        Promise.resolve(new Map(partitions.map((partition) => [partition, '15']))),
    };
    expect(await collect(topic, group, 5, stored)).toEqual([15, 16, 17, 18, 19]);
  });
});
