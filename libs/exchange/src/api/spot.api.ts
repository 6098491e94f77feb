import { InvalidRequestError } from '../errors/exchange-errors';
import { endpointName } from '../http/endpoint';
import { RequestParams } from '../http/query-string';
import { VenueRestClient } from '../http/venue-rest-client';
import { accepted, WriteOutcome } from '../outcome/write-outcome';
import {
  checkBatch,
  checkDistinctClientOrderIds,
  checkLimit,
  checkOneOf,
  REQUEST_LIMITS,
  requireText,
} from '../validation/request-limits';
import { SymbolRulebook } from '../validation/symbol-rules';
import {
  CancelAllAccepted,
  emptyObjectSchema,
  SpotCancelAck,
  spotCancelAckSchema,
  spotBatchOrderResponseSchema,
  SpotCancelByIdsResponse,
  spotCancelByIdsResponseSchema,
  SpotOrderAck,
  spotOrderAckSchema,
  SpotOrderRecord,
  spotOrderRecordListSchema,
  spotOrderRecordSchema,
  WireSpotOrderRequest,
  SuccessFlag,
  successFlagSchema,
} from '../wire/spot-order.wire';
import { BatchResult, pairBatchEntries } from './batch-results';
import { CancelAllOpenOrdersFilter, sendCancelAllOpenOrders, sendCancelOrdersByIds } from './bulk-cancel';
import { checkBeforeSending } from './check-before-sending';
import { prepareSpotOrder, spotOrderParams } from './spot-order-checks';
import { ENDPOINTS } from './endpoints';
import { SiteFamily } from './site-family';

export interface SpotOrderLookup {
  readonly orderId?: string;
  readonly origClientOrderId?: string;
  readonly accountId?: string;
}

export interface SpotOrderListQuery {
  readonly accountId?: string;
  /** Page below this order id (sent as `orderId` or `fromOrderId` per site family). */
  readonly fromOrderId?: string;
  readonly symbol?: string;
  readonly side?: 'BUY' | 'SELL';
  readonly limit?: number;
}

export interface SpotTradeOrdersQuery extends SpotOrderListQuery {
  readonly startTime?: number;
  readonly endTime?: number;
}

/** Spot trading endpoints. Writes return an outcome to switch on; reads throw typed errors. */
export class SpotApi {
  constructor(
    private readonly rest: VenueRestClient,
    private readonly site: SiteFamily,
    private readonly rules: () => SymbolRulebook | undefined,
  ) {}

  /** POST /api/v1/spot/orderTest: validated by the venue, never matched. */
  async testOrder(order: WireSpotOrderRequest): Promise<void> {
    const prepared = prepareSpotOrder(order, 'order', 'v1.1', this.rules());
    await this.rest.read(ENDPOINTS.spotOrderTest, spotOrderParams(prepared), emptyObjectSchema);
  }

  /** POST /api/v1.1/spot/order (recommended). */
  placeOrder(order: WireSpotOrderRequest): Promise<WriteOutcome<SpotOrderAck>> {
    return this.place(order, 'v1.1');
  }

  /** POST /api/v1/spot/order (legacy v1.0: no `amount`; a market buy's `quantity` is cash). */
  placeOrderLegacy(order: WireSpotOrderRequest): Promise<WriteOutcome<SpotOrderAck>> {
    return this.place(order, 'v1.0');
  }

  /** POST /api/v1.1/spot/batchOrders: up to 20 orders of one symbol; each keeps its own code. */
  async placeBatch(
    orders: readonly WireSpotOrderRequest[],
  ): Promise<WriteOutcome<BatchResult<SpotOrderAck>>> {
    const checked = checkBeforeSending(() => {
      checkBatch(
        'orders',
        orders.map((order) => order.symbol),
      );
      const list = orders.map((order, index) =>
        prepareSpotOrder(order, `orders[${index}]`, 'v1.1', this.rules()),
      );
      checkDistinctClientOrderIds(
        'orders',
        'newClientOrderId',
        list.map((order) => order.newClientOrderId),
      );
      return list;
    });
    if (!checked.ok) return checked.rejection;
    const prepared = checked.value;
    const clientOrderIds = prepared.map((order) => order.newClientOrderId);
    const outcome = await this.rest.write(
      ENDPOINTS.spotBatchOrders,
      { jsonBody: prepared.map((order) => ({ ...spotOrderParams(order) })), clientOrderIds },
      spotBatchOrderResponseSchema,
    );
    if (outcome.kind !== 'accepted') return outcome;
    return accepted(
      pairBatchEntries(endpointName(ENDPOINTS.spotBatchOrders), clientOrderIds, outcome.value.result),
    );
  }

