import type { EngineContext } from '../engine-context';
import { bookOf } from '../engine-context';
import { VenueEngineError } from '../engine-error';
import type { RestingOrder } from '../book/order-book';
import type { DeskFill } from '../events/fill-publication';
import type { TakerSpec } from '../book/order-matcher';
import { previewFill } from '../book/order-matcher';
import { placeParticipantOrder, restOnBook, tradeAgainstBook, withdrawOrder } from '../book/book-trading';
import { publishLedgerChanges } from '../events/balance-publisher';
import type { Instrument } from '../instruments/instrument-registry';
import { EngineDecimal, ONE, ZERO } from '../support/engine-decimal';
import type {
  CancelReason,
  PlaceSpotOrderCommand,
  SpotOrderRecord,
  SpotOrderStatus,
} from '../types/spot.types';
import { SpotOrder } from './spot-order';
import { validateSpotOrder } from './spot-order-intake';
import { needsBookForReservation, reservationFor, reservationForOrder } from './spot-reservation';
import type { SpotOrderStore } from './spot-order-store';
import { settleSpotFill } from './spot-settlement';

/** Spot order lifecycle: acceptance, reservation, matching, resting, expiry and cancel. */
export class SpotExchange {
  /** Orders accepted while matching was paused, in arrival order. */
  private readonly pending: SpotOrder[] = [];

  constructor(
    private readonly context: EngineContext,
    readonly store: SpotOrderStore,
  ) {}

  test(command: PlaceSpotOrderCommand): void {
    const valid = validateSpotOrder(this.context, this.store, command);
    const needed = reservationFor(this.context, valid);
    if (this.context.ledger.free(valid.account.accountId, needed.asset).lt(needed.amount)) {
      throw new VenueEngineError('insufficientBalance', { detail: needed.asset });
    }
  }

  place(command: PlaceSpotOrderCommand): SpotOrderRecord {
    const valid = validateSpotOrder(this.context, this.store, command);
    const paused = this.context.matching.paused;
    // Reserve before creating anything, so a shortfall leaves no trace.
    const reservation =
      paused && needsBookForReservation(valid) ? undefined : reservationFor(this.context, valid);
    if (reservation !== undefined) {
      this.context.ledger.lock(valid.account.accountId, reservation.asset, reservation.amount);
    }
    const now = this.context.clock.now();
    const order = new SpotOrder(
      valid.account.userId,
      valid.account.accountId,
      valid.instrument.symbol,
      this.context.ids.nextId(),
      valid.clientOrderId ?? this.context.ids.nextId(),
      valid.side,
      valid.type,
      valid.timeInForce,
      valid.stpMode,
      valid.price,
      valid.quantity,
      valid.amount,
      now,
      paused ? 'PENDING_NEW' : 'NEW',
      valid.instrument.priceDecimals,
    );
    if (reservation !== undefined) {
      order.lockedAsset = reservation.asset;
      order.lockedRemaining = reservation.amount;
    }
    this.store.add(order);
    if (paused) {
      this.pending.push(order);
      this.emitUpdate(order);
    } else {
      this.execute(order, valid.instrument, true);
    }
    publishLedgerChanges(this.context);
    return order.toRecord();
  }

  /** Matches the orders accepted while paused, in arrival order. */
  resumePending(): void {
    const waiting = this.pending.splice(0);
    for (const order of waiting) {
      if (order.isTerminal) continue;
      const instrument = this.context.instruments.require(order.symbol, 'SPOT');
      order.status = 'NEW';
      if (order.lockedAsset === '') {
        try {
          const reservation = reservationForOrder(this.context, order, instrument);
          this.context.ledger.lock(order.accountId, reservation.asset, reservation.amount);
          order.lockedAsset = reservation.asset;
          order.lockedRemaining = reservation.amount;
        } catch (error: unknown) {
          if (!(error instanceof VenueEngineError)) throw error;
          this.finish(order, 'REJECTED', '');
          continue;
        }
      }
      this.execute(order, instrument, true);
    }
    publishLedgerChanges(this.context);
  }

  cancel(order: SpotOrder, reason: CancelReason = 'USER_CANCELED'): SpotOrderStatus {
    const before = order.status;
    withdrawOrder(this.context, this.pending, order);
    this.finish(order, order.endedEarlyStatus(), reason);
    publishLedgerChanges(this.context);
    return before;
  }

  /** A simulated participant's order: trades with desk orders it crosses, rests the rest. */
  placeParticipantOrder(
    accountId: string,
    instrument: Instrument,
    side: 'BUY' | 'SELL',
    price: EngineDecimal,
    quantity: EngineDecimal,
  ): void {
    placeParticipantOrder(this.context, instrument, { accountId, side, price, quantity }, (maker, fill) =>
      this.settleMaker(instrument, maker, fill),
    );
    publishLedgerChanges(this.context);
  }

