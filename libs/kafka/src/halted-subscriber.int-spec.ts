import { EventBatch } from './consume/event-subscriber';
import { sampleEnvelope } from './test-support/sample-events';
import { useSubscriberSpecKit } from './test-support/subscriber-spec-kit';
import { eventually } from './test-support/test-kafka-cluster';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A service shutting down halts its subscriber before closing what the handler writes
 * to: from then on no batch reaches the handler, even one fetched by a consumer that was
 * still joining its group and leaves it only later.
 */
describe('a halted subscriber', () => {
  const kit = useSubscriberSpecKit('halt-dlq');

  async function topicWith(name: string, events: number): Promise<string> {
    const topic = kit.cluster.uniqueName(name);
    await kit.cluster.createTopic(topic, 1);
    await kit.publisher.publish(
      topic,
      Array.from({ length: events }, (_, sequence) => ({
        envelope: sampleEnvelope('acc1', 'BTCUSDT', sequence),
      })),
    );
    return topic;
  }

  /** Resolves once the group has a member holding an assignment. */
  async function groupJoined(groupId: string): Promise<void> {
    const admin = kit.cluster.kafka.admin();
    await admin.connect();
    try {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        const { groups } = await admin.describeGroups([groupId]);
        if (groups[0]?.state === 'Stable' && groups[0].members.length > 0) return;
        await sleep(50);
      }
      throw new Error(`group ${groupId} never became stable`);
    } finally {
      await admin.disconnect();
    }
  }

  it('halted while it still joins its group, hands no batch over and reads no owned offsets once it has joined', async () => {
    const topic = await topicWith('halt-joining', 5);
    const group = kit.cluster.uniqueName('halt-joining-group');
    let offsetReads = 0;
    let handled = 0;
    const subscriber = kit.subscriber(topic, group, {
      ownedOffsets: {
        nextOffsets: (_topic, partitions) => {
          offsetReads += 1;
          return Promise.resolve(new Map(partitions.map((partition) => [partition, '0'])));
        },
      },
    });
    const starting = subscriber.start(() => {
      handled += 1;
      return Promise.resolve();
    });
    await subscriber.halt();
    await starting;
    await groupJoined(group);
    // Long enough for several fetches of the five waiting events (maxWaitTimeMs 100).
    await sleep(1_500);
    await subscriber.stop();
    expect({ handled, offsetReads }).toEqual({ handled: 0, offsetReads: 0 });

    // The same group, not halted, gets them at once: the events were there to fetch.
    const control = kit.subscriber(topic, group);
    let received = 0;
    await control.start((batch: EventBatch) => {
      received += batch.events.length;
      return Promise.resolve();
    });
    await eventually(() => (received >= 5 ? true : undefined), 'the five events');
    await control.stop();
  });

  it('waits for the batch in hand and hands no later batch over', async () => {
    const topic = await topicWith('halt-in-hand', 3);
    let batches = 0;
    let finished = false;
    const subscriber = kit.subscriber(topic, kit.cluster.uniqueName('halt-in-hand-group'));
    await subscriber.start(async () => {
      batches += 1;
      await sleep(400);
      finished = true;
    });
    await eventually(() => (batches > 0 ? true : undefined), 'the first batch');
    await subscriber.halt();
    expect(finished).toBe(true);
    await kit.publisher.publish(topic, [{ envelope: sampleEnvelope('acc1', 'BTCUSDT', 3) }]);
    await sleep(1_000);
    await subscriber.stop();
    expect(batches).toBe(1);
  });
});
