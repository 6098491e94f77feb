import { Injectable } from '@nestjs/common';
import { FuturesOrderRequest, FuturesStopOrderRequest, SpotOrderRequest } from '@oms/domain';
import { BatchEntryOutcome, REQUEST_LIMITS, WriteOutcome, BatchResult } from '@oms/exchange';
import { DeskErrorBody, deskErrorBody } from '../../errors/desk-error-body';
import { DeskError, DeskErrorCode } from '../../errors/desk-error';
import { OrderResponse } from '../../desk/orders/order.response';
import { OrderRow } from '../../projections/order-row';
import { refusalError, refusal } from '../pre-trade/pre-trade-refusal';
import { VenueGateways } from '../venue/venue-gateways';
import { BatchIntentRecorder } from './batch-intent.recorder';
import { CreateAck, CreateAnswer, CreateOutcomeRecorder, RefusedBatchEntry } from './create-outcome.recorder';
import { CommandOrigin } from './order-commands';
import { FuturesOrderInput, SpotOrderInput } from './order-inputs';
import {
  fillQuoteDeadline,
  futuresWireOrder,
  OrderPlacementService,
  RecordedIntent,
  spotWireOrder,
} from './order-placement.service';
import { rejectionCode } from './venue-refusal';

export type BatchItemResult = { readonly order: OrderResponse } | DeskErrorBody;

/** Each order of a batch keeps its own outcome; results are in request order. */
export interface BatchAnswer {
  readonly results: readonly BatchItemResult[];
}

type Intent = RecordedIntent<unknown>;

/** Per client order id: the venue's refusals, and the rm_orders rows the answers committed. */
interface RecordedOutcomes {
  readonly refused: ReadonlyMap<string, RefusedBatchEntry>;
  readonly committed: ReadonlyMap<string, OrderRow>;
}

const NOTHING_RECORDED: RecordedOutcomes = { refused: new Map(), committed: new Map() };

/**
 * Batches of up to 20 orders of one symbol. Each order is checked on its own (a refused
 * order is an error entry, the others go on) and the intents are recorded together; the
 * accepted ones are sent in one venue batch, and each keeps its own outcome.
 */
@Injectable()
export class OrderBatchService {
  constructor(
    private readonly gateways: VenueGateways,
    private readonly intents: BatchIntentRecorder,
    private readonly placement: OrderPlacementService,
    private readonly recorder: CreateOutcomeRecorder,
  ) {}

  async placeSpot(
    account: string,
    orders: readonly SpotOrderInput[],
    origin: CommandOrigin,
  ): Promise<BatchAnswer> {
    checkBatchShape(orders);
    const gateway = this.gateways.get(account);
    const slots = await this.intents.recordSpot(gateway, account, orders, origin);
    const intents = slots.filter(
      (slot): slot is RecordedIntent<SpotOrderRequest> => !(slot instanceof DeskError),
    );
    if (intents.length > 0) {
      const outcome = await gateway.client.spot.placeBatch(intents.map((intent) => spotWireOrder(intent)));
      return this.answer(slots, await this.recordOutcomes(intents, outcome, origin), 'spot');
    }
    return this.answer(slots, NOTHING_RECORDED, 'spot');
  }

  async placeFutures(
    account: string,
    orders: readonly FuturesOrderInput[],
    origin: CommandOrigin,
  ): Promise<BatchAnswer> {
    checkBatchShape(orders);
    orders.forEach((order, index) => {
      if (order.type !== 'LIMIT') {
        throw new DeskError(DeskErrorCode.VALIDATION_FAILED, 'a futures batch holds LIMIT orders only', {
          field: `orders[${index}].type`,
        });
      }
    });
    const gateway = this.gateways.get(account);
    const slots = await this.intents.recordFutures(gateway, account, orders, origin);
    const intents = slots.filter(
      (slot): slot is RecordedIntent<FuturesOrderRequest | FuturesStopOrderRequest> =>
        !(slot instanceof DeskError),
    );
    if (intents.length > 0) {
      const wire = intents.map((intent) => {
        const order = futuresWireOrder(intent);
        return { ...order, type: 'LIMIT' as const, priceType: order.priceType ?? ('INPUT' as const) };
      });
      const outcome = await gateway.client.futures.placeBatch(wire);
      return this.answer(slots, await this.recordOutcomes(intents, outcome, origin), 'futures');
    }
    return this.answer(slots, NOTHING_RECORDED, 'futures');
  }

