import { PrivateRoute, signedOrder } from '../http/exchange-route';

const ORDER_SIDES = ['BUY', 'SELL'] as const;

export interface CancelAllOpenOrders {
  readonly userId: string;
  readonly symbol?: string;
  readonly side?: 'BUY' | 'SELL';
  readonly beforeOrderId?: string;
  readonly limit: number;
}

/**
 * DELETE …/cancelAllOpenOrders, the same on spot and futures (seeds): optional symbol
 * and side, `fromOrderId` cancels older orders only, `limit` default 100, at most 200.
 */
export function cancelAllOpenOrdersRoute(
  path: string,
  cancel: (command: CancelAllOpenOrders) => { readonly lastOrderId: string },
): PrivateRoute {
  return signedOrder('DELETE', path, 1, ({ params, key, now }) => {
    const result = cancel({
      userId: key.owner.userId,
      symbol: params.optionalString('symbol'),
      side: params.optionalEnum('side', ORDER_SIDES),
      beforeOrderId: params.optionalString('fromOrderId'),
      limit: params.optionalInteger('limit', { min: 1, max: 200 }) ?? 100,
    });
    return { code: '0000', message: 'success', timestamp: String(now()), lastOrderId: result.lastOrderId };
  });
}
