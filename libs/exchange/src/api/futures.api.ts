import { InvalidRequestError } from '../errors/exchange-errors';
import { endpointName } from '../http/endpoint';
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
  futuresBatchOrderResponseSchema,
  FuturesCancelAllResponse,
  futuresCancelAllResponseSchema,
  FuturesCancelByIdsResponse,
  futuresCancelByIdsResponseSchema,
  FuturesLimitOrder,
  futuresLimitOrderListSchema,
  futuresLimitOrderSchema,
  WireFuturesOrderRequest,
  FuturesStopOrder,
  futuresStopOrderListSchema,
  futuresStopOrderSchema,
  FuturesTrade,
  futuresTradeListSchema,
} from '../wire/futures-order.wire';
import { CancelAllAccepted } from '../wire/spot-order.wire';
import { BatchResult, pairBatchEntries } from './batch-results';
import { CancelAllOpenOrdersFilter, sendCancelAllOpenOrders, sendCancelOrdersByIds } from './bulk-cancel';
import { checkBeforeSending } from './check-before-sending';
import { ENDPOINTS } from './endpoints';
import { checkFuturesOrder, futuresOrderParams } from './futures-order-checks';
import { FuturesPositionApi } from './futures-position.api';

type OrderKind = 'LIMIT' | 'STOP';
type RecordOf<K extends OrderKind> = K extends 'STOP' ? FuturesStopOrder : FuturesLimitOrder;

const recordSchema = { LIMIT: futuresLimitOrderSchema, STOP: futuresStopOrderSchema } as const;
const recordListSchema = { LIMIT: futuresLimitOrderListSchema, STOP: futuresStopOrderListSchema } as const;

export interface FuturesOrderListQuery<K extends OrderKind> {
  readonly type: K;
  readonly symbol?: string;
  readonly fromOrderId?: string;
  readonly limit?: number;
}

/** Futures trading endpoints (orders, cancels, queries) plus positions and margin. Quantities are whole contracts. */
export class FuturesApi extends FuturesPositionApi {
  constructor(
    rest: VenueRestClient,
    private readonly rules: () => SymbolRulebook | undefined,
  ) {
    super(rest);
  }

  /** POST /api/v1/futures/order: a LIMIT order answers a limit record, a STOP order a stop record. */
  async placeOrder<R extends WireFuturesOrderRequest>(order: R): Promise<WriteOutcome<RecordOf<R['type']>>> {
    const checked = checkBeforeSending(() => checkFuturesOrder(order, 'order', this.rules()));
    if (!checked.ok) return checked.rejection;
    const schema = recordSchema[order.type];
    const outcome = await this.rest.write(
      ENDPOINTS.futuresOrder,
      { params: futuresOrderParams(order), clientOrderIds: [order.clientOrderId] },
      schema,
    );
    return outcome as WriteOutcome<RecordOf<R['type']>>;
  }

  /** POST /api/v1/futures/batchOrders: up to 20 LIMIT orders of one symbol; each keeps its own code. */
  async placeBatch(
    orders: readonly WireFuturesOrderRequest[],
  ): Promise<WriteOutcome<BatchResult<FuturesLimitOrder>>> {
    const checked = checkBeforeSending(() => {
      checkBatch(
        'orders',
        orders.map((order) => order.symbol),
      );
      orders.forEach((order, index) => {
        if (order.type !== 'LIMIT')
          throw new InvalidRequestError(`orders[${index}].type`, 'must be LIMIT in a batch');
        if (!order.priceType)
          throw new InvalidRequestError(`orders[${index}].priceType`, 'is required in a batch');
        checkFuturesOrder(order, `orders[${index}]`, this.rules());
      });
      const ids = orders.map((order) => order.clientOrderId);
      checkDistinctClientOrderIds('orders', 'clientOrderId', ids);
      return ids;
    });
    if (!checked.ok) return checked.rejection;
    const body = orders.map((order) => ({ ...futuresOrderParams(order), type: 'LIMIT' }));
    const outcome = await this.rest.write(
      ENDPOINTS.futuresBatchOrders,
      { jsonBody: body, clientOrderIds: checked.value },
      futuresBatchOrderResponseSchema,
    );
    if (outcome.kind !== 'accepted') return outcome;
    return accepted(
      pairBatchEntries(endpointName(ENDPOINTS.futuresBatchOrders), checked.value, outcome.value.result),
    );
  }

