import { Kafka, Producer, ProducerRecord, RecordMetadata } from 'kafkajs';

/**
 * A kafkajs idempotent producer that is replaced by a new one (a new producer id) after
 * any failed send.
 *
 * kafkajs rewinds a partition's sequence number when a request fails and hands the
 * same numbers to whatever the next send carries. When the broker had stored the failed
 * batch and only the answer was lost, a next batch of the same size is taken for a
 * retry of the stored one: answered with success and never stored. Callers whose next
 * send is not the same batch (an outbox page that another process already moved past,
 * a different dead letter) would lose events without an error. A new producer id
 * starts a new sequence, so the worst case is the repeat the caller makes itself: at
 * least once, never silently dropped.
 */
export class FreshAfterFailureProducer {
  private producer?: Producer;
  private connecting?: Promise<void>;
  /** Disconnects of discarded producers still under way (awaited by `disconnect`). */
  private readonly retiring = new Set<Promise<void>>();

  constructor(private readonly kafka: Kafka) {}

  async send(record: ProducerRecord): Promise<RecordMetadata[]> {
    const { producer, connecting } = this.current();
    try {
      await connecting;
      return await producer.send(record);
    } catch (error) {
      this.discard(producer);
      throw error;
    }
  }

  async disconnect(): Promise<void> {
    const producer = this.producer;
    const connecting = this.connecting;
    this.producer = undefined;
    this.connecting = undefined;
    await Promise.all(this.retiring);
    if (!producer) return;
    await connecting?.catch(() => undefined);
    await producer.disconnect();
  }

  private current(): { producer: Producer; connecting: Promise<void> } {
    if (!this.producer || !this.connecting) {
      this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      this.connecting = this.producer.connect();
    }
    return { producer: this.producer, connecting: this.connecting };
  }

  /** Forgets a producer whose sequence numbers can no longer be trusted; the next send makes a new one. */
  private discard(producer: Producer): void {
    if (this.producer !== producer) return;
    const connecting = this.connecting;
    this.producer = undefined;
    this.connecting = undefined;
    const retired = (connecting ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => producer.disconnect())
      .catch(() => undefined)
      .finally(() => this.retiring.delete(retired));
    this.retiring.add(retired);
  }
}
