import { DataSource } from 'typeorm';
import { EventEnvelope, EventPublisher } from '@oms/kafka';
import { createLogger } from '@oms/platform';
import { EventRow, toStoredEvent } from '@oms/persistence';
import { rowsOf } from '../aggregates/sql-result';
import { outboxEnvelope } from './outbox-envelope';

const log = createLogger('OutboxRelay');

/** An unpublished outbox row: its own envelope (rows written before 1795663200000), or its stored event. */
type EventColumns = Omit<EventRow, 'global_position'>;
type PendingRow = { [Column in keyof EventColumns]: EventColumns[Column] | null } & {
  id: string;
  partition_key: string;
  envelope: EventEnvelope | null;
};

function envelopeOf(row: PendingRow): EventEnvelope {
  if (row.envelope !== null) return row.envelope;
  if (row.event_id === null) throw new Error(`outbox row ${row.id} names no stored event`);
  return outboxEnvelope(toStoredEvent({ ...(row as EventColumns), global_position: '' }), row.partition_key);
}

export interface OutboxRelayOptions {
  readonly topic: string;
  readonly batchSize?: number;
  readonly idleMs?: number;
}

/**
 * Publishes oms_outbox rows to `oms.events.v1` in id order, keyed by account:symbol, and
 * marks them published. Each envelope is built from the stored event the row names. Rows are locked (SKIP LOCKED) while in flight, so two OMS
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
      const rows = rowsOf<PendingRow>(
        await manager.query(
          `SELECT o.id::text, o.partition_key, o.envelope, e.event_id, e.stream_id, e.stream_version, e.event_type,
                  e.schema_version, e.payload, e.metadata, e.correlation_id, e.occurred_at, e.recorded_at
           FROM oms_outbox o LEFT JOIN events e ON o.envelope IS NULL AND e.event_id = o.event_id
           WHERE o.published_at IS NULL
           ORDER BY o.id LIMIT $1 FOR UPDATE OF o SKIP LOCKED`,
          [this.options.batchSize ?? 500],
        ),
      );
      if (rows.length === 0) return 0;
      await this.publisher.publish(
        this.options.topic,
        rows.map((row) => ({ envelope: envelopeOf(row), key: row.partition_key })),
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
