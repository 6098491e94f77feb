import { Injectable } from '@nestjs/common';
import { WriteOutcome } from '@oms/exchange';
import { DomainError, FuturesOrderRequest, FuturesStopOrderRequest, SpotOrderRequest } from '@oms/domain';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { CommandAdmission, OrderAggregateRef, OrderCommandEntry } from '../../orders/order-command.port';
import { CommandMetrics } from '../metrics/command-metrics';
import { omsOrderId as omsOrderIdOf, OrderRow } from '../../projections/order-row';
import { orderStreamIdOf } from '../../aggregates/order-command.service';
import { CommandReadModels } from '../orders/command-read-models';
import { committedOrderResponse } from '../orders/committed-order';
import { OrderResponse } from '../../desk/orders/order.response';
import { PreTradeService } from '../pre-trade/pre-trade.service';
import { VenueGateway, VenueGateways } from '../venue/venue-gateways';
import { newClientOrderId } from './client-order-ids';
import { deskErrorOfRejection } from './venue-refusal';
import { CreateAck, CreateOutcomeRecorder } from './create-outcome.recorder';
import { deskErrorOfDomain, readDeskRequest } from './domain-refusal';
import { CommandOrigin, OrderCommands } from './order-commands';
import { FuturesOrderInput, SpotOrderInput } from './order-inputs';
import { futuresIntentOf, futuresRequestOf, spotIntentOf, spotRequestOf } from './order-intents';

/**
 * How long an answer showing fills without their quote waits for the venue's stream
 * report, which brings it a few milliseconds after the acknowledgement.
 */
const FILL_QUOTE_WAIT_MS = 1_000;
const FILL_QUOTE_POLL_MS = 10;

/** When an answer (or a batch's answers) stops waiting for the quote of its fills. */
export function fillQuoteDeadline(): number {
  return Date.now() + FILL_QUOTE_WAIT_MS;
}

/**
 * An acknowledgement reports the quantity filled at once (an order that crossed the
 * book) but not its quote (spot: nor its average price); a desk would read "0" as the
 * quote.
 */
function lacksFillQuote(order: OrderResponse): boolean {
  return Number(order.executedQty) > 0 && !(Number(order.cumulativeQuoteQty) > 0);
}

/** An order whose intent is recorded and which is ready to be sent. */
export interface RecordedIntent<Request> {
  readonly ref: OrderAggregateRef;
  readonly omsOrderId: string;
  readonly request: Request;
  readonly input: SpotOrderInput | FuturesOrderInput;
}

/**
 * Places desk orders: validate, pre-trade checks, record the intent with the client id
 * the OMS generated (write-ahead), send once, record the answer. A 5XX, a timeout or a
 * reset leaves the order UNCERTAIN for the resolver; nothing is ever re-sent.
 */
@Injectable()
export class OrderPlacementService {
  constructor(
    private readonly gateways: VenueGateways,
    private readonly preTrade: PreTradeService,
    private readonly commands: OrderCommands,
    private readonly recorder: CreateOutcomeRecorder,
    private readonly readModels: CommandReadModels,
    private readonly metrics: CommandMetrics,
  ) {}

  async placeSpot(input: SpotOrderInput, origin: CommandOrigin): Promise<OrderResponse> {
    const gateway = this.gateways.get(input.account);
    const intent = await this.recordSpotIntent(gateway, input, origin);
    return this.sendAndAnswer('spot', intent, origin, () =>
      gateway.client.spot.placeOrder(spotWireOrder(intent)),
    );
  }

  async placeFutures(input: FuturesOrderInput, origin: CommandOrigin): Promise<OrderResponse> {
    const gateway = this.gateways.get(input.account);
    const intent = await this.recordFuturesIntent(gateway, input, origin);
    return this.sendAndAnswer('futures', intent, origin, () =>
      gateway.client.futures.placeOrder(futuresWireOrder(intent)),
    );
  }

  /**
   * The steps after a single order's intent, each timed: the venue call, deciding its
   * outcome on the order, and the answer (or the refusal) to the desk.
   */
  private async sendAndAnswer(
    market: 'spot' | 'futures',
    intent: RecordedIntent<unknown>,
    origin: CommandOrigin,
    send: () => Promise<WriteOutcome<CreateAck>>,
  ): Promise<OrderResponse> {
    const outcome = await this.metrics.placementStep(market, 'venue', send);
    // The answer is decided on the order before it commits; the commit goes on off the
    // answer's path, and this process's reads wait for it.
    const recorded = await this.metrics.placementStep(market, 'outcome', () =>
      this.recorder.recordAnswerFirst(intent.ref, intent.omsOrderId, outcome, origin),
    );
    return this.metrics.placementStep(market, 'answer', () =>
      this.answerOrRefuse(intent.omsOrderId, market, outcome, recorded),
    );
  }

  /** Checks one spot order and records its intent; throws a DeskError naming the field otherwise. */
  private async recordSpotIntent(
    gateway: VenueGateway,
    input: SpotOrderInput,
    origin: CommandOrigin,
  ): Promise<RecordedIntent<SpotOrderRequest>> {
    const request = readDeskRequest(() => spotRequestOf(input));
    const admission = await this.metrics.placementStep('spot', 'pre-trade', () =>
      this.preTrade.spotAdmission(gateway, request),
    );
    const clientOrderId = readDeskRequest(() => newClientOrderId(input.clientOrderId));
    const intent = spotIntentOf(input.account, clientOrderId, request, origin);
    const omsOrderId = await this.intent('spot', intent, origin, admission);
    return { ref: intent.ref, omsOrderId, request, input };
  }

