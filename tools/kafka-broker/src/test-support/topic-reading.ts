import { Kafka, KafkaMessage } from 'kafkajs';

/** The next offset of a one-partition topic's only partition. */
export async function highWatermark(kafka: Kafka, topic: string): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const [offsets] = await admin.fetchTopicOffsets(topic);
    return Number(offsets.high);
  } finally {
    await admin.disconnect();
  }
}

export interface TopicReadOptions {
  /** What of each message is kept (default its value as text). */
  readonly read?: (message: KafkaMessage) => string;
  /** The consumer group that reads (default a new one). */
  readonly groupId?: string;
}

/**
 * The first `count` messages of `topic` from its beginning, each as `read` gives it
 * (a spec checks the count against the high watermark first, or this waits).
 */
export async function readFromBeginning(
  kafka: Kafka,
  topic: string,
  count: number,
  {
    read = (message) => message.value?.toString() ?? '',
    groupId = `reader-${topic}-${Date.now()}`,
  }: TopicReadOptions = {},
): Promise<string[]> {
  const consumer = kafka.consumer({ groupId, maxWaitTimeInMs: 100 });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  const values: string[] = [];
  await new Promise<void>((resolve) => {
    void consumer.run({
      eachMessage: ({ message }) => {
        values.push(read(message));
        if (values.length === count) resolve();
        return Promise.resolve();
      },
    });
  });
  await consumer.disconnect();
  return values;
}
