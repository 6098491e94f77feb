import type { RestingOrder } from '../book/order-book';
import type { DeskFill } from '../events/fill-publication';
import type { TakerSpec } from '../book/order-matcher';
import { previewFill } from '../book/order-matcher';
import { placeParticipantOrder, restOnBook, tradeAgainstBook, withdrawOrder } from '../book/book-trading';
import type { EngineContext } from '../engine-context';
import { bookOf } from '../engine-context';
import { VenueEngineError } from '../engine-error';
import type { Instrument } from '../instruments/instrument-registry';
import { EngineDecimal, ONE, ZERO, ceilToStep, dec, floorToStep } from '../support/engine-decimal';
import type { AccountRecord } from '../types/account.types';
import type {
  FuturesPriceType,
  FuturesSide,
  FuturesTimeInForce,
  LiquidationType,
} from '../types/futures.types';
import type { CancelReason, StpMode } from '../types/spot.types';
import type { FuturesAccountBook } from './futures-account-book';
import { FuturesOrder, bookSideOf, isCloseSide, positionSideOf } from './futures-order';
import { MARKET_PROTECTION_RATE } from './futures-order-intake';
import type { FuturesOrderStore } from './futures-order-store';
import { settleFuturesFill } from './futures-settlement';

export interface LimitOrderParams {
  readonly account: AccountRecord;
  readonly instrument: Instrument;
  readonly side: FuturesSide;
  readonly priceType: FuturesPriceType;
  readonly timeInForce: FuturesTimeInForce;
  readonly stpMode: StpMode;
  /** Ignored for market orders, which take the protection price. */
  readonly price: EngineDecimal;
  readonly quantity: EngineDecimal;
  readonly clientOrderId: string;
  readonly triggeredBy?: string;
  readonly liquidation?: { readonly type: LiquidationType; readonly indexPrice: EngineDecimal };
}

/** Futures limit-type order lifecycle: margin or position reservation, matching, resting, expiry, cancel. */
export class FuturesExchange {
  private readonly pending: FuturesOrder[] = [];

  constructor(
    private readonly context: EngineContext,
    private readonly accounts: FuturesAccountBook,
    readonly store: FuturesOrderStore,
  ) {}

  /** Reserves, records and (unless matching is paused) matches a limit-type order. */
  submit(params: LimitOrderParams): FuturesOrder {
    const { instrument, account } = params;
    const setting = this.accounts.leverageOf(account.accountId, instrument);
    const price =
      params.priceType === 'MARKET' ? this.protectionPrice(instrument, params.side) : params.price;
    const multiplier = instrument.multiplier;
    const fees = this.context.futuresFees;
    const close = isCloseSide(params.side);
    // Opening reserves initial margin plus the taker fees to open and later close, per contract.
    const marginPerContract = close
      ? ZERO
      : price
          .mul(multiplier)
          .div(setting.leverage)
          .plus(price.mul(multiplier).mul(dec(fees.openTakerRate).plus(fees.closeTakerRate)));
    const reserved = marginPerContract.mul(params.quantity);
    if (close) {
      const position = this.accounts.position(
        account.accountId,
        instrument.symbol,
        positionSideOf(params.side),
      );
      if (position.available.lt(params.quantity)) {
        throw new VenueEngineError('orderRejected', {
          field: 'quantity',
          detail: 'exceeds the closable position',
        });
      }
      position.reservedForClose = position.reservedForClose.plus(params.quantity);
      this.accounts.markPositionChanged(position);
    } else {
      this.accounts.requireAvailable(account.accountId, reserved);
      const wallet = this.accounts.wallet(account.accountId);
      wallet.orderMargin = wallet.orderMargin.plus(reserved);
      this.accounts.markWalletChanged(account.accountId);
    }
    const order = new FuturesOrder(
      account.userId,
      account.accountId,
      instrument.symbol,
      this.context.ids.nextId(),
      params.clientOrderId,
      params.side,
      params.timeInForce === 'LIMIT_MAKER' ? 'LIMIT_MAKER' : 'LIMIT',
      params.priceType,
      // The exchange reports a post-only order as type LIMIT_MAKER with GTC.
      params.timeInForce === 'LIMIT_MAKER' ? 'GTC' : params.timeInForce,
      params.stpMode,
      price,
      params.quantity,
      setting.leverage,
      marginPerContract,
      multiplier,
      this.context.clock.now(),
      instrument.priceDecimals,
    );
    order.marginLocked = reserved;
    order.triggeredBy = params.triggeredBy ?? '';
    if (params.liquidation !== undefined) {
      order.isLiquidation = true;
      order.liquidationType = params.liquidation.type;
      order.indexPrice = params.liquidation.indexPrice;
    }
    this.store.addLimit(order);
    this.emitUpdate(order);
    if (this.context.matching.paused) this.pending.push(order);
    else this.execute(order, instrument);
    return order;
  }