  private async recordOutcomes(
    intents: readonly Intent[],
    outcome: WriteOutcome<BatchResult<CreateAck>>,
    origin: CommandOrigin,
  ): Promise<RecordedOutcomes> {
    const refused = new Map<string, RefusedBatchEntry>();
    const committed = new Map<string, OrderRow>();
    // The orders' answers are recorded together, in one transaction, and each is
    // answered once decided (its commit goes on, as a single order's does).
    const answers = intents.map((intent) => {
      const answer = entryOf(intent.ref.clientOrderId, outcome);
      const refusal = refusalOf(answer);
      if (refusal !== null) refused.set(intent.ref.clientOrderId, refusal);
      return { ref: intent.ref, omsOrderId: intent.omsOrderId, answer };
    });
    const rows = await this.recorder.recordEachAnswerFirst(answers, origin);
    rows.forEach((row, index) => {
      if (row !== null) committed.set(intents[index].ref.clientOrderId, row);
    });
    return { refused, committed };
  }

  private async answer(
    slots: ReadonlyArray<Intent | DeskError>,
    { refused, committed }: RecordedOutcomes,
    market: 'spot' | 'futures',
  ): Promise<BatchAnswer> {
    const results: BatchItemResult[] = [];
    const fillQuoteUntil = fillQuoteDeadline();
    for (const [index, slot] of slots.entries()) {
      if (slot instanceof DeskError) {
        results.push(deskErrorBody(slot));
        continue;
      }
      const venue = refused.get(slot.ref.clientOrderId);
      results.push(
        venue === undefined
          ? {
              order: await this.placement.answer(
                slot.omsOrderId,
                market,
                committed.get(slot.ref.clientOrderId) ?? null,
                fillQuoteUntil,
              ),
            }
          : deskErrorBody(
              new DeskError(DeskErrorCode.VENUE_REJECTED, `the venue refused: ${venue.message}`, {
                field: `orders[${index}]`,
                venueCode: venue.code,
                venueMessage: venue.message,
              }),
            ),
      );
    }
    return { results };
  }
}

function checkBatchShape(orders: ReadonlyArray<{ symbol: string }>): void {
  if (orders.length === 0 || orders.length > REQUEST_LIMITS.batchMaxOrders) {
    throw refusalError(
      refusal('BATCH_SIZE', 'orders', `must hold 1 to ${REQUEST_LIMITS.batchMaxOrders} orders`),
    );
  }
  const symbol = orders[0].symbol;
  const other = orders.findIndex((order) => order.symbol !== symbol);
  if (other !== -1) {
    throw refusalError(
      refusal('BATCH_SYMBOL', `orders[${other}].symbol`, `must be ${symbol}: a batch holds one symbol`),
    );
  }
}

/** The refusal an order of the batch is answered with: its own entry's, or the whole call's. */
function refusalOf(answer: CreateAnswer): RefusedBatchEntry | null {
  if (answer.kind === 'refused-entry') return answer;
  if (answer.kind !== 'rejected') return null;
  const { venueCode, venueMessage } = rejectionCode(answer);
  return { kind: 'refused-entry', code: venueCode, message: venueMessage };
}

/** One order's answer, from its own entry of the venue's batch answer. */
function entryOf(clientOrderId: string, outcome: WriteOutcome<BatchResult<CreateAck>>): CreateAnswer {
  switch (outcome.kind) {
    case 'uncertain':
      return outcome;
    case 'rejected':
      // The whole call refused (or never sent): recorded as a single order's refusal is.
      return outcome;
    case 'accepted': {
      const entry: BatchEntryOutcome<CreateAck> | undefined = outcome.value.entries.find(
        (candidate) => candidate.clientOrderId === clientOrderId,
      );
      if (entry === undefined || entry.kind === 'uncertain') {
        return {
          kind: 'uncertain',
          endpoint: 'batchOrders',
          clientOrderIds: [clientOrderId],
          orderIds: [],
          reason: 'unreadable-response',
          detail: 'the batch answer has no entry for this order',
          sentAt: Date.now(),
        };
      }
      if (entry.kind === 'accepted') return { kind: 'accepted', value: entry.order };
      return { kind: 'refused-entry', code: entry.error.code, message: entry.error.venueMessage };
    }
  }
}
