import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client } from 'pg';
import { concatMap, filter, from, Observable, share, Subject } from 'rxjs';
import { DataSource } from 'typeorm';
import { BalanceResponse } from '../balances/balance.response';
import { toBalanceResponse } from '../balances/list-balances.query';
import { FillResponse } from '../fills/fill.response';
import { FILL_COLUMNS, FillRow, toFillResponse } from '../fills/fill.row';
import { toOrderResponse } from '../orders/order.mapper';
import { OrderResponse } from '../orders/order.response';
import { ORDER_COLUMNS, OrderRow } from '../orders/order.row';
import { ListPositionsHandler, ListPositionsQuery } from '../positions/list-positions.query';
import { PositionResponse } from '../positions/position.response';
import { parseReadModelChange, READ_MODEL_CHANGE_CHANNEL, ReadModelChange } from './read-model-change';

const RECONNECT_DELAY_MS = 1000;

/**
 * Live changes of the committed read models: LISTEN on the channel the read-model
 * triggers NOTIFY (delivered at commit, never for a rolled-back write), each change
 * read back once and shared by every subscriber. Rows are read after the commit, so a
 * subscriber sees the state as committed, never a write a crash takes back.
 */
@Injectable()
export class ReadModelChanges implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReadModelChanges.name);
  private readonly changes = new Subject<ReadModelChange>();
  private client: Client | null = null;
  private stopped = false;

  readonly orders: Observable<OrderResponse>;
  readonly fillsAdded: Observable<FillResponse>;
  readonly fillsUpdated: Observable<FillResponse>;
  readonly positions: Observable<PositionResponse>;
  readonly balances: Observable<BalanceResponse>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly positionsHandler: ListPositionsHandler,
  ) {
    this.orders = this.rowsOf('rm_orders', (change) => this.order(change));
    // Each reads back only the changes of its own kind, and only while subscribed.
    this.fillsAdded = this.rowsOf('rm_fills', (change) => (change.op === 'INSERT' ? this.fill(change) : []));
    this.fillsUpdated = this.rowsOf('rm_fills', (change) =>
      change.op === 'UPDATE' ? this.fill(change) : [],
    );
    this.positions = this.rowsOf('rm_positions', (change) => this.position(change));
    this.balances = this.rowsOf('rm_balances', (change) => this.balance(change));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.listen();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.changes.complete();
    await this.client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const url = (this.dataSource.options as { url?: string }).url;
    const client = new Client({ connectionString: url, application_name: 'oms-desk-subscriptions' });
    client.on('notification', (message) => {
      const change = parseReadModelChange(message.payload);
      if (change) this.changes.next(change);
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'read-model change listener lost its connection; reconnecting');
      this.client = null;
      void client.end().catch(() => undefined);
      if (!this.stopped) setTimeout(() => void this.listen().catch(() => undefined), RECONNECT_DELAY_MS);
    });
    await client.connect();
    await client.query(`LISTEN ${READ_MODEL_CHANGE_CHANNEL}`);
    this.client = client;
  }

  private rowsOf<T, Table extends ReadModelChange['table']>(
    table: Table,
    load: (change: Extract<ReadModelChange, { table: Table }>) => Promise<T[]> | T[],
  ): Observable<T> {
    return this.changes.pipe(
      filter((change): change is Extract<ReadModelChange, { table: Table }> => change.table === table),
      // In commit order: one change is read before the next, so updates never overtake.
      concatMap((change) => from(Promise.resolve(load(change)).catch(() => [] as T[]))),
      concatMap((rows) => from(rows)),
      share(),
    );
  }

  private async order(change: Extract<ReadModelChange, { table: 'rm_orders' }>): Promise<OrderResponse[]> {
    const rows = await this.dataSource.query<OrderRow[]>(
      `SELECT ${ORDER_COLUMNS} FROM rm_orders WHERE id = $1`,
      [change.key.id],
    );
    return rows.map(toOrderResponse);
  }

  private async fill(change: Extract<ReadModelChange, { table: 'rm_fills' }>): Promise<FillResponse[]> {
    const rows = await this.dataSource.query<FillRow[]>(
      `SELECT ${FILL_COLUMNS} FROM rm_fills WHERE account = $1 AND market = $2 AND fill_id = $3`,
      [change.key.account, change.key.market, change.key.fillId],
    );
    return rows.map(toFillResponse);
  }

  private async position(
    change: Extract<ReadModelChange, { table: 'rm_positions' }>,
  ): Promise<PositionResponse[]> {
    const positions = await this.positionsHandler.execute(
      new ListPositionsQuery([change.key.account], change.key.symbol, true),
    );
    return positions.items.filter((position) => position.side === change.key.side);
  }

  private async balance(
    change: Extract<ReadModelChange, { table: 'rm_balances' }>,
  ): Promise<BalanceResponse[]> {
    const rows = await this.dataSource.query<Parameters<typeof toBalanceResponse>[0][]>(
      `SELECT account, wallet, asset, free, locked, total, updated_at FROM rm_balances
        WHERE account = $1 AND wallet = $2 AND asset = $3`,
      [change.key.account, change.key.wallet, change.key.asset],
    );
    return rows.map(toBalanceResponse);
  }
}