  private async recordFuturesIntent(
    gateway: VenueGateway,
    input: FuturesOrderInput,
    origin: CommandOrigin,
  ): Promise<RecordedIntent<FuturesOrderRequest | FuturesStopOrderRequest>> {
    const request = readDeskRequest(() => futuresRequestOf(input));
    const admission = await this.metrics.placementStep('futures', 'pre-trade', () =>
      this.preTrade.futuresAdmission(gateway, request),
    );
    const clientOrderId = readDeskRequest(() => newClientOrderId(input.clientOrderId));
    const intent = futuresIntentOf(input.account, clientOrderId, request, origin);
    const omsOrderId = await this.intent('futures', intent, origin, admission);
    return { ref: intent.ref, omsOrderId, request, input };
  }

  /**
   * The order an intent with this input's client id recorded, if any: what a repeat of
   * an abandoned Idempotency-Key answers instead of placing it again.
   */
  async recordedOrder(
    input: SpotOrderInput | FuturesOrderInput,
    market: 'spot' | 'futures',
  ): Promise<OrderResponse | null> {
    if (input.clientOrderId === undefined) return null;
    let clientOrderId: string;
    try {
      clientOrderId = newClientOrderId(input.clientOrderId);
    } catch {
      // Not a client id the OMS accepts: no intent can carry it.
      return null;
    }
    const orderMarket = market === 'spot' ? 'spot' : input.type === 'STOP' ? 'futures-stop' : 'futures';
    const streamId = orderStreamIdOf({ market: orderMarket, accountId: input.account, clientOrderId });
    return this.readModels.order(omsOrderIdOf(streamId));
  }

  /**
   * The order as the read model shows it now, counted by the status it is answered
   * with: the row the answer's transaction committed when there is one (nothing can
   * have gone back since, so a read right after shows at least as much), else rm_orders.
   * Fills without their quote are read again until the stream's report brings it, or
   * until `fillQuoteUntil`.
   */
  async answer(
    omsOrderId: string,
    market: 'spot' | 'futures',
    committed: OrderRow | null,
    fillQuoteUntil: number,
  ): Promise<OrderResponse> {
    let order =
      (committed === null ? undefined : committedOrderResponse(committed)) ??
      (await this.readModels.order(omsOrderId));
    if (order === null) {
      throw new DeskError(DeskErrorCode.ORDER_NOT_FOUND, `order ${omsOrderId} is not projected yet`);
    }
    while (lacksFillQuote(order) && Date.now() < fillQuoteUntil) {
      await new Promise((resolve) => setTimeout(resolve, FILL_QUOTE_POLL_MS));
      order = (await this.readModels.order(omsOrderId)) ?? order;
    }
    this.metrics.orderAnswered(market, order.status);
    return order;
  }

  /**
   * A create the venue refused (or that never left) answers as the refusal, after the
   * rejection is recorded on the order: 4XX VENUE_REJECTED with the venue's code, or
   * 429/503 when nothing was sent. Anything else answers the order.
   */
  private async answerOrRefuse(
    omsOrderId: string,
    market: 'spot' | 'futures',
    outcome: WriteOutcome<unknown>,
    committed: OrderRow | null,
  ): Promise<OrderResponse> {
    if (outcome.kind !== 'rejected') return this.answer(omsOrderId, market, committed, fillQuoteDeadline());
    this.metrics.orderAnswered(market, 'REJECTED');
    throw deskErrorOfRejection(outcome.error, outcome.sent);
  }

  /**
   * Records an order's intent after its funds check, in one transaction (timed as the
   * placement's intent step); a refusal names the rule or the field.
   */
  private intent(
    market: 'spot' | 'futures',
    intent: OrderCommandEntry,
    origin: CommandOrigin,
    admission: CommandAdmission,
  ): Promise<string> {
    return this.metrics.placementStep(market, 'intent', async () => {
      const [result] = await this.commands.executeAdmitted([intent], origin, 'oms', admission);
      if (result instanceof DomainError) throw deskErrorOfDomain(result);
      // The admission of one order admits it or throws its refusal.
      if (result === null) throw new Error(`the intent of ${intent.ref.clientOrderId} was not admitted`);
      return result.omsOrderId;
    });
  }
}

export function spotWireOrder(intent: RecordedIntent<SpotOrderRequest>) {
  const { request } = intent;
  return {
    symbol: request.symbol,
    side: request.side,
    type: request.type,
    quantity: request.quantity ?? undefined,
    amount: request.amount ?? undefined,
    price: request.price ?? undefined,
    newClientOrderId: intent.ref.clientOrderId,
    timeInForce: request.timeInForce,
    stpMode: request.stpMode,
  };
}

export function futuresWireOrder(intent: RecordedIntent<FuturesOrderRequest | FuturesStopOrderRequest>) {
  const { request } = intent;
  const base = {
    symbol: request.symbol,
    side: request.side,
    quantity: request.quantity,
    clientOrderId: intent.ref.clientOrderId,
    stpMode: request.stpMode,
  };
  if (request.product === 'futures-stop') {
    return {
      ...base,
      type: 'STOP' as const,
      stopPrice: request.stopPrice,
      price: request.price ?? undefined,
      priceType: request.price === null ? ('MARKET' as const) : ('INPUT' as const),
    };
  }
  return {
    ...base,
    type: 'LIMIT' as const,
    price: request.price ?? undefined,
    priceType: request.priceType,
    timeInForce: request.timeInForce,
  };
}
