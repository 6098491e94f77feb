import { DataSource, EntityManager } from 'typeorm';
import { EventPublisher } from '@oms/kafka';
import { createLogger } from '@oms/platform';
import { EventRow, toStoredEvent } from '@oms/persistence';
import { rowsOf } from '../aggregates/sql-result';
import { outboxEnvelope } from './outbox-envelope';
import { OutboxMetrics } from './outbox-metrics';
import { outboxPartitionKey } from './outbox-partition-key';

const log = createLogger('OutboxRelay');

/** The row of `oms_outbox_cursor` this relay moves (migration 1795700002000). */
export const OUTBOX_RELAY = 'oms-events';

/**
 * The next page past the cursor, with each stream's partition key and the log's end.
 * The cursor's position is a scalar subquery, so the events are read from that position
 * by the primary key: joined as a row source, the planner scanned the log from its
 * start and filtered each row, a page costing more as the log grew.
 */
export const OUTBOX_PAGE = `WITH cursor AS (
     SELECT published_position FROM oms_outbox_cursor WHERE relay = $1 FOR UPDATE SKIP LOCKED
   ), page AS (
     SELECT e.global_position, e.event_id, e.stream_id, e.stream_version, e.event_type, e.schema_version,
            e.payload, e.metadata, e.correlation_id, e.occurred_at, e.recorded_at
     FROM events e WHERE e.global_position > (SELECT published_position FROM cursor)
     ORDER BY e.global_position LIMIT $2
   ), keys AS (
     SELECT s.stream_id, s.state->>'accountId' AS account_id, s.state->>'symbol' AS symbol,
            s.state->>'asset' AS asset
     FROM oms_aggregate_states s WHERE s.stream_id IN (SELECT stream_id FROM page)
   )
   SELECT page.global_position::text AS global_position, page.event_id, page.stream_id, page.stream_version,
          page.event_type, page.schema_version, page.payload, page.metadata, page.correlation_id,
          page.occurred_at, page.recorded_at, keys.account_id, keys.symbol, keys.asset,
          (SELECT last_position FROM event_log_head)::text AS log_end
   FROM page LEFT JOIN keys ON keys.stream_id = page.stream_id
   ORDER BY page.global_position`;

type PageRow = EventRow & {
  account_id: string | null;
  symbol: string | null;
  asset: string | null;
  /** The log's last position as this page was read. */
  log_end: string;
};

export interface OutboxRelayOptions {
  readonly topic: string;
  readonly batchSize?: number;
  readonly idleMs?: number;
  readonly metrics?: OutboxMetrics;
}

/**
 * Publishes every stored OMS event to `oms.events.v1`, in log order, keyed by
 * account:symbol from its stream's kept state: the event log is the outbox. Events are
 * read past `oms_outbox_cursor.published_position`, published, and the cursor moved
 * in one transaction that holds the cursor row, so two OMS processes never publish a
 * page at once (the other skips the locked row and waits for its next turn). Reading
 * by position never skips an event: appends take the log head in turn and hold it
 * until they commit, so a position becomes visible only after every lower one. A
 * crash after the send and before the commit sends the page again: at least once,
 * deduplicable by eventId.
 */
export class OutboxRelay {
  private running = false;
  private loop?: Promise<void>;
  private wake?: () => void;
  private readonly metrics: OutboxMetrics;

  constructor(
    private readonly dataSource: DataSource,
    private readonly publisher: EventPublisher,
    private readonly options: OutboxRelayOptions,
  ) {
    this.metrics = options.metrics ?? OutboxMetrics.for();
  }

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

  /** Publishes one page; returns how many events were sent (none while another relay holds the cursor). */
  async publishPending(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = rowsOf<PageRow>(
        await manager.query(OUTBOX_PAGE, [OUTBOX_RELAY, this.options.batchSize ?? 500]),
      );
      if (rows.length === 0) {
        await this.measureUnpublished(manager);
        return 0;
      }
      await this.publisher.publish(
        this.options.topic,
        rows.map((row) => {
          const key = outboxPartitionKey(row.stream_id, {
            accountId: row.account_id,
            symbol: row.symbol,
            asset: row.asset,
          });
          return { envelope: outboxEnvelope(toStoredEvent(row), key), key };
        }),
      );
      await manager.query(
        `UPDATE oms_outbox_cursor SET published_position = $2::bigint, updated_at = now() WHERE relay = $1`,
        [OUTBOX_RELAY, rows[rows.length - 1].global_position],
      );
      const last = rows[rows.length - 1];
      this.metrics.published.inc(rows.length);
      this.metrics.unpublished.set(Number(BigInt(last.log_end) - BigInt(last.global_position)));
      return rows.length;
    });
  }

  private async measureUnpublished(manager: EntityManager): Promise<void> {
    const [row] = rowsOf<{ waiting: string | null }>(
      await manager.query(
        `SELECT ((SELECT last_position FROM event_log_head) -
                 (SELECT published_position FROM oms_outbox_cursor WHERE relay = $1))::text AS waiting`,
        [OUTBOX_RELAY],
      ),
    );
    if (row?.waiting != null) this.metrics.unpublished.set(Math.max(0, Number(row.waiting)));
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
