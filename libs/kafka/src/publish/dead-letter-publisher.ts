import { IHeaders, Kafka } from 'kafkajs';
import { DeadLetterHeader } from '../topics/kafka-headers';
import { FreshAfterFailureProducer } from './fresh-after-failure-producer';

/** A message that could not be decoded, with where it came from and why it was refused. */
export interface DeadLetter {
  readonly sourceTopic: string;
  readonly sourcePartition: number;
  readonly sourceOffset: string;
  readonly key: Buffer | null;
  readonly value: Buffer | null;
  readonly headers: IHeaders;
  readonly reason: string;
}

export interface DeadLetterPublisher {
  publish(letters: readonly DeadLetter[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Writes refused messages to the dead-letter topic byte for byte (same key, value and
 * headers) and adds the reason and the source topic/partition/offset as headers, so a
 * fixed consumer can replay them.
 */
export class KafkaDeadLetterPublisher implements DeadLetterPublisher {
  private readonly producer: FreshAfterFailureProducer;

  constructor(
    kafka: Kafka,
    private readonly topic: string,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.producer = new FreshAfterFailureProducer(kafka);
  }

  async publish(letters: readonly DeadLetter[]): Promise<void> {
    if (letters.length === 0) return;
    const failedAt = this.clock().toISOString();
    await this.producer.send({
      topic: this.topic,
      acks: -1,
      messages: letters.map((letter) => ({
        key: letter.key,
        value: letter.value,
        headers: {
          ...letter.headers,
          [DeadLetterHeader.reason]: letter.reason,
          [DeadLetterHeader.sourceTopic]: letter.sourceTopic,
          [DeadLetterHeader.sourcePartition]: String(letter.sourcePartition),
          [DeadLetterHeader.sourceOffset]: letter.sourceOffset,
          [DeadLetterHeader.failedAt]: failedAt,
        },
      })),
    });
  }

  async close(): Promise<void> {
    await this.producer.disconnect();
  }
}