  /** DELETE /api/v1/futures/order. The ack's status may still be the pre-cancel one. */
  async cancelOrder<K extends OrderKind>(request: {
    type: K;
    orderId?: string;
    clientOrderId?: string;
    symbol?: string;
  }): Promise<WriteOutcome<RecordOf<K>>> {
    const checked = checkBeforeSending(() =>
      checkOneOf({ orderId: request.orderId, clientOrderId: request.clientOrderId }),
    );
    if (!checked.ok) return checked.rejection;
    const outcome = await this.rest.write(
      ENDPOINTS.futuresCancelOrder,
      {
        params: {
          orderId: request.orderId,
          clientOrderId: request.clientOrderId,
          type: request.type,
          symbol: request.symbol,
        },
        clientOrderIds: request.clientOrderId ? [request.clientOrderId] : [],
        orderIds: request.orderId ? [request.orderId] : [],
      },
      recordSchema[request.type],
    );
    return outcome as WriteOutcome<RecordOf<K>>;
  }

  /** DELETE /api/v1/futures/batchOrders: cancels every open order of a symbol (optionally one side). */
  async cancelSymbolOrders(request: {
    symbol: string;
    side?: 'BUY' | 'SELL';
  }): Promise<WriteOutcome<FuturesCancelAllResponse>> {
    const checked = checkBeforeSending(() => requireText('symbol', request.symbol));
    if (!checked.ok) return checked.rejection;
    return this.rest.write(
      ENDPOINTS.futuresCancelSymbolOrders,
      { params: { symbol: request.symbol, side: request.side } },
      futuresCancelAllResponseSchema,
    );
  }

  /** DELETE /api/v1/futures/cancelAllOpenOrders: up to 200 per call; acceptance, not completion. */
  cancelAllOpenOrders(filter: CancelAllOpenOrdersFilter = {}): Promise<WriteOutcome<CancelAllAccepted>> {
    return sendCancelAllOpenOrders(this.rest, ENDPOINTS.futuresCancelAllOpenOrders, filter);
  }

  /** DELETE /api/v1/futures/cancelOrderByIds: up to 100 ids; the result lists failures. */
  cancelOrdersByIds(orderIds: readonly string[]): Promise<WriteOutcome<FuturesCancelByIdsResponse>> {
    return sendCancelOrdersByIds(
      this.rest,
      ENDPOINTS.futuresCancelOrderByIds,
      orderIds,
      futuresCancelByIdsResponseSchema,
    );
  }

  /** GET /api/v1/futures/order by `orderId` or `clientOrderId`; `type` picks limit or stop records. */
  async getOrder<K extends OrderKind>(lookup: {
    type: K;
    orderId?: string;
    clientOrderId?: string;
  }): Promise<RecordOf<K>> {
    checkOneOf({ orderId: lookup.orderId, clientOrderId: lookup.clientOrderId });
    const record: unknown = await this.rest.read(
      ENDPOINTS.futuresQueryOrder,
      { orderId: lookup.orderId, clientOrderId: lookup.clientOrderId, type: lookup.type },
      recordSchema[lookup.type],
    );
    return record as RecordOf<K>;
  }

  async getOpenOrders<K extends OrderKind>(query: FuturesOrderListQuery<K>): Promise<RecordOf<K>[]> {
    checkLimit('limit', query.limit, REQUEST_LIMITS.futuresOrdersMaxLimit);
    const records: unknown = await this.rest.read(
      ENDPOINTS.futuresOpenOrders,
      { symbol: query.symbol, fromOrderId: query.fromOrderId, type: query.type, limit: query.limit },
      recordListSchema[query.type],
    );
    return records as RecordOf<K>[];
  }

  async getHistoryOrders<K extends OrderKind>(
    query: FuturesOrderListQuery<K> & { symbol: string; startTime?: number; endTime?: number },
  ): Promise<RecordOf<K>[]> {
    requireText('symbol', query.symbol);
    checkLimit('limit', query.limit, REQUEST_LIMITS.futuresOrdersMaxLimit);
    const records: unknown = await this.rest.read(
      ENDPOINTS.futuresHistoryOrders,
      {
        symbol: query.symbol,
        fromOrderId: query.fromOrderId,
        type: query.type,
        startTime: query.startTime,
        endTime: query.endTime,
        limit: query.limit,
      },
      recordListSchema[query.type],
    );
    return records as RecordOf<K>[];
  }

  async getUserTrades(query: {
    symbol: string;
    limit?: number;
    fromId?: string;
    toId?: string;
    startTime?: number;
    endTime?: number;
  }): Promise<FuturesTrade[]> {
    requireText('symbol', query.symbol);
    checkLimit('limit', query.limit, REQUEST_LIMITS.tradesMaxLimit);
    return await this.rest.read(ENDPOINTS.futuresUserTrades, { ...query }, futuresTradeListSchema);
  }
}
