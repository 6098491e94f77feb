import type { PlaceFuturesOrderCommand } from '../engine';
import { ExchangeApiError } from '../http/exchange-api-error';
import { ExchangeRoute, PrivateRouteContext, signedOrder, signedQuery } from '../http/exchange-route';
import { RequestParams } from '../http/request-params';
import {
  toFuturesLimitOrder,
  toFuturesOrder,
  toFuturesOrderCreated,
  toFuturesPosition,
  toFuturesTrade,
} from '../wire/futures-wire.mapper';
import { answerBatch, readBatchEntries, readIdList } from './batch-entries';
import { cancelAllOpenOrdersRoute } from './cancel-all-open-orders.route';
import { RouteDependencies } from './route-dependencies';
import { readTradeWindow } from './trade-window.params';

const SIDES = ['BUY_OPEN', 'SELL_CLOSE', 'SELL_OPEN', 'BUY_CLOSE'] as const;
const REQUEST_TYPES = ['LIMIT', 'STOP'] as const;
const PRICE_TYPES = ['INPUT', 'MARKET'] as const;
const TIME_IN_FORCE = ['GTC', 'FOK', 'IOC', 'LIMIT_MAKER'] as const;
const STP_MODES = ['EXPIRE_TAKER', 'EXPIRE_MAKER'] as const;
const POSITION_SIDES = ['LONG', 'SHORT'] as const;
const ORDER_SIDES = ['BUY', 'SELL'] as const;
const MARGIN_TYPES = ['CROSS', 'ISOLATED'] as const;
const TRIGGER_TYPES = ['MARK_PRICE', 'CONTRACT_PRICE'] as const;

export function readFuturesOrder(params: RequestParams, userId: string): PlaceFuturesOrderCommand {
  const type = params.requiredEnum('type', REQUEST_TYPES);
  const priceType = params.optionalEnum('priceType', PRICE_TYPES) ?? 'INPUT';
  const clientOrderId = params.requiredString('clientOrderId');
  if (clientOrderId.length > 255)
    throw ExchangeApiError.invalidParameter('clientOrderId', 'at most 255 characters');
  const needsPrice = type === 'LIMIT' && priceType === 'INPUT';
  return {
    userId,
    symbol: params.requiredString('symbol'),
    side: params.requiredEnum('side', SIDES),
    type,
    quantity: params.requiredDecimal('quantity'),
    price: needsPrice
      ? params.requiredDecimal('price')
      : priceType === 'MARKET'
        ? undefined
        : params.optionalDecimal('price'),
    priceType,
    stopPrice: type === 'STOP' ? params.requiredDecimal('stopPrice') : undefined,
    timeInForce: params.optionalEnum('timeInForce', TIME_IN_FORCE),
    clientOrderId,
    stpMode: params.optionalEnum('stpMode', STP_MODES),
  };
}

function batchCreate({ engine }: RouteDependencies, { params, key }: PrivateRouteContext) {
  const result = answerBatch(
    readBatchEntries(params),
    (entry) => readFuturesOrder(entry, key.owner.userId),
    (commands) => engine.placeFuturesOrders(commands),
    toFuturesLimitOrder,
  );
  return { code: '0000', result };
}

function requireOrderReference(params: RequestParams): { orderId?: string; clientOrderId?: string } {
  const orderId = params.optionalString('orderId');
  const clientOrderId = params.optionalString('clientOrderId');
  if (orderId === undefined && clientOrderId === undefined) throw ExchangeApiError.requiredField('orderId');
  return { orderId, clientOrderId };
}