  /** DELETE /api/v1/spot/order. The ack's status is the pre-cancel one; the stream confirms. */
  async cancelOrder(lookup: {
    orderId?: string;
    clientOrderId?: string;
  }): Promise<WriteOutcome<SpotCancelAck>> {
    const checked = checkBeforeSending(() =>
      checkOneOf({ orderId: lookup.orderId, clientOrderId: lookup.clientOrderId }),
    );
    if (!checked.ok) return checked.rejection;
    return this.rest.write(
      ENDPOINTS.spotCancelOrder,
      {
        params: { orderId: lookup.orderId, clientOrderId: lookup.clientOrderId },
        clientOrderIds: lookup.clientOrderId ? [lookup.clientOrderId] : [],
        orderIds: lookup.orderId ? [lookup.orderId] : [],
      },
      spotCancelAckSchema,
    );
  }

  /**
   * DELETE /api/v1/spot/openOrders: cancels up to 1000 (professional) or 200 (global)
   * open orders per call; the global family requires `symbol`.
   */
  async cancelOpenOrders(
    filter: { symbol?: string; side?: 'BUY' | 'SELL' } = {},
  ): Promise<WriteOutcome<SuccessFlag>> {
    if (this.site === 'global') {
      const checked = checkBeforeSending(() => requireText('symbol', filter.symbol));
      if (!checked.ok) return checked.rejection;
    }
    return this.rest.write(
      ENDPOINTS.spotCancelOpenOrders,
      { params: { symbol: filter.symbol, side: filter.side } },
      successFlagSchema,
    );
  }

  /** How many orders one cancelOpenOrders call removes at most on this site family. */
  get cancelOpenOrdersPerCall(): number {
    return REQUEST_LIMITS.cancelOpenOrdersPerCall[this.site];
  }

  /** DELETE /api/v1/spot/cancelAllOpenOrders (global family only). Acceptance, not completion. */
  cancelAllOpenOrders(filter: CancelAllOpenOrdersFilter = {}): Promise<WriteOutcome<CancelAllAccepted>> {
    return sendCancelAllOpenOrders(this.rest, ENDPOINTS.spotCancelAllOpenOrders, filter, () => {
      if (this.site !== 'global') {
        throw new InvalidRequestError('site', 'cancelAllOpenOrders exists in the global site family only');
      }
    });
  }

  /** DELETE /api/v1/spot/cancelOrderByIds: up to 100 ids; the result lists the ones that failed. */
  cancelOrdersByIds(orderIds: readonly string[]): Promise<WriteOutcome<SpotCancelByIdsResponse>> {
    return sendCancelOrdersByIds(
      this.rest,
      ENDPOINTS.spotCancelOrderByIds,
      orderIds,
      spotCancelByIdsResponseSchema,
    );
  }

  /** GET /api/v1/spot/order by `orderId` or `origClientOrderId`. */
  async getOrder(lookup: SpotOrderLookup): Promise<SpotOrderRecord> {
    checkOneOf({ orderId: lookup.orderId, origClientOrderId: lookup.origClientOrderId });
    return await this.rest.read(
      ENDPOINTS.spotQueryOrder,
      { orderId: lookup.orderId, origClientOrderId: lookup.origClientOrderId, accountId: lookup.accountId },
      spotOrderRecordSchema,
    );
  }

  /** GET /api/v1/spot/openOrders. */
  async getOpenOrders(query: SpotOrderListQuery = {}): Promise<SpotOrderRecord[]> {
    checkLimit('limit', query.limit, REQUEST_LIMITS.spotOpenOrdersMaxLimit);
    return await this.rest.read(ENDPOINTS.spotOpenOrders, this.listParams(query), spotOrderRecordListSchema);
  }

  /** GET /api/v1/spot/tradeOrders (history of the last 90 days). */
  async getTradeOrders(query: SpotTradeOrdersQuery = {}): Promise<SpotOrderRecord[]> {
    checkLimit('limit', query.limit, REQUEST_LIMITS.spotOpenOrdersMaxLimit);
    return await this.rest.read(
      ENDPOINTS.spotTradeOrders,
      { ...this.listParams(query), startTime: query.startTime, endTime: query.endTime },
      spotOrderRecordListSchema,
    );
  }

  private listParams(query: SpotOrderListQuery): RequestParams {
    const pageKey = this.site === 'professional' ? 'orderId' : 'fromOrderId';
    return {
      accountId: query.accountId,
      [pageKey]: query.fromOrderId,
      symbol: query.symbol,
      side: query.side,
      limit: query.limit,
    };
  }

  private async place(
    order: WireSpotOrderRequest,
    version: 'v1.0' | 'v1.1',
  ): Promise<WriteOutcome<SpotOrderAck>> {
    const checked = checkBeforeSending(() => prepareSpotOrder(order, 'order', version, this.rules()));
    if (!checked.ok) return checked.rejection;
    const prepared = checked.value;
    const endpoint = version === 'v1.1' ? ENDPOINTS.spotOrder : ENDPOINTS.spotOrderLegacy;
    return this.rest.write(
      endpoint,
      { params: spotOrderParams(prepared), clientOrderIds: [prepared.newClientOrderId] },
      spotOrderAckSchema,
    );
  }
}
