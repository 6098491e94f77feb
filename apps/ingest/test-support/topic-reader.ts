import { Consumer, Kafka, logLevel } from 'kafkajs';
import { EventEnvelope } from '@oms/kafka';

export interface ReadMessage {
  readonly topic: string;
  readonly partition: number;
  readonly offset: string;
  readonly key: string;
  readonly text: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Our clock when the consumer handed the message over (Kafka-visible). */
  readonly receivedAt: number;
}

/** Reads the ingest topics from the beginning with kafkajs, as the OMS would, and keeps every message. */
export class TopicReader {
  readonly messages: ReadMessage[] = [];
  private consumer: Consumer | undefined;

  constructor(
    private readonly brokers: readonly string[],
    private readonly topics: readonly string[],
  ) {}

  async start(): Promise<void> {
    const kafka = new Kafka({
      brokers: [...this.brokers],
      clientId: 'ingest-spec-reader',
      logLevel: logLevel.NOTHING,
    });
    const admin = kafka.admin();
    await admin.connect();
    await admin.createTopics({
      topics: this.topics.map((topic) => ({ topic, numPartitions: 3 })),
      waitForLeaders: true,
    });
    await admin.disconnect();
    this.consumer = kafka.consumer({
      groupId: `ingest-spec-${Date.now()}-${Math.random()}`,
      maxWaitTimeInMs: 50,
    });
    await this.consumer.connect();
    await this.consumer.subscribe({ topics: [...this.topics], fromBeginning: true });
    await this.consumer.run({
      eachMessage: async ({ topic, partition, message }) => {
        const headers: Record<string, string> = {};
        for (const [name, value] of Object.entries(message.headers ?? {})) headers[name] = String(value);
        this.messages.push({
          topic,
          partition,
          offset: message.offset,
          key: message.key?.toString('utf8') ?? '',
          text: message.value?.toString('utf8') ?? '',
          headers,
          receivedAt: Date.now(),
        });
        return Promise.resolve();
      },
    });
  }

  /** Envelopes read from `topic`, in the order they arrived (per partition: log order). */
  envelopes(topic: string): EventEnvelope<Record<string, unknown>>[] {
    return this.messages
      .filter((message) => message.topic === topic)
      .map((message) => JSON.parse(message.text) as EventEnvelope<Record<string, unknown>>);
  }

  async waitFor<T>(probe: () => T | undefined | false, what: string, timeoutMs = 20_000): Promise<T> {
    const started = Date.now();
    for (;;) {
      const value = probe();
      if (value !== undefined && value !== false) return value;
      if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}

/**
 * Checks that every key's messages, in log order, arrived in the order ingest received
 * them (observedAt never goes back), counting each eventId at its first appearance: a
 * batch re-sent after a lost acknowledgement may repeat, but never reorders.
 */
export function keysOutOfOrder(messages: readonly ReadMessage[]): string[] {
  const seen = new Set<string>();
  const lastByKey = new Map<string, number>();
  const problems: string[] = [];
  const ordered = [...messages].sort(
    (a, b) => a.partition - b.partition || Number(BigInt(a.offset) - BigInt(b.offset)),
  );
  for (const message of ordered) {
    const envelope = JSON.parse(message.text) as EventEnvelope;
    if (seen.has(envelope.eventId)) continue;
    seen.add(envelope.eventId);
    const at = Date.parse(envelope.observedAt);
    const last = lastByKey.get(message.key) ?? 0;
    if (at < last)
      problems.push(`${message.key}: ${envelope.type} ${envelope.eventId} observed before the previous one`);
    lastByKey.set(message.key, Math.max(last, at));
  }
  return problems;
}
