import type { EngineContext } from '../engine-context';
import { isVenueEngineError } from '../engine-error';
import { publishLedgerChanges } from '../events/balance-publisher';
import { compareIds } from '../support/id-sequence';
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
    return commands.map((command) => {
      try {
        return { ok: true, order: this.exchange.place(command) } as const;
      } catch (error: unknown) {
        if (!isVenueEngineError(error)) throw error;
        return { ok: false, code: error.code, msg: error.msg } as const;
      }
    });
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
    const lastOrderId =
      canceled
        .map((order) => order.orderId)
        .sort(compareIds)
        .pop() ?? '0';
    publishLedgerChanges(this.context);
    return { canceled, lastOrderId };
  }

  cancelByIds(userId: string, orderIds: readonly string[]): CancelByIdsResult<SpotOrderRecord> {
    const accountIds = this.accountIds(userId);
    const canceled: SpotOrderRecord[] = [];
    const failed: { orderId: string; code: string | number; msg: string }[] = [];
    for (const orderId of orderIds) {
      try {
        const order = this.exchange.store.find(accountIds, orderId);
        this.exchange.cancel(order);
        canceled.push(order.toRecord());
      } catch (error: unknown) {
        if (!isVenueEngineError(error)) throw error;
        // The exchange reports every per-order failure of this endpoint as 0211.
        failed.push({ orderId, code: '0211', msg: error.msg });
      }
    }
    return { canceled, failed };
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
