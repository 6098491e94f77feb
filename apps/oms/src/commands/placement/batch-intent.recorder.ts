import { Injectable } from '@nestjs/common';
import { DomainError, FuturesOrderRequest, FuturesStopOrderRequest, SpotOrderRequest } from '@oms/domain';
import { SqlExecutor } from '@oms/persistence';
import { DeskError } from '../../errors/desk-error';
import { OrderCommandEntry } from '../../orders/order-command.port';
import { FuturesMargin, SpotFunds } from '../pre-trade/order-funds';
import { PreTradeService } from '../pre-trade/pre-trade.service';
import { VenueGateway } from '../venue/venue-gateways';
import { newClientOrderId } from './client-order-ids';
import { deskErrorOfDomain, readDeskRequest } from './domain-refusal';
import { CommandOrigin, OrderCommands } from './order-commands';
import { FuturesOrderInput, SpotOrderInput } from './order-inputs';
import { futuresIntentOf, futuresRequestOf, spotIntentOf, spotRequestOf } from './order-intents';
import { RecordedIntent } from './order-placement.service';

/** How one market's orders are read, checked against funds read once, and recorded. */
interface IntentKind<Input, Request, Pricing, Funds> {
  read(input: Input): Request;
  /** Read before the intents' transaction (it may ask the venue). */
  pricing(requests: readonly Request[]): Promise<Pricing>;
  /** Funds not read yet: every rule but the funds rule can be checked against them. */
  unread(pricing: Pricing): Funds;
  /** In the intents' transaction: the account's lock on the funds, then the funds. */
  funds(requests: readonly Request[], pricing: Pricing, executor: SqlExecutor): Promise<Funds>;
  /** Throws the pre-trade refusal naming the field. */
  check(funds: Funds, request: Request, fieldPrefix: string): void;
  hold(funds: Funds, request: Request): void;
  intent(clientOrderId: string, request: Request): OrderCommandEntry;
}

/** A batch entry read (its request), then checked (its intent), unless it met a desk error. */
interface ReadEntry<Input, Request> {
  readonly input: Input;
  readonly request: Request;
}
interface CheckedEntry<Input, Request> extends ReadEntry<Input, Request> {
  readonly intent: OrderCommandEntry;
}

/**
 * Records the intents of a batch's orders: each is read and checked on its own (a
 * refused order becomes its entry's error, the others go on), every rule but the funds
 * before the transaction; then, in one transaction, the account's funds are locked and
 * read once, each order is checked against them counting the orders let through before
 * it, and the intents of those let through are written, one commit reaching the disk
 * before the venue is called.
 */
@Injectable()
export class BatchIntentRecorder {
  constructor(
    private readonly preTrade: PreTradeService,
    private readonly commands: OrderCommands,
  ) {}

  recordSpot(
    gateway: VenueGateway,
    account: string,
    orders: readonly SpotOrderInput[],
    origin: CommandOrigin,
  ): Promise<Array<RecordedIntent<SpotOrderRequest> | DeskError>> {
    return this.record(
      orders.map((order) => ({ ...order, account })),
      origin,
      {
        read: spotRequestOf,
        pricing: (requests) => this.preTrade.spotPricing(gateway, requests),
        unread: (pricing) => SpotFunds.unread(pricing),
        funds: (requests, pricing, executor) =>
          this.preTrade.lockedSpotFunds(gateway, requests, pricing, executor),
        check: (funds, request, prefix) => this.preTrade.checkSpotWith(gateway, funds, request, prefix),
        hold: (funds: SpotFunds, request) => funds.hold(request),
        intent: (clientOrderId, request) => spotIntentOf(account, clientOrderId, request, origin),
      },
    );
  }

