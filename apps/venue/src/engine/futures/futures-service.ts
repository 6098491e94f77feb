import type { EngineContext } from '../engine-context';
import { VenueEngineError } from '../engine-error';
import { compareIds } from '../support/id-sequence';
import { cancelEach, newestOrderId, placeEach } from '../support/per-order-outcomes';
import type { BatchEntryResult, BulkCancelResult, CancelByIdsResult } from '../types/spot.types';
import type {
  FuturesAnyOrderRecord,
  FuturesCancelOpenOrdersCommand,
  FuturesCancelResult,
  FuturesOrderRecord,
  FuturesRequestType,
  MarginType,
  PlaceFuturesOrderCommand,
  PositionMarginAdjustCommand,
  TradingStopCommand,
  TradingStopRecord,
} from '../types/futures.types';
import type { FuturesAccountBook } from './futures-account-book';
import type { FuturesExchange } from './futures-exchange';
import { bookSideOf } from './futures-order';
import { validateFuturesOrder } from './futures-order-intake';
import { FuturesStopOrder } from './futures-stop-order';
import type { FuturesTriggers } from './futures-triggers';
import type { PositionControls } from './position-controls';

/** Futures trading operations of one user's futures account; every call ends by publishing what changed. */
export class FuturesService {
  constructor(
    private readonly context: EngineContext,
    readonly accounts: FuturesAccountBook,
    readonly exchange: FuturesExchange,
    private readonly triggers: FuturesTriggers,
    private readonly positionControls: PositionControls,
  ) {}

  accountIdOf(userId: string): string {
    return this.context.users.resolveAccount(userId, 3).accountId;
  }

  place(command: PlaceFuturesOrderCommand): FuturesAnyOrderRecord {
    const valid = validateFuturesOrder(this.context, this.exchange.store, command);
    let record: FuturesAnyOrderRecord;
    if (valid.type === 'STOP') {
      const mark = this.context.marks.price(valid.instrument.symbol);
      const stop = new FuturesStopOrder(
        valid.account.userId,
        valid.account.accountId,
        valid.instrument.symbol,
        this.context.ids.nextId(),
        valid.clientOrderId,
        valid.side,
        valid.price,
        valid.price.isZero() ? 'MARKET' : 'INPUT',
        valid.price.isZero() ? 'IOC' : valid.timeInForce,
        valid.quantity,
        valid.stopPrice,
        valid.stpMode,
        valid.stopPrice.gte(mark),
        this.context.clock.now(),
      );
      this.exchange.store.addStop(stop);
      this.context.events.emit({
        kind: 'futuresStopOrderUpdate',
        userId: stop.userId,
        accountId: stop.accountId,
        eventTime: stop.time,
        order: stop.toRecord(),
      });
      this.settle(valid.instrument.symbol, 'mark');
      record = stop.toRecord();
    } else {
      const order = this.exchange.submit({ ...valid, account: valid.account });
      this.settle(valid.instrument.symbol, 'trade');
      record = order.toRecord();
    }
    return record;
  }

  placeBatch(commands: readonly PlaceFuturesOrderCommand[]): BatchEntryResult<FuturesOrderRecord>[] {
    return placeEach(commands, (command) => {
      if (command.type !== 'LIMIT')
        throw new VenueEngineError('unsupportedOrderCombination', {
          field: 'type',
          detail: 'batch orders are LIMIT only',
        });
      return this.place(command) as FuturesOrderRecord;
    });
  }

  cancel(
    userId: string,
    type: FuturesRequestType,
    orderId?: string,
    clientOrderId?: string,
  ): FuturesCancelResult {
    const accountId = this.accountIdOf(userId);
    if (type === 'STOP') {
      const stop = this.exchange.store.findStop(accountId, orderId, clientOrderId);
      const before = stop.status;
      if (stop.status === 'ORDER_FILLED') throw new VenueEngineError('orderAlreadyFilled');
      if (!stop.isOpen) throw new VenueEngineError('orderAlreadyCanceled');
      stop.status = 'ORDER_CANCELED';
      stop.updateTime = this.context.clock.now();
      this.context.events.emit({
        kind: 'futuresStopOrderUpdate',
        userId: stop.userId,
        accountId,
        eventTime: stop.updateTime,
        order: stop.toRecord(),
      });
      return { order: stop.toRecord(), statusBeforeCancel: before };
    }
    const order = this.exchange.store.findLimit(accountId, orderId, clientOrderId);
    const before = order.status;
    this.exchange.cancel(order);
    this.accounts.publishChanges();
    return { order: order.toRecord(), statusBeforeCancel: before };
  }