  resumePending(): void {
    for (const order of this.pending.splice(0)) {
      if (!order.isTerminal) this.execute(order, this.context.instruments.require(order.symbol, 'PERPETUAL'));
    }
  }

  cancel(order: FuturesOrder, reason: CancelReason = 'USER_CANCELED'): void {
    withdrawOrder(this.context, this.pending, order);
    this.finish(order, order.endedEarlyStatus(), reason);
  }

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
  }

  private execute(order: FuturesOrder, instrument: Instrument): void {
    const book = bookOf(this.context, order.symbol);
    const taker: TakerSpec = {
      side: bookSideOf(order.side),
      limitPrice: order.price,
      quantity: order.remainingQty,
      stepSize: instrument.stepSize,
      multiplier: instrument.multiplier,
      accountId: order.accountId,
      stpMode: order.stpMode,
    };
    if (order.type === 'LIMIT_MAKER') {
      if (previewFill(book, { ...taker, stpMode: 'EXPIRE_MAKER' }).quantity.gt(0))
        this.finish(order, 'REJECTED', 'LIMIT_MAKER_WOULD_TAKE');
      else this.rest(order);
      return;
    }
    if (order.timeInForce === 'FOK' && previewFill(book, taker).quantity.lt(order.remainingQty)) {
      this.finish(order, 'CANCELED', 'FOK_NOT_FILLED');
      return;
    }
    const outcome = tradeAgainstBook(this.context, order.symbol, taker, {
      settleMaker: (maker, fill) => this.settleMaker(instrument, maker, fill),
      settleTaker: (fill) =>
        settleFuturesFill(this.context, this.accounts, this.store, order, instrument, fill),
      onMakerExpired: (maker) => {
        const makerOrder = this.store.limit(maker.orderId);
        if (makerOrder !== undefined)
          this.finish(makerOrder, makerOrder.endedEarlyStatus(), 'STP_EXPIRE_MAKER');
      },
    });
    switch (outcome.stop) {
      case 'complete':
      case 'budget':
        return;
      case 'selfTrade':
        this.finish(order, order.endedEarlyStatus(), 'STP_EXPIRE_TAKER');
        return;
      case 'noCross':
        if (order.timeInForce === 'GTC' && order.priceType === 'INPUT') this.rest(order);
        else this.finish(order, order.endedEarlyStatus(), 'IOC_EXPIRED');
        return;
    }
  }

  private rest(order: FuturesOrder): void {
    restOnBook(this.context, order.symbol, {
      orderId: order.orderId,
      side: bookSideOf(order.side),
      price: order.price,
      remaining: order.remainingQty,
      accountId: order.accountId,
      isParticipant: false,
    });
  }

  private settleMaker(instrument: Instrument, maker: RestingOrder, fill: DeskFill): void {
    if (maker.isParticipant) return;
    const makerOrder = this.store.limit(maker.orderId);
    if (makerOrder === undefined) return;
    settleFuturesFill(this.context, this.accounts, this.store, makerOrder, instrument, fill);
  }

  /** Ends an order and gives back its reserved margin or closable contracts. */
  private finish(order: FuturesOrder, status: FuturesOrder['status'], reason: CancelReason): void {
    const unfilled = order.remainingQty;
    order.status = status;
    if (reason !== '') order.cancelReason = reason;
    order.updateTime = this.context.clock.now();
    if (order.isClose) {
      const position = this.accounts.position(order.accountId, order.symbol, positionSideOf(order.side));
      position.reservedForClose = position.reservedForClose.minus(unfilled);
      this.accounts.markPositionChanged(position);
    } else if (order.marginLocked.gt(0)) {
      const wallet = this.accounts.wallet(order.accountId);
      wallet.orderMargin = wallet.orderMargin.minus(order.marginLocked);
      order.marginLocked = ZERO;
      this.accounts.markWalletChanged(order.accountId);
    }
    this.emitUpdate(order);
  }

  private emitUpdate(order: FuturesOrder): void {
    this.context.events.emit({
      kind: 'futuresOrderUpdate',
      userId: order.userId,
      accountId: order.accountId,
      eventTime: order.updateTime,
      order: order.toRecord(),
    });
  }

  /** The worst price a market order accepts: the mark moved against the taker by the protection rate. */
  private protectionPrice(instrument: Instrument, side: FuturesSide): EngineDecimal {
    const mark = this.context.marks.price(instrument.symbol);
    const rate = dec(MARKET_PROTECTION_RATE);
    return bookSideOf(side) === 'BUY'
      ? floorToStep(mark.mul(ONE.plus(rate)), instrument.tickSize)
      : ceilToStep(mark.mul(ONE.minus(rate)), instrument.tickSize);
  }
}
