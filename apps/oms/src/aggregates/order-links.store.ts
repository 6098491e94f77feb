import { SqlExecutor, textArray } from '@oms/persistence';
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
  /** Known links; null = known to have no link (read in this transaction). */
  private readonly linked = new Map<string, string | null>();
  /** Orders known to have (true) or not to have (false) fills parked in the table. */
  private readonly parkedStored = new Map<string, boolean>();
  private readonly newLinks: OrderLink[] = [];
  private readonly parked = new Map<string, ParkedFill[]>();
  private readonly newlyParked: Array<ParkedFill & { key: [string, OrderMarket, string] }> = [];

  constructor(private readonly executor: SqlExecutor) {}

  /**
   * The stream linked to an order when this transaction knows it already (null: known to
   * have none), else undefined. After a batch's prefetch nearly every lookup is known,
   * and awaiting `streamOf` for it cost a promise and a microtask turn per observation.
   */
  known(accountId: string, market: OrderMarket, orderId: string): string | null | undefined {
    return this.linked.get(linkKey(accountId, market, orderId));
  }

  async streamOf(accountId: string, market: OrderMarket, orderId: string): Promise<string | null> {
    const key = linkKey(accountId, market, orderId);
    const known = this.linked.get(key);
    if (known !== undefined) return known;
    await this.prefetch([{ accountId, market, orderId }]);
    return this.linked.get(key) ?? null;
  }

  /** Reads the links of many orders in one statement (a batch's worth). */
  async prefetch(
    orders: ReadonlyArray<{ accountId: string; market: OrderMarket; orderId: string }>,
  ): Promise<void> {
    const missing = orders.filter(
      (order) => !this.linked.has(linkKey(order.accountId, order.market, order.orderId)),
    );
    if (missing.length === 0) return;
    for (const order of missing) this.linked.set(linkKey(order.accountId, order.market, order.orderId), null);
    const keys = [
      textArray(missing.map((order) => order.accountId)),
      textArray(missing.map((order) => order.market)),
      textArray(missing.map((order) => order.orderId)),
    ];
    const rows = (await this.executor.query(
      `SELECT l.account, l.market, l.order_id, l.stream_id
       FROM unnest($1::text[], $2::text[], $3::text[]) AS k(account, market, order_id)
       JOIN oms_order_links l USING (account, market, order_id)`,
      keys,
    )) as Array<{ account: string; market: OrderMarket; order_id: string; stream_id: string }>;
    for (const row of rows) this.linked.set(linkKey(row.account, row.market, row.order_id), row.stream_id);
    for (const order of missing)
      this.parkedStored.set(linkKey(order.accountId, order.market, order.orderId), false);
    const parked = (await this.executor.query(
      `SELECT DISTINCT p.account, p.market, p.order_id
       FROM unnest($1::text[], $2::text[], $3::text[]) AS k(account, market, order_id)
       JOIN oms_parked_fills p USING (account, market, order_id)`,
      keys,
    )) as Array<{ account: string; market: OrderMarket; order_id: string }>;
    for (const row of parked) this.parkedStored.set(linkKey(row.account, row.market, row.order_id), true);
  }

  /** Links an orderId to its stream (first link wins) and hands back the fills parked for it. */
  async link(link: OrderLink): Promise<ParkedFill[]> {
    const key = linkKey(link.accountId, link.market, link.orderId);
    const existing = this.linked.get(key) ?? (await this.streamOf(link.accountId, link.market, link.orderId));
    if (existing !== null) return [];
    this.linked.set(key, link.streamId);
    this.newLinks.push(link);
    const waiting = [...(this.parked.get(key) ?? [])];
    this.parked.delete(key);
    if (this.parkedStored.get(key) === false) return waiting;
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
          textArray(this.newLinks.map((link) => link.accountId)),
          textArray(this.newLinks.map((link) => link.market)),
          textArray(this.newLinks.map((link) => link.orderId)),
          textArray(this.newLinks.map((link) => link.streamId)),
        ],
      );
    }
    const stillParked = this.newlyParked.filter((fill) => !this.linked.get(linkKey(...fill.key)));
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
