import { SqlExecutor } from '@oms/persistence';
import { EventEnvelope } from '@oms/kafka';
import { rowsOf } from './sql-result';

/** The order markets a venue orderId is unique in. */
export type OrderMarket = 'spot' | 'futures' | 'futures-stop';

export interface OrderLink {
  readonly accountId: string;
  readonly market: OrderMarket;
  readonly orderId: string;
  readonly streamId: string;
}

export interface ParkedFill {
  readonly eventId: string;
  readonly envelope: EventEnvelope;
}

const linkKey = (accountId: string, market: OrderMarket, orderId: string) =>
  `${accountId}\u0000${market}\u0000${orderId}`;

/**
 * venue orderId -> order stream, and fills waiting for their order. Reads see what this
 * transaction wrote already (links made and fills parked earlier in the same batch).
 */
export class OrderLinks {
  private readonly linked = new Map<string, string>();
  private readonly newLinks: OrderLink[] = [];
  private readonly parked = new Map<string, ParkedFill[]>();
  private readonly newlyParked: Array<ParkedFill & { key: [string, OrderMarket, string] }> = [];

  constructor(private readonly executor: SqlExecutor) {}

  async streamOf(accountId: string, market: OrderMarket, orderId: string): Promise<string | null> {
    const key = linkKey(accountId, market, orderId);
    const known = this.linked.get(key);
    if (known !== undefined) return known;
    const rows = (await this.executor.query(
      `SELECT stream_id FROM oms_order_links WHERE account = $1 AND market = $2 AND order_id = $3`,
      [accountId, market, orderId],
    )) as Array<{ stream_id: string }>;
    const streamId = rows[0]?.stream_id ?? null;
    if (streamId !== null) this.linked.set(key, streamId);
    return streamId;
  }

  /** Links an orderId to its stream (first link wins) and hands back the fills parked for it. */
  async link(link: OrderLink): Promise<ParkedFill[]> {
    const key = linkKey(link.accountId, link.market, link.orderId);
    const existing = await this.streamOf(link.accountId, link.market, link.orderId);
    if (existing !== null) return [];
    this.linked.set(key, link.streamId);
    this.newLinks.push(link);
    const waiting = [...(this.parked.get(key) ?? [])];
    this.parked.delete(key);
    const rows = rowsOf<{ event_id: string; envelope: EventEnvelope }>(
      await this.executor.query(
        `DELETE FROM oms_parked_fills WHERE account = $1 AND market = $2 AND order_id = $3
         RETURNING event_id, envelope`,
        [link.accountId, link.market, link.orderId],
      ),
    );
    for (const row of rows) waiting.push({ eventId: row.event_id, envelope: row.envelope });
    return waiting.sort((a, b) => (a.eventId < b.eventId ? -1 : a.eventId > b.eventId ? 1 : 0));
  }

  /** Keeps a fill whose order is not known yet. */
  park(accountId: string, market: OrderMarket, orderId: string, fill: ParkedFill): void {
    const key = linkKey(accountId, market, orderId);
    this.parked.set(key, [...(this.parked.get(key) ?? []), fill]);
    this.newlyParked.push({ ...fill, key: [accountId, market, orderId] });
  }

  /** Writes the new links and the fills still parked, in two statements. */
  async flush(): Promise<void> {
    if (this.newLinks.length > 0) {
      await this.executor.query(
        `INSERT INTO oms_order_links (account, market, order_id, stream_id)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
         ON CONFLICT DO NOTHING`,
        [
          this.newLinks.map((link) => link.accountId),
          this.newLinks.map((link) => link.market),
          this.newLinks.map((link) => link.orderId),
          this.newLinks.map((link) => link.streamId),
        ],
      );
    }
    const stillParked = this.newlyParked.filter((fill) => !this.linked.has(linkKey(...fill.key)));
    if (stillParked.length > 0) {
      await this.executor.query(
        `INSERT INTO oms_parked_fills (event_id, account, market, order_id, envelope)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::jsonb[])
         ON CONFLICT DO NOTHING`,
        [
          stillParked.map((fill) => fill.eventId),
          stillParked.map((fill) => fill.key[0]),
          stillParked.map((fill) => fill.key[1]),
          stillParked.map((fill) => fill.key[2]),
          stillParked.map((fill) => JSON.stringify(fill.envelope)),
        ],
      );
    }
  }
}
