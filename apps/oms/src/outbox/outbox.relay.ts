import { DataSource } from 'typeorm';
import { EventEnvelope, EventPublisher } from '@oms/kafka';
import { createLogger } from '@oms/platform';
import { rowsOf } from '../aggregates/sql-result';

const log = createLogger('OutboxRelay');

export interface OutboxRelayOptions {
  readonly topic: string;
  readonly batchSize?: number;
  readonly idleMs?: number;
}

/**
 * Publishes oms_outbox rows to `oms.events.v1` in id order, keyed by account:symbol, and
 * marks them published. Rows are locked (SKIP LOCKED) while in flight, so two OMS
 * processes never send the same row at once; a crash after the send and before the
 * mark sends it again: at least once, deduplicable by eventId.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;

  constructor(
    private readonly dataSource: DataSource,
    private readonly publisher: EventPublisher,
    private readonly options: OutboxRelayOptions,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Publishes one page; returns how many rows were sent. */
  async publishPending(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = rowsOf<{ id: string; partition_key: string; envelope: EventEnvelope }>(
        await manager.query(
          `SELECT id::text, partition_key, envelope FROM oms_outbox WHERE published_at IS NULL
           ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [this.options.batchSize ?? 500],
        ),
      );
      if (rows.length === 0) return 0;
      await this.publisher.publish(
        this.options.topic,
        rows.map((row) => ({ envelope: row.envelope, key: row.partition_key })),
      );
      await manager.query(`UPDATE oms_outbox SET published_at = now() WHERE id = ANY($1::bigint[])`, [
        rows.map((row) => row.id),
      ]);
      return rows.length;
    });
  }

  private async run(): Promise<void> {
    while (this.running) {
      let sent = 0;
      try {
        sent = await this.publishPending();
      } catch (error) {
        log.error({ err: error }, 'outbox publish failed; retrying');
      }
      if (sent === 0 && this.running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.idleMs ?? 200);
          this.wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }
}