  cancelOpen(command: FuturesCancelOpenOrdersCommand): BulkCancelResult<FuturesAnyOrderRecord> {
    const accountId = this.accountIdOf(command.userId);
    const limit = command.limit === undefined || command.limit <= 0 ? 1000 : command.limit;
    const canceled: FuturesAnyOrderRecord[] = [];
    const candidates = [...this.exchange.store.limitsOf(accountId), ...this.exchange.store.stopsOf(accountId)]
      .filter(
        (order) => command.symbol === undefined || command.symbol === '' || order.symbol === command.symbol,
      )
      .filter((order) => command.side === undefined || bookSideOf(order.side) === command.side)
      .filter(
        (order) =>
          command.beforeOrderId === undefined ||
          command.beforeOrderId === '' ||
          compareIds(order.orderId, command.beforeOrderId) < 0,
      )
      .sort((a, b) => compareIds(b.orderId, a.orderId));
    for (const order of candidates) {
      if (canceled.length >= limit) break;
      if (order instanceof FuturesStopOrder) {
        if (!order.isOpen) continue;
        canceled.push(this.cancel(command.userId, 'STOP', order.orderId).order);
      } else if (!order.isTerminal) {
        this.exchange.cancel(order);
        canceled.push(order.toRecord());
      }
    }
    this.accounts.publishChanges();
    return { canceled, lastOrderId: newestOrderId(canceled) };
  }

  cancelByIds(userId: string, orderIds: readonly string[]): CancelByIdsResult<FuturesAnyOrderRecord> {
    const accountId = this.accountIdOf(userId);
    return cancelEach(
      orderIds,
      (orderId) => {
        const type: FuturesRequestType =
          this.exchange.store.stop(orderId)?.accountId === accountId ? 'STOP' : 'LIMIT';
        return this.cancel(userId, type, orderId).order;
      },
      (error) => error.code,
    );
  }

  setLeverage(
    userId: string,
    symbol: string,
    leverageText: string,
  ): { symbol: string; leverage: string; marginType: MarginType } {
    const accountId = this.accountIdOf(userId);
    const instrument = this.context.instruments.require(symbol, 'PERPETUAL');
    const leverage = Number(leverageText);
    if (!Number.isInteger(leverage) || leverage < 1 || leverage > instrument.record.maxLeverage) {
      throw new VenueEngineError('invalidParameter', {
        field: 'leverage',
        detail: `an integer from 1 to ${instrument.record.maxLeverage}`,
      });
    }
    const busy =
      this.accounts
        .positionsOf(accountId)
        .some((position) => position.symbol === symbol && position.quantity.gt(0)) ||
      this.exchange.store.limitsOf(accountId).some((order) => order.symbol === symbol && !order.isTerminal);
    if (busy)
      throw new VenueEngineError('invalidParameter', {
        field: 'leverage',
        detail: 'close positions and open orders of the symbol first',
      });
    const setting = this.accounts.leverageOf(accountId, instrument);
    setting.leverage = leverage;
    return { symbol, leverage: String(leverage), marginType: setting.marginType };
  }

  adjustPositionMargin(command: PositionMarginAdjustCommand): {
    symbol: string;
    margin: string;
    timestamp: number;
  } {
    return this.positionControls.adjustMargin(this.accountIdOf(command.userId), command);
  }

  setTradingStop(command: TradingStopCommand): TradingStopRecord {
    const record = this.positionControls.setTradingStop(this.accountIdOf(command.userId), command);
    this.settle(command.symbol, 'mark');
    return record;
  }

  /** After any change on a symbol: fire what the new prices trigger, then publish. */
  settle(symbol: string, cause: 'mark' | 'trade'): void {
    this.triggers.evaluate(symbol, cause);
    this.accounts.publishChanges();
  }
}
