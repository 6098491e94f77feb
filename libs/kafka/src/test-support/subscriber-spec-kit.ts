import { EventBatch } from '../consume/event-subscriber';
import { KafkaEventSubscriber, KafkaEventSubscriberOptions } from '../consume/kafka-event-subscriber';
import { EventCodec } from '../envelope/event-codec';
import { KafkaDeadLetterPublisher } from '../publish/dead-letter-publisher';
import { KafkaEventPublisher } from '../publish/kafka-event-publisher';
import { sampleCodec } from './sample-events';
import { eventually, openTestKafkaCluster, TestKafkaCluster } from './test-kafka-cluster';

/** What a subscriber spec works with: a cluster, the sample codec, a publisher and a dead-letter topic. */
export interface SubscriberSpecKit {
  readonly cluster: TestKafkaCluster;
  readonly codec: EventCodec;
  readonly publisher: KafkaEventPublisher;
  readonly deadLetters: KafkaDeadLetterPublisher;
  /** A subscriber of one topic on the kit, polling every 100 ms, with any other options given. */
  subscriber(
    topic: string,
    groupId: string,
    options?: Partial<KafkaEventSubscriberOptions>,
  ): KafkaEventSubscriber;
}

/**
 * Opens the kit before the spec's tests and closes it after them (registered with
 * beforeAll and afterAll of the calling describe); its members are there once tests run.
 */
export function useSubscriberSpecKit(deadLetterTopic: string): SubscriberSpecKit {
  const kit = {
    subscriber: (topic, groupId, options) =>
      new KafkaEventSubscriber({
        kafka: kit.cluster.kafka,
        codec: kit.codec,
        groupId,
        topics: [topic],
        deadLetters: kit.deadLetters,
        maxWaitTimeMs: 100,
        ...options,
      }),
  } as { -readonly [Member in keyof SubscriberSpecKit]: SubscriberSpecKit[Member] };
  beforeAll(async () => {
    kit.cluster = await openTestKafkaCluster();
    kit.codec = sampleCodec();
    kit.publisher = new KafkaEventPublisher({ kafka: kit.cluster.kafka, codec: kit.codec });
    kit.deadLetters = new KafkaDeadLetterPublisher(
      kit.cluster.kafka,
      kit.cluster.uniqueName(deadLetterTopic),
    );
  });
  afterAll(async () => {
    await kit.publisher.close();
    await kit.deadLetters.close();
    await kit.cluster.close();
  });
  return kit;
}

/**
 * Starts `subscriber`, collects the `sequence` of each sample event handled until
 * `expected` arrived, and stops it.
 */
export async function handledSequences(
  subscriber: KafkaEventSubscriber,
  expected: number,
  onBatch: (batch: EventBatch) => void = () => undefined,
): Promise<number[]> {
  const sequences: number[] = [];
  await subscriber.start((batch: EventBatch) => {
    onBatch(batch);
    for (const event of batch.events)
      sequences.push((event.envelope.payload as { sequence: number }).sequence);
    return Promise.resolve();
  });
  try {
    await eventually(() => (sequences.length >= expected ? true : undefined), `${expected} events`);
  } finally {
    await subscriber.stop();
  }
  return sequences;
}
