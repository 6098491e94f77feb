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

/**
 * The first `count` messages of `topic` from its beginning, each as `read` gives it,
 * read by a new consumer group (a spec checks the count against the high watermark
 * first, or this waits).
 */
export async function readFromBeginning(
  kafka: Kafka,
  topic: string,
  count: number,
  read: (message: KafkaMessage) => string = (message) => message.value?.toString() ?? '',
): Promise<string[]> {
  const consumer = kafka.consumer({ groupId: `reader-${topic}-${Date.now()}`, maxWaitTimeInMs: 100 });
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
