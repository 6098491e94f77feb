import type { EngineContext } from '../engine-context';
import { publishLedgerChanges } from '../events/balance-publisher';
import { cancelEach, newestOrderId, placeEach } from '../support/per-order-outcomes';
import type {
  BatchEntryResult,
  BulkCancelResult,
  CancelByIdsResult,
  PlaceSpotOrderCommand,
  SpotCancelOpenOrdersCommand,
  SpotCancelResult,
  SpotOrderListQuery,
  SpotOrderLookup,
  SpotOrderRecord,
  SpotTradeQuery,
  SpotTradeRecord,
} from '../types/spot.types';
import type { SpotExchange } from './spot-exchange';
import { clampLimit, listSpotOrders, listSpotTrades } from './spot-queries';

/** The spot endpoints' operations over one user's spot account. */
export class SpotService {
  constructor(
    private readonly context: EngineContext,
    private readonly exchange: SpotExchange,
  ) {}

  resumePending(): void {
    this.exchange.resumePending();
  }

  test(command: PlaceSpotOrderCommand): void {
    this.exchange.test(command);
  }

  place(command: PlaceSpotOrderCommand): SpotOrderRecord {
    return this.exchange.place(command);
  }

  placeBatch(commands: readonly PlaceSpotOrderCommand[]): BatchEntryResult<SpotOrderRecord>[] {
    return placeEach(commands, (command) => this.exchange.place(command));
  }

  cancel(lookup: SpotOrderLookup): SpotCancelResult {
    const order = this.exchange.store.find(
      this.accountIds(lookup.userId, lookup.accountId),
      lookup.orderId,
      lookup.clientOrderId,
    );
    const statusBeforeCancel = this.exchange.cancel(order);
    return { order: order.toRecord(), statusBeforeCancel };
  }

  cancelOpen(command: SpotCancelOpenOrdersCommand): BulkCancelResult<SpotOrderRecord> {
    const [accountId] = this.accountIds(command.userId, command.accountId);
    const open = listSpotOrders(
      this.exchange.store,
      accountId,
      { ...command, limit: clampLimit(command.limit, 1000, 1000) },
      true,
    );
    const canceled: SpotOrderRecord[] = [];
    for (const record of open) {
      const order = this.exchange.store.get(record.orderId);
      if (order === undefined || order.isTerminal) continue;
      this.exchange.cancel(order);
      canceled.push(order.toRecord());
    }
    publishLedgerChanges(this.context);
    return { canceled, lastOrderId: newestOrderId(canceled) };
  }

  cancelByIds(userId: string, orderIds: readonly string[]): CancelByIdsResult<SpotOrderRecord> {
    const accountIds = this.accountIds(userId);
    return cancelEach(
      orderIds,
      (orderId) => {
        const order = this.exchange.store.find(accountIds, orderId);
        this.exchange.cancel(order);
        return order.toRecord();
      },
      // The exchange reports every per-order failure of this endpoint as 0211.
      () => '0211',
    );
  }

  get(lookup: SpotOrderLookup): SpotOrderRecord {
    return this.exchange.store
      .find(this.accountIds(lookup.userId, lookup.accountId), lookup.orderId, lookup.clientOrderId)
      .toRecord();
  }

  listOpen(query: SpotOrderListQuery): SpotOrderRecord[] {
    const [accountId] = this.accountIds(query.userId, query.accountId);
    return listSpotOrders(this.exchange.store, accountId, query, true);
  }

  listTradeOrders(query: SpotOrderListQuery): SpotOrderRecord[] {
    const [accountId] = this.accountIds(query.userId, query.accountId);
    return listSpotOrders(this.exchange.store, accountId, query, false);
  }

  listTrades(query: SpotTradeQuery): SpotTradeRecord[] {
    const [accountId] = this.accountIds(query.userId, query.accountId);
    return listSpotTrades(this.exchange.store, accountId, query);
  }

  private accountIds(userId: string, accountId?: string): string[] {
    return [this.context.users.resolveAccount(userId, 1, accountId).accountId];
  }
}
