import { DataSource } from 'typeorm';
import { HandlerOwnedOffsets } from '@oms/kafka';
import { issueWrite, SqlExecutor } from '@oms/persistence';

/** SQLSTATE of `oms_move_consumer_offset` (migration 1795700000000) when another consumer moved the offset first. */
export const PARTITION_LOST = 'OS411';

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

/**
 * A batch that starts past the stored offset, while the messages before it were not
 * reported deleted: folding it would skip observations never folded.
 */
export class PartitionGapError extends Error {
  constructor(
    readonly topic: string,
    readonly partition: number,
    readonly stored: string,
    readonly firstOffset: string,
  ) {
    super(
      `${topic}[${partition}]: a batch starting at ${firstOffset} would skip the observations from the stored offset ${stored}`,
    );
    this.name = 'PartitionGapError';
  }
}

/** Where a batch starts, and from where the log lost what came before it (retention). */
export interface BatchStart {
  readonly firstOffset: string;
  readonly deletedFrom?: string;
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

  /**
   * Moves the offset from what this consumer believes to `next` (`oms_move_consumer_offset`,
   * which fails the transaction with PARTITION_LOST otherwise). Nothing reads the
   * statement's answer: on a pipelined connection the failure comes from the transaction,
   * and `lostOf` names it. A batch starting past the believed offset is refused
   * (PartitionGapError) unless the log no longer holds what came between.
   */
  async commit(
    executor: SqlExecutor,
    topic: string,
    partition: number,
    start: BatchStart,
    next: string,
  ): Promise<void> {
    const expected = this.believed.has(key(topic, partition))
      ? this.believed.get(key(topic, partition))!
      : null;
    if (expected !== null && BigInt(start.firstOffset) > BigInt(expected) && start.deletedFrom !== expected) {
      throw new PartitionGapError(topic, partition, expected, start.firstOffset);
    }
    try {
      await issueWrite(
        executor,
        executor.query(`SELECT oms_move_consumer_offset($1, $2, $3, $4::bigint, $5::bigint)`, [
          this.group,
          topic,
          partition,
          expected,
          next,
        ]),
      );
    } catch (error) {
      throw this.lostOf(error, topic, partition) ?? error;
    }
  }

  /**
   * The PartitionLostError a failed transaction carries, if its offset move failed: this
   * consumer no longer believes anything of the partition until its next assignment.
   */
  lostOf(error: unknown, topic: string, partition: number): PartitionLostError | undefined {
    if (error instanceof PartitionLostError) return error;
    if ((error as { code?: unknown }).code !== PARTITION_LOST) return undefined;
    const expected = this.believed.get(key(topic, partition)) ?? null;
    this.believed.delete(key(topic, partition));
    return new PartitionLostError(topic, partition, expected);
  }

  /** After the transaction committed. */
  committed(topic: string, partition: number, next: string): void {
    this.believed.set(key(topic, partition), next);
  }
}
