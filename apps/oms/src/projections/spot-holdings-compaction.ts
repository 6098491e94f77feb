import { DataSource } from 'typeorm';
import { createLogger } from '@oms/platform';

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
        `WITH moved AS (
           DELETE FROM rm_spot_holding_changes
            WHERE id IN (SELECT id FROM rm_spot_holding_changes ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
           RETURNING account, symbol, side, remaining_qty, unspent_amount, limit_quote, market_remaining_qty,
                     open_orders
         ), added AS (
           INSERT INTO rm_spot_holdings AS kept (account, symbol, side, remaining_qty, unspent_amount, limit_quote,
                                                 market_remaining_qty, open_orders)
           SELECT account, symbol, side, sum(remaining_qty), sum(unspent_amount), sum(limit_quote),
                  sum(market_remaining_qty), sum(open_orders)
             FROM moved GROUP BY account, symbol, side ORDER BY account, symbol, side
           ON CONFLICT (account, symbol, side) DO UPDATE SET
             remaining_qty = kept.remaining_qty + EXCLUDED.remaining_qty,
             unspent_amount = kept.unspent_amount + EXCLUDED.unspent_amount,
             limit_quote = kept.limit_quote + EXCLUDED.limit_quote,
             market_remaining_qty = kept.market_remaining_qty + EXCLUDED.market_remaining_qty,
             open_orders = kept.open_orders + EXCLUDED.open_orders
         )
         SELECT count(*)::int AS count FROM moved`,
        [batchSize],
      );
      moved += count;
      if (count < batchSize) return moved;
    }
  }
}
