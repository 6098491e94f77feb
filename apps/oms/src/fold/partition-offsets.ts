import { DataSource } from 'typeorm';
import { HandlerOwnedOffsets } from '@oms/kafka';
import { SqlExecutor } from '@oms/persistence';
import { affectedOf } from '../aggregates/sql-result';

/** The batch's consumer lost its partition: another consumer committed from the same offset first. */
export class PartitionLostError extends Error {
  constructor(
    readonly topic: string,
    readonly partition: number,
    readonly expected: string | null,
  ) {
    super(`${topic}[${partition}] is no longer at offset ${expected ?? '(none)'}: another consumer owns it`);
    this.name = 'PartitionLostError';
  }
}

const key = (topic: string, partition: number) => `${topic}:${partition}`;

/**
 * The fold's consumed offsets in consumer_offsets, moved by compare-and-set inside the
 * batch's transaction: a batch commits only if the stored offset is still the one this
 * consumer started from, so a consumer that lost its partition in a rebalance (and
 * whose successor already folded further) cannot commit, and its transaction rolls
 * back. Consumption resumes from these offsets, not Kafka's.
 */
export class PartitionOffsets implements HandlerOwnedOffsets {
  /** What this consumer believes is stored: null = no row yet. */
  private readonly believed = new Map<string, string | null>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly group: string,
  ) {}

  async nextOffsets(topic: string, partitions: readonly number[]): Promise<ReadonlyMap<number, string>> {
    const rows = await this.dataSource.query<Array<{ partition: number; next_offset: string }>>(
      `SELECT partition, next_offset::text AS next_offset FROM consumer_offsets
       WHERE consumer_group = $1 AND topic = $2 AND partition = ANY($3::int[])`,
      [this.group, topic, [...partitions]],
    );
    const stored = new Map(rows.map((row) => [row.partition, row.next_offset]));
    for (const partition of partitions)
      this.believed.set(key(topic, partition), stored.get(partition) ?? null);
    return stored;
  }

  /** Moves the offset from what this consumer believes to `next`, or throws PartitionLostError. */
  async commit(executor: SqlExecutor, topic: string, partition: number, next: string): Promise<void> {
    const expected = this.believed.has(key(topic, partition))
      ? this.believed.get(key(topic, partition))!
      : null;
    const moved =
      expected === null
        ? await executor.query(
            `INSERT INTO consumer_offsets (consumer_group, topic, partition, next_offset)
             VALUES ($1, $2, $3, $4::bigint) ON CONFLICT DO NOTHING RETURNING 1`,
            [this.group, topic, partition, next],
          )
        : await executor.query(
            `UPDATE consumer_offsets SET next_offset = $4::bigint, updated_at = now()
             WHERE consumer_group = $1 AND topic = $2 AND partition = $3 AND next_offset = $5::bigint`,
            [this.group, topic, partition, next, expected],
          );
    if (affectedOf(moved) !== 1) {
      this.believed.delete(key(topic, partition));
      throw new PartitionLostError(topic, partition, expected);
    }
  }

  /** After the transaction committed. */
  committed(topic: string, partition: number, next: string): void {
    this.believed.set(key(topic, partition), next);
  }
}