  recordFutures(
    gateway: VenueGateway,
    account: string,
    orders: readonly FuturesOrderInput[],
    origin: CommandOrigin,
  ): Promise<Array<RecordedIntent<FuturesOrderRequest | FuturesStopOrderRequest> | DeskError>> {
    return this.record(
      orders.map((order) => ({ ...order, account })),
      origin,
      {
        read: futuresRequestOf,
        pricing: (requests) => this.preTrade.futuresPricing(gateway, requests),
        unread: (pricing) => FuturesMargin.unread(pricing),
        funds: (requests, pricing, executor) =>
          this.preTrade.lockedFuturesMargin(gateway, requests, pricing, executor),
        check: (margin, request, prefix) => this.preTrade.checkFuturesWith(gateway, margin, request, prefix),
        hold: (margin: FuturesMargin, request) => margin.hold(request),
        intent: (clientOrderId, request) => futuresIntentOf(account, clientOrderId, request, origin),
      },
    );
  }

  private async record<Input extends SpotOrderInput | FuturesOrderInput, Request, Pricing, Funds>(
    inputs: readonly Input[],
    origin: CommandOrigin,
    kind: IntentKind<Input, Request, Pricing, Funds>,
  ): Promise<Array<RecordedIntent<Request> | DeskError>> {
    const read: Array<ReadEntry<Input, Request> | DeskError> = inputs.map((input, index) =>
      deskErrorOr(() => ({ input, request: readDeskRequest(() => kind.read(input), prefixOf(index)) })),
    );
    const requests = read.filter(isEntry).map((slot) => slot.request);
    if (requests.length === 0) return read as DeskError[];
    const pricing = await kind.pricing(requests);
    const unread = kind.unread(pricing);
    const checked: Array<CheckedEntry<Input, Request> | DeskError> = read.map(
      (slot, index): CheckedEntry<Input, Request> | DeskError => {
        if (slot instanceof DeskError) return slot;
        return deskErrorOr(() => {
          kind.check(unread, slot.request, prefixOf(index));
          const clientOrderId = readDeskRequest(
            () => newClientOrderId(slot.input.clientOrderId),
            prefixOf(index),
          );
          return { ...slot, intent: kind.intent(clientOrderId, slot.request) };
        });
      },
    );
    const accepted = checked.filter(isEntry);
    // The funds refusals of the transaction's last attempt, by entry of `accepted`.
    let refusals: Array<DeskError | null> = [];
    const admit = async (executor: SqlExecutor): Promise<boolean[]> => {
      const funds = await kind.funds(
        accepted.map((slot) => slot.request),
        pricing,
        executor,
      );
      // In request order: each order's check sees what the orders before it will hold.
      refusals = accepted.map((slot) => {
        const refused = deskErrorOr(() => kind.check(funds, slot.request, prefixOf(checked.indexOf(slot))));
        if (refused instanceof DeskError) return refused;
        kind.hold(funds, slot.request);
        return null;
      });
      return refusals.map((refused) => refused === null);
    };
    const results =
      accepted.length === 0
        ? []
        : await this.commands.executeAdmitted(
            accepted.map((slot) => slot.intent),
            origin,
            'oms',
            admit,
          );
    return checked.map((slot, index) => {
      if (!isEntry(slot)) return slot;
      const position = accepted.indexOf(slot);
      const result = results[position];
      if (result === null) return refusals[position]!;
      if (result instanceof DomainError) return deskErrorOfDomain(result, prefixOf(index));
      return {
        ref: slot.intent.ref,
        omsOrderId: result.omsOrderId,
        request: slot.request,
        input: slot.input,
      };
    });
  }
}

/** The field path of a batch entry's fields. */
function prefixOf(index: number): string {
  return `orders[${index}]`;
}

/** An entry still going on (not refused with a desk error). */
function isEntry<T extends object>(slot: T | DeskError): slot is T {
  return !(slot instanceof DeskError);
}

/** The work's result, or the DeskError it threw (anything else is not a refusal: it goes on up). */
function deskErrorOr<T>(work: () => T): T | DeskError {
  try {
    return work();
  } catch (error) {
    if (error instanceof DeskError) return error;
    throw error;
  }
}