export function futuresTradingRoutes(dependencies: RouteDependencies): ExchangeRoute[] {
  const { engine } = dependencies;
  return [
    signedOrder(
      'POST',
      '/api/v1/futures/leverage',
      1,
      ({ params, key }) => {
        const leverage = params.requiredInteger('leverage', { min: 1 });
        const record = engine.setLeverage(
          key.owner.userId,
          params.requiredString('symbol'),
          String(leverage),
        );
        return { code: '0000', symbolId: record.symbol, leverage: record.leverage };
      },
      { matching: false },
    ),
    signedQuery('GET', '/api/v1/futures/leverage', 1, ({ params, key }) => {
      const record = engine.getLeverage(key.owner.userId, params.requiredString('symbol'));
      return [{ symbolId: record.symbol, leverage: record.leverage, marginType: record.marginType }];
    }),
    signedOrder('POST', '/api/v1/futures/order', 1, ({ params, key }) =>
      toFuturesOrderCreated(engine.placeFuturesOrder(readFuturesOrder(params, key.owner.userId))),
    ),
    signedOrder('POST', '/api/v1/futures/position/trading-stop', 3, ({ params, key }) => {
      const stopProfit = params.optionalDecimal('stopProfit');
      const stopLoss = params.optionalDecimal('stopLoss');
      if (stopProfit === undefined && stopLoss === undefined)
        throw ExchangeApiError.requiredField('stopProfit');
      const record = engine.setTradingStop({
        userId: key.owner.userId,
        symbol: params.requiredString('symbol'),
        side: params.requiredEnum('side', POSITION_SIDES),
        stopProfit,
        stopLoss,
        tpTriggerBy: params.optionalEnum('tpTriggerBy', TRIGGER_TYPES),
        slTriggerBy: params.optionalEnum('slTriggerBy', TRIGGER_TYPES),
      });
      return {
        symbolId: record.symbol,
        side: record.side,
        stopProfitPrice: record.stopProfitPrice,
        stopProfitTriggerConditionType: record.stopProfitTriggerConditionType,
        stopLossPrice: record.stopLossPrice,
        stopLossTriggerConditionType: record.stopLossTriggerConditionType,
      };
    }),
    signedOrder('POST', '/api/v1/futures/batchOrders', 1, (context) => batchCreate(dependencies, context)),
    signedOrder('DELETE', '/api/v1/futures/order', 1, ({ params, key }) => {
      const reference = requireOrderReference(params);
      const { order, statusBeforeCancel } = engine.cancelFuturesOrder({
        userId: key.owner.userId,
        ...reference,
        type: params.requiredEnum('type', REQUEST_TYPES),
        symbol: params.optionalString('symbol'),
      });
      return toFuturesOrder(order, statusBeforeCancel);
    }),
    signedOrder('DELETE', '/api/v1/futures/batchOrders', 1, ({ params, key, now }) => {
      engine.cancelFuturesOpenOrders({
        userId: key.owner.userId,
        symbol: params.requiredString('symbol'),
        side: params.optionalEnum('side', ORDER_SIDES),
      });
      return { message: 'success', timestamp: String(now()), code: '0000' };
    }),
    cancelAllOpenOrdersRoute('/api/v1/futures/cancelAllOpenOrders', (command) =>
      engine.cancelFuturesOpenOrders(command),
    ),
    signedOrder('DELETE', '/api/v1/futures/cancelOrderByIds', 1, ({ params, key }) => {
      const result = engine.cancelFuturesOrdersByIds(key.owner.userId, readIdList(params, 'ids', 100));
      return {
        code: '0000',
        result: result.failed.map((failure) => ({
          orderId: failure.orderId,
          code: String(failure.code),
          msg: failure.msg,
        })),
      };
    }),
    signedQuery('GET', '/api/v1/futures/order', 1, ({ params, key }) =>
      toFuturesOrder(
        engine.getFuturesOrder({
          userId: key.owner.userId,
          ...requireOrderReference(params),
          type: params.optionalEnum('type', REQUEST_TYPES) ?? 'LIMIT',
          symbol: params.optionalString('symbol'),
        }),
      ),
    ),
    signedQuery('GET', '/api/v1/futures/openOrders', 1, ({ params, key }) =>
      engine
        .listFuturesOpenOrders({
          userId: key.owner.userId,
          type: params.requiredEnum('type', REQUEST_TYPES),
          symbol: params.optionalString('symbol'),
          beforeOrderId: nonZero(params.optionalString('fromOrderId')),
          limit: params.optionalInteger('limit', { min: 1, max: 500 }),
        })
        .map((order) => toFuturesOrder(order)),
    ),
    signedQuery('GET', '/api/v1/futures/historyOrders', 1, ({ params, key }) =>
      engine
        .listFuturesHistoryOrders({
          userId: key.owner.userId,
          type: params.requiredEnum('type', REQUEST_TYPES),
          symbol: params.requiredString('symbol'),
          beforeOrderId: nonZero(params.optionalString('fromOrderId')),
          startTime: params.optionalInteger('startTime', { min: 0 }),
          endTime: params.optionalInteger('endTime', { min: 0 }),
          limit: params.optionalInteger('limit', { min: 1, max: 500 }),
        })
        .map((order) => toFuturesOrder(order)),
    ),
    signedQuery('GET', '/api/v1/futures/userTrades', 1, ({ params, key }) =>
      engine
        .listFuturesTrades({
          userId: key.owner.userId,
          symbol: params.requiredString('symbol'),
          ...readTradeWindow(params),
        })
        .map(toFuturesTrade)
        // Live captures show rows without ticketId; the control plane can switch to that shape.
        .map((row) => (dependencies.switches?.futuresTradesWithoutTicketId ? withoutTicketId(row) : row)),
    ),
    signedQuery('GET', '/api/v1/futures/positions', 1, ({ params, key }) =>
      engine
        .listPositions(
          key.owner.userId,
          params.optionalString('symbol'),
          params.optionalEnum('side', POSITION_SIDES),
        )
        .map(toFuturesPosition),
    ),
    signedOrder(
      'POST',
      '/api/v1/futures/marginType',
      1,
      ({ params, key }) => {
        const record = engine.setMarginType(
          key.owner.userId,
          params.requiredString('symbol'),
          params.requiredEnum('marginType', MARGIN_TYPES),
        );
        return { code: '0000', symbolId: record.symbol, marginType: record.marginType };
      },
      { matching: false },
    ),
    signedOrder(
      'POST',
      '/api/v1/futures/positionMargin',
      1,
      ({ params, key }) => {
        const result = engine.adjustPositionMargin({
          userId: key.owner.userId,
          symbol: params.requiredString('symbol'),
          side: params.requiredEnum('side', POSITION_SIDES),
          amount: params.requiredDecimal('amount'),
        });
        return {
          code: '0000',
          symbol: result.symbol,
          margin: result.margin,
          timestamp: String(result.timestamp),
        };
      },
      { matching: false },
    ),
    signedQuery('GET', '/api/v1/futures/balance', 1, ({ key }) =>
      engine.getFuturesBalances(key.owner.userId).map((balance) => ({ ...balance })),
    ),
    signedQuery('GET', '/api/v1/futures/commissionRate', 1, ({ params, key }) => {
      const rate = engine.getCommissionRate(key.owner.userId, params.requiredString('symbol'));
      return { ...rate };
    }),
  ];
}

/** `fromOrderId=0` is the exchange's "from the newest". */
function nonZero(value: string | undefined): string | undefined {
  return value === '0' ? undefined : value;
}

function withoutTicketId<T extends { ticketId?: unknown }>(row: T): Omit<T, 'ticketId'> {
  const { ticketId: _omitted, ...rest } = row;
  return rest;
}
