import { DataSource } from 'typeorm';
import { SqlExecutor } from '../event-store/event-store.types';

export interface StoredOffset {
  readonly topic: string;
  readonly partition: number;
  /** The offset of the next message to consume (Kafka's committed-offset convention). */
  readonly nextOffset: string;
}

/**
 * Kafka consumer progress kept in Postgres, written in the same transaction as what
 * the consumed batch produced. On start, consumers seek to these offsets.
 */
export class ConsumerOffsetStore {
  constructor(private readonly dataSource: DataSource) {}

  async save(executor: SqlExecutor, consumerGroup: string, offsets: readonly StoredOffset[]): Promise<void> {
    if (offsets.length === 0) return;
    await executor.query(
      `INSERT INTO consumer_offsets (consumer_group, topic, partition, next_offset)
       SELECT $1, o.topic, o.partition, o.next_offset
       FROM unnest($2::text[], $3::int[], $4::bigint[]) AS o(topic, partition, next_offset)
       ON CONFLICT (consumer_group, topic, partition)
       DO UPDATE SET next_offset = GREATEST(consumer_offsets.next_offset, EXCLUDED.next_offset),
                     updated_at = now()`,
      [
        consumerGroup,
        offsets.map((offset) => offset.topic),
        offsets.map((offset) => offset.partition),
        offsets.map((offset) => offset.nextOffset),
      ],
    );
  }

  async load(consumerGroup: string, topic: string): Promise<StoredOffset[]> {
    const rows = await this.dataSource.query<
      Array<{ topic: string; partition: number; next_offset: string }>
    >(
      `SELECT topic, partition, next_offset::text AS next_offset FROM consumer_offsets
       WHERE consumer_group = $1 AND topic = $2 ORDER BY partition`,
      [consumerGroup, topic],
    );
    return rows.map((row) => ({ topic: row.topic, partition: row.partition, nextOffset: row.next_offset }));
  }
}
