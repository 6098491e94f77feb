import type { PlaceSpotOrderCommand } from '../engine';
import { ExchangeApiError } from '../http/exchange-api-error';
import { ExchangeRoute, PrivateRouteContext, signedOrder, signedQuery } from '../http/exchange-route';
import { RequestParams } from '../http/request-params';
import {
  toSpotCancelAck,
  toSpotOrderAck,
  toSpotOrderDetail,
  toSpotOrderRecord,
} from '../wire/spot-wire.mapper';
import { answerBatch, readBatchEntries, readIdList } from './batch-entries';
import { cancelAllOpenOrdersRoute } from './cancel-all-open-orders.route';
import { RouteDependencies } from './route-dependencies';

const SIDES = ['BUY', 'SELL'] as const;
const TYPES = ['LIMIT', 'MARKET', 'LIMIT_MAKER'] as const;
const TIME_IN_FORCE = ['GTC', 'IOC', 'FOK'] as const;
const STP_MODES = ['EXPIRE_TAKER', 'EXPIRE_MAKER'] as const;

/**
 * Decodes a spot order. On v1.0 a MARKET BUY's `quantity` is the quote cash amount;
 * v1.1 has a separate `amount`.
 */
export function readSpotOrder(
  params: RequestParams,
  userId: string,
  version: 'v1' | 'v1.1',
): PlaceSpotOrderCommand {
  const type = params.requiredEnum('type', TYPES);
  const side = params.requiredEnum('side', SIDES);
  let quantity = params.optionalDecimal('quantity');
  let amount = version === 'v1.1' ? params.optionalDecimal('amount') : undefined;
  if (version === 'v1' && type === 'MARKET' && side === 'BUY') {
    amount = quantity;
    quantity = undefined;
  }
  if (type !== 'MARKET' && quantity === undefined) throw ExchangeApiError.requiredField('quantity');
  if (type === 'MARKET' && quantity === undefined && amount === undefined) {
    throw ExchangeApiError.requiredField(version === 'v1' ? 'quantity' : 'quantity or amount');
  }
  const clientOrderId = params.optionalString('newClientOrderId');
  if (clientOrderId !== undefined && clientOrderId.length > 255) {
    throw ExchangeApiError.invalidParameter('newClientOrderId', 'at most 255 characters');
  }
  return {
    userId,
    accountId: params.optionalString('accountId'),
    symbol: params.requiredString('symbol'),
    side,
    type,
    quantity,
    amount,
    price: type === 'MARKET' ? undefined : params.requiredDecimal('price'),
    timeInForce: params.optionalEnum('timeInForce', TIME_IN_FORCE),
    clientOrderId,
    stpMode: params.optionalEnum('stpMode', STP_MODES),
  };
}

function batchCreate({ engine }: RouteDependencies, { params, key }: PrivateRouteContext) {
  const result = answerBatch(
    readBatchEntries(params),
    (entry) => readSpotOrder(entry, key.owner.userId, 'v1.1'),
    (commands) => engine.placeSpotOrders(commands),
    toSpotOrderAck,
  );
  return { code: 0, result, concentration: '' };
}

/** `orderId` (professional family) or `fromOrderId` (global family): orders with smaller ids. */
function beforeOrderId(params: RequestParams): string | undefined {
  return params.optionalString('orderId') ?? params.optionalString('fromOrderId');
}

export function spotTradingRoutes(dependencies: RouteDependencies): ExchangeRoute[] {
  const { engine } = dependencies;
  return [
    signedOrder(
      'POST',
      '/api/v1/spot/orderTest',
      1,
      ({ params, key }) => {
        engine.testSpotOrder(readSpotOrder(params, key.owner.userId, 'v1.1'));
        return {};
      },
      { matching: false },
    ),
    signedOrder('POST', '/api/v1/spot/order', 1, ({ params, key }) =>
      toSpotOrderAck(engine.placeSpotOrder(readSpotOrder(params, key.owner.userId, 'v1'))),
    ),
    signedOrder('POST', '/api/v1.1/spot/order', 1, ({ params, key }) =>
      toSpotOrderAck(engine.placeSpotOrder(readSpotOrder(params, key.owner.userId, 'v1.1'))),
    ),
    signedOrder('POST', '/api/v1.1/spot/batchOrders', 1, (context) => batchCreate(dependencies, context)),
    // Real clients (ccxt, Postman) post the batch to the v1 path.
    signedOrder('POST', '/api/v1/spot/batchOrders', 1, (context) => batchCreate(dependencies, context)),
    signedOrder('DELETE', '/api/v1/spot/order', 1, ({ params, key }) => {
      const orderId = params.optionalString('orderId');
      const clientOrderId = params.optionalString('clientOrderId');
      if (orderId === undefined && clientOrderId === undefined)
        throw ExchangeApiError.requiredField('orderId');
      const { order, statusBeforeCancel } = engine.cancelSpotOrder({
        userId: key.owner.userId,
        accountId: params.optionalString('accountId'),
        orderId,
        clientOrderId,
      });
      return toSpotCancelAck(order, statusBeforeCancel);
    }),
    signedOrder('DELETE', '/api/v1/spot/openOrders', 1, ({ params, key }) => {
      engine.cancelSpotOpenOrders({
        userId: key.owner.userId,
        accountId: params.optionalString('accountId'),
        symbol: params.optionalString('symbol'),
        side: params.optionalEnum('side', SIDES),
        limit: 1000,
      });
      return { success: true };
    }),
    cancelAllOpenOrdersRoute('/api/v1/spot/cancelAllOpenOrders', (command) =>
      engine.cancelSpotOpenOrders(command),
    ),
    signedOrder('DELETE', '/api/v1/spot/cancelOrderByIds', 1, ({ params, key }) => {
      const result = engine.cancelSpotOrdersByIds(key.owner.userId, readIdList(params, 'ids', 100));
      return {
        code: '0000',
        result: result.failed.map((failure) => ({ orderId: failure.orderId, code: String(failure.code) })),
      };
    }),
    signedQuery('GET', '/api/v1/spot/order', 1, ({ params, key }) => {
      const orderId = params.optionalString('orderId');
      const clientOrderId = params.optionalString('origClientOrderId');
      if (orderId === undefined && clientOrderId === undefined)
        throw ExchangeApiError.requiredField('orderId');
      return toSpotOrderDetail(
        engine.getSpotOrder({
          userId: key.owner.userId,
          accountId: params.optionalString('accountId'),
          orderId,
          clientOrderId,
        }),
      );
    }),
    signedQuery('GET', '/api/v1/spot/openOrders', 1, ({ params, key }) =>
      engine
        .listSpotOpenOrders({
          userId: key.owner.userId,
          accountId: params.optionalString('accountId'),
          symbol: params.optionalString('symbol'),
          side: params.optionalEnum('side', SIDES),
          beforeOrderId: beforeOrderId(params),
          limit: params.optionalInteger('limit', { min: 1, max: 1000 }),
        })
        .map(toSpotOrderRecord),
    ),
    signedQuery('GET', '/api/v1/spot/tradeOrders', 5, ({ params, key }) =>
      engine
        .listSpotTradeOrders({
          userId: key.owner.userId,
          accountId: params.optionalString('accountId'),
          symbol: params.optionalString('symbol'),
          side: params.optionalEnum('side', SIDES),
          beforeOrderId: beforeOrderId(params),
          startTime: params.optionalInteger('startTime', { min: 0 }),
          endTime: params.optionalInteger('endTime', { min: 0 }),
          limit: params.optionalInteger('limit', { min: 1, max: 1000 }),
        })
        .map(toSpotOrderRecord),
    ),
  ];
}