  private execute(order: SpotOrder, instrument: Instrument, announce: boolean): void {
    const book = bookOf(this.context, order.symbol);
    const taker = this.takerSpec(order, instrument);
    if (order.type === 'LIMIT_MAKER') {
      if (previewFill(book, { ...taker, stpMode: 'EXPIRE_MAKER' }).quantity.gt(0)) {
        this.finish(order, 'REJECTED', 'LIMIT_MAKER_WOULD_TAKE');
        return;
      }
      this.rest(order, announce);
      return;
    }
    if (announce) this.emitUpdate(order);
    if (order.timeInForce === 'FOK' && previewFill(book, taker).quantity.lt(order.remainingQty)) {
      this.finish(order, 'CANCELED', 'FOK_NOT_FILLED');
      return;
    }
    const outcome = tradeAgainstBook(this.context, order.symbol, taker, {
      settleMaker: (maker, fill) => this.settleMaker(instrument, maker, fill),
      settleTaker: (fill) => settleSpotFill(this.context, this.store, order, instrument, fill),
      onMakerExpired: (maker) => {
        const makerOrder = this.store.get(maker.orderId);
        if (makerOrder !== undefined)
          this.finish(makerOrder, makerOrder.endedEarlyStatus(), 'STP_EXPIRE_MAKER');
      },
    });
    switch (outcome.stop) {
      case 'complete':
      case 'budget':
        if (order.isByAmount || order.type === 'MARKET') {
          this.finish(
            order,
            order.executedQty.gt(0) ? 'FILLED' : 'CANCELED',
            order.executedQty.gt(0) ? '' : 'MARKET_NO_LIQUIDITY',
          );
        } else {
          this.releaseReservation(order);
        }
        return;
      case 'selfTrade':
        this.finish(order, order.endedEarlyStatus(), 'STP_EXPIRE_TAKER');
        return;
      case 'noCross':
        if (order.type === 'LIMIT' && order.timeInForce === 'GTC') this.rest(order, false);
        else
          this.finish(
            order,
            order.endedEarlyStatus(),
            order.type === 'MARKET' ? 'MARKET_NO_LIQUIDITY' : 'IOC_EXPIRED',
          );
        return;
    }
  }

  private rest(order: SpotOrder, announce: boolean): void {
    restOnBook(this.context, order.symbol, {
      orderId: order.orderId,
      side: order.side,
      price: order.price,
      remaining: order.remainingQty,
      accountId: order.accountId,
      isParticipant: false,
    });
    if (announce) this.emitUpdate(order);
  }

  private settleMaker(instrument: Instrument, maker: RestingOrder, fill: DeskFill): void {
    if (maker.isParticipant) return;
    const makerOrder = this.store.get(maker.orderId);
    if (makerOrder === undefined) return;
    settleSpotFill(this.context, this.store, makerOrder, instrument, fill);
    if (makerOrder.status === 'FILLED') this.releaseReservation(makerOrder);
  }

  /** Ends an order and returns whatever it still had reserved. */
  private finish(order: SpotOrder, status: SpotOrderStatus, reason: CancelReason): void {
    order.status = status;
    if (reason !== '') order.cancelReason = reason;
    order.updateTime = this.context.clock.now();
    this.releaseReservation(order);
    this.emitUpdate(order);
  }

  private releaseReservation(order: SpotOrder): void {
    if (!order.isTerminal || order.lockedRemaining.isZero()) return;
    this.context.ledger.unlock(order.accountId, order.lockedAsset, order.lockedRemaining);
    order.lockedRemaining = ZERO;
  }

  private emitUpdate(order: SpotOrder): void {
    this.context.events.emit({
      kind: 'spotOrderUpdate',
      userId: order.userId,
      accountId: order.accountId,
      eventTime: order.updateTime,
      order: order.toRecord(),
    });
  }

  private takerSpec(order: SpotOrder, instrument: Instrument): TakerSpec {
    return {
      side: order.side,
      limitPrice: order.type === 'MARKET' ? undefined : order.price,
      quantity: order.isByAmount ? instrument.marketMaxQty : order.remainingQty,
      quoteBudget: order.isByAmount ? order.reqAmount.minus(order.cumulativeQuote) : undefined,
      stepSize: instrument.stepSize,
      multiplier: ONE,
      accountId: order.accountId,
      stpMode: order.stpMode,
    };
  }
}
