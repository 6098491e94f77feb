import { Kafka, logLevel } from 'kafkajs';
import { Registry } from 'prom-client';
import { startTemporaryBroker, TemporaryBroker } from '@oms/kafka-broker/test-support/temporary-broker';
import { createKafkaClient } from './client/kafka-client';
import { HandlerOwnedOffsets } from './consume/event-subscriber';
import { KafkaEventSubscriber } from './consume/kafka-event-subscriber';
import { KafkaMetrics } from './metrics/kafka-metrics';
import { KafkaDeadLetterPublisher } from './publish/dead-letter-publisher';
import { KafkaEventPublisher } from './publish/kafka-event-publisher';
import { sampleCodec, sampleEnvelope } from './test-support/sample-events';
import { handledSequences, useSubscriberSpecKit } from './test-support/subscriber-spec-kit';

/** A handler-owned store that claims `next` for every partition. */
function storedAt(next: string): HandlerOwnedOffsets {
  return {
    nextOffsets: (_topic, partitions) =>
      Promise.resolve(new Map(partitions.map((partition) => [partition, next]))),
  };
}

async function counterValue(
  metric: { get(): Promise<{ values: Array<{ value: number; labels: Record<string, unknown> }> }> },
  topic: string,
): Promise<number> {
  const { values } = await metric.get();
  return values.filter((value) => value.labels.topic === topic).reduce((sum, value) => sum + value.value, 0);
}

describe('handler-owned offsets when the log changed under them', () => {
  const kit = useSubscriberSpecKit('log-changes-dlq');

  it("consumes a partition whose log ends before the handler's offset from its start, and counts the reset", async () => {
    // A topic deleted and created again (or a log truncated) restarts its offsets: the
    // handler's stored offset 30 is past everything the new log holds, all of it unseen.
    const topic = kit.cluster.uniqueName('recreated');
    await kit.cluster.createTopic(topic, 1);
    await kit.publisher.publish(
      topic,
      [100, 101, 102, 103, 104].map((sequence) => ({
        envelope: sampleEnvelope('acc1', 'BTCUSDT', sequence),
      })),
    );
    const metrics = KafkaMetrics.for(new Registry());
    const subscriber = kit.subscriber(topic, kit.cluster.uniqueName('recreated-group'), {
      ownedOffsets: storedAt('30'),
      metrics,
    });

    expect(await handledSequences(subscriber, 5)).toEqual([100, 101, 102, 103, 104]);
    expect(await counterValue(metrics.logResets, topic)).toBe(1);
    expect(await counterValue(metrics.skippedOffsets, topic)).toBe(0);
  });

  describe('with retention deleting segments', () => {
    let broker: TemporaryBroker;
    let publisher: KafkaEventPublisher;
    let deadLetters: KafkaDeadLetterPublisher;
    let kafka: Kafka;

    beforeAll(async () => {
      // Small segments and a small retention: a few sends roll segments that retention removes.
      broker = await startTemporaryBroker({ segmentBytes: 2_048, retentionBytes: 2_048 });
      kafka = createKafkaClient({
        brokers: broker.brokers(),
        clientId: 'log-changes',
        logLevel: logLevel.NOTHING,
      });
      publisher = new KafkaEventPublisher({ kafka, codec: sampleCodec() });
      deadLetters = new KafkaDeadLetterPublisher(kafka, 'log-changes-retention-dlq');
    });

    afterAll(async () => {
      await publisher.close();
      await deadLetters.close();
      await broker.dispose();
    });

    it('counts and names the offsets deleted before the handler took them, and goes on', async () => {
      const topic = 'retained';
      const admin = kafka.admin();
      await admin.connect();
      await admin.createTopics({ topics: [{ topic, numPartitions: 1 }], waitForLeaders: true });
      for (let send = 0; send < 12; send += 1) {
        await publisher.publish(topic, [
          { envelope: sampleEnvelope('acc1', 'BTCUSDT', send * 2) },
          { envelope: sampleEnvelope('acc1', 'BTCUSDT', send * 2 + 1) },
        ]);
      }
      expect(broker.current.applyRetention()).toBeGreaterThan(0);
      const [partition] = await admin.fetchTopicOffsets(topic);
      await admin.disconnect();
      const logStart = Number(partition.low);
      expect(logStart).toBeGreaterThan(0);

      const metrics = KafkaMetrics.for(new Registry());
      const subscriber = new KafkaEventSubscriber({
        kafka,
        codec: sampleCodec(),
        groupId: 'retained-group',
        topics: [topic],
        deadLetters,
        maxWaitTimeMs: 100,
        ownedOffsets: storedAt('0'),
        metrics,
      });

      const starts: Array<{ firstOffset: string; deletedFrom?: string }> = [];
      const sequences = await handledSequences(subscriber, 24 - logStart, ({ firstOffset, deletedFrom }) =>
        starts.push({ firstOffset, ...(deletedFrom === undefined ? {} : { deletedFrom }) }),
      );
      expect(sequences).toEqual(Array.from({ length: 24 - logStart }, (_, index) => logStart + index));
      // The handler is told that the offsets from its own to the log's start are gone.
      expect(starts[0]).toEqual({ firstOffset: String(logStart), deletedFrom: '0' });
      expect(await counterValue(metrics.skippedOffsets, topic)).toBe(logStart);
      expect(await counterValue(metrics.logResets, topic)).toBe(0);
    });
  });
});
