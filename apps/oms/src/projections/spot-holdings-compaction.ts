import { DataSource } from 'typeorm';
import { createLogger } from '@oms/platform';
import { COMPACT_SPOT_HOLDING_CHANGES } from './spot-holdings';

const log = createLogger('SpotHoldingsCompaction');

export interface SpotHoldingsCompactionOptions {
  /** How often the changes recorded since the last round are compacted. */
  readonly intervalMs: number;
  /** Changes moved per transaction (a round goes on until none are left). */
  readonly batchSize?: number;
}

/**
 * Compacts the holding changes every statement on rm_orders records
 * (rm_spot_holding_changes) into the kept sums (rm_spot_holdings): in one transaction
 * the changes are deleted and their sum added, so a reader, which sums both in one
 * snapshot, reads the same before and after. Several OMS processes compact side by side:
 * each takes changes no other holds (SKIP LOCKED) and adds to the sums in key order, so
 * they wait for each other at most, never deadlock. Without it a pre-trade read would
 * sum every change since the start.
 */
export class SpotHoldingsCompaction {
  private timer?: NodeJS.Timeout;
  private round?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: SpotHoldingsCompactionOptions,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      if (this.round !== undefined) return;
      this.round = this.compact()
        .then(
          () => undefined,
          (error: unknown) =>
            log.error({ err: error }, 'holding changes not compacted; the next round retries'),
        )
        .finally(() => (this.round = undefined));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  /** Stops the rounds; a round under way finishes first (the database is still open). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.round;
  }

  /** Compacts every change committed so far; answers how many were moved. */
  async compact(): Promise<number> {
    const batchSize = this.options.batchSize ?? 10_000;
    let moved = 0;
    for (;;) {
      const [{ count }] = await this.dataSource.query<Array<{ count: number }>>(
        COMPACT_SPOT_HOLDING_CHANGES,
        [batchSize],
      );
      moved += count;
      if (count < batchSize) return moved;
    }
  }
}
