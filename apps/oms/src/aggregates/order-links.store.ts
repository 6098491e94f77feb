import { issueWrite, runIndependent, SqlExecutor, textArray } from '@oms/persistence';
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

/** SQLSTATE of the guard `flush` sends: fills wait for an order taken as having none. */
export const PARKED_FILLS_WAITING = 'OS410';

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
  /** Orders taken as having no parked fills without reading it: checked by the flush. */
  private readonly assumedUnparked: Array<[string, OrderMarket, string]> = [];

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
    // Links and parked fills in one statement: one round trip per prefetch.
    const rows = (await this.executor.query(
      `SELECT k.account, k.market, k.order_id, l.stream_id,
              EXISTS (SELECT 1 FROM oms_parked_fills p
                      WHERE p.account = k.account AND p.market = k.market AND p.order_id = k.order_id) AS parked
       FROM unnest($1::text[], $2::text[], $3::text[]) AS k(account, market, order_id)
       LEFT JOIN oms_order_links l
         ON l.account = k.account AND l.market = k.market AND l.order_id = k.order_id`,
      [
        textArray(missing.map((order) => order.accountId)),
        textArray(missing.map((order) => order.market)),
        textArray(missing.map((order) => order.orderId)),
      ],
    )) as Array<{
      account: string;
      market: OrderMarket;
      order_id: string;
      stream_id: string | null;
      parked: boolean;
    }>;
    for (const row of rows) {
      const key = linkKey(row.account, row.market, row.order_id);
      if (row.stream_id !== null) this.linked.set(key, row.stream_id);
      this.parkedStored.set(key, row.parked);
    }
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

  /**
   * Takes an order as unlinked, with no fills parked for it, without reading either (a
   * desk order's acknowledgement decided on the state the OMS holds). A link made for it
   * is written as any other (the first link stays), and the flush sends a guard that
   * fails the transaction with PARKED_FILLS_WAITING if fills are parked for it after all; the
   * caller then decides again with `prefetch`.
   */
  assumeUnlinked(accountId: string, market: OrderMarket, orderId: string): void {
    const key = linkKey(accountId, market, orderId);
    if (this.linked.has(key)) return;
    this.linked.set(key, null);
    this.parkedStored.set(key, false);
    this.assumedUnparked.push([accountId, market, orderId]);
  }

  /**
   * Checks what was assumed and writes the new links and the fills still parked, in up
   * to three statements. Nothing reads their answers (`issueWrite`): on a pipelined
   * connection they leave together and COMMIT can follow them in the same write; a
   * failure (the guard's PARKED_FILLS_WAITING) fails the transaction.
   */
  async flush(): Promise<void> {
    const stillParked = this.newlyParked.filter((fill) => !this.linked.get(linkKey(...fill.key)));
    await runIndependent(this.executor, [
      () => this.expectNoParkedFills(),
      () => this.writeLinks(),
      () => this.writeParkedFills(stillParked),
    ]);
  }

  private async expectNoParkedFills(): Promise<void> {
    if (this.assumedUnparked.length > 0) {
      await issueWrite(
        this.executor,
        this.executor.query(`SELECT oms_expect_no_parked_fills($1::text[], $2::text[], $3::text[])`, [
          this.assumedUnparked.map((key) => key[0]),
          this.assumedUnparked.map((key) => key[1]),
          this.assumedUnparked.map((key) => key[2]),
        ]),
      );
    }
  }

  private async writeLinks(): Promise<void> {
    if (this.newLinks.length > 0) {
      await issueWrite(
        this.executor,
        this.executor.query(
          `INSERT INTO oms_order_links (account, market, order_id, stream_id)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
           ON CONFLICT DO NOTHING`,
          [
            textArray(this.newLinks.map((link) => link.accountId)),
            textArray(this.newLinks.map((link) => link.market)),
            textArray(this.newLinks.map((link) => link.orderId)),
            textArray(this.newLinks.map((link) => link.streamId)),
          ],
        ),
      );
    }
  }

  private async writeParkedFills(
    stillParked: ReadonlyArray<ParkedFill & { key: [string, OrderMarket, string] }>,
  ): Promise<void> {
    if (stillParked.length > 0) {
      await issueWrite(
        this.executor,
        this.executor.query(
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
        ),
      );
    }
  }
}
