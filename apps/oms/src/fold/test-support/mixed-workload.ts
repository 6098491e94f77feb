import { omsClientOrderId } from '@oms/domain';
import { ObservationEvent } from '@oms/observations';
import { futuresFill, futuresOrder, futuresPosition, spotFill, spotOrder, T0 } from './observation-builders';

export interface MixedWorkload {
  readonly events: readonly ObservationEvent[];
  readonly fillIds: readonly string[];
  /** Expected open contracts per `account|symbol|side`. */
  readonly positions: ReadonlyMap<string, number>;
  readonly orders: number;
}

const ACCOUNTS = ['a1', 'a2'];
const SPOT = ['ETHUSDT', 'BTCUSDT'];
const FUTURES = ['ETHUSDT-PERPETUAL', 'BTCUSDT-PERPETUAL'];
const FILLS_PER_ORDER = 3;

/**
 * Spot and futures orders of several accounts and symbols, each reported as the venue
 * does: the stream's order reports and fills (with the client id, no fee) and the
 * trades poll rows (no client id, with the fee). Two thirds are OMS orders (client id
 * `oms-...`), the rest external; for every fifth OMS order the first poll row comes
 * before the order is known. Orders are interleaved so many streams are open at once.
 */
export function mixedWorkload(orderCount: number): MixedWorkload {
  const perOrder: ObservationEvent[][] = [];
  const fillIds: string[] = [];
  const positions = new Map<string, number>();
  for (let index = 0; index < orderCount; index += 1) {
    const accountId = ACCOUNTS[index % ACCOUNTS.length];
    const futures = index % 2 === 1;
    const symbol = futures ? FUTURES[(index >> 1) % FUTURES.length] : SPOT[(index >> 1) % SPOT.length];
    const orderId = String(500_000 + index);
    const clientOrderId = index % 3 === 2 ? `ext-${index}` : omsClientOrderId(`w${index}`);
    const side = futures ? (index % 4 === 1 ? 'BUY_OPEN' : 'SELL_OPEN') : 'BUY';
    const time = T0 + index * 10;
    const qty = futures ? '1' : '0.1';
    const order = (status: string, executed: number, at: number): ObservationEvent => {
      const common = {
        accountId,
        symbol,
        orderId,
        clientOrderId,
        status,
        updateTime: at,
        createdAt: time,
      } as const;
      const executedQty = futures ? String(executed) : (executed / 10).toFixed(1);
      const avgPrice = executed === 0 ? null : futures ? '2500' : '3000';
      return futures
        ? futuresOrder({
            ...common,
            status: status as never,
            side: side as never,
            origQty: '3',
            executedQty,
            avgPrice,
          })
        : spotOrder({ ...common, status: status as never, origQty: '0.3', executedQty, avgPrice });
    };
    const fill = (k: number, source: 'ws' | 'rest-poll'): ObservationEvent => {
      const ticketId = `${orderId}-${k}`;
      const ws = source === 'ws';
      const common = { accountId, symbol, orderId, ticketId, tradeTime: time + k, source } as const;
      return futures
        ? futuresFill({
            ...common,
            clientOrderId: ws ? clientOrderId : null,
            direction: side.startsWith('BUY') ? 'BUY' : 'SELL',
            orderSide: ws ? null : (side as never),
            quantity: qty,
            fee: ws ? null : { asset: 'USDT', amount: '0.1' },
            realizedPnl: ws ? null : '0',
          })
        : spotFill({
            ...common,
            clientOrderId: ws ? clientOrderId : null,
            qty,
            fee: ws ? null : { asset: 'ETH', amount: '0.0001' },
          });
    };
    const events: ObservationEvent[] = [];
    const pollFirst = index % 15 === 0;
    if (pollFirst) events.push(fill(1, 'rest-poll'));
    events.push(order('NEW', 0, time));
    for (let k = 1; k <= FILLS_PER_ORDER; k += 1) {
      events.push(fill(k, 'ws'), order('PARTIALLY_FILLED', k, time + k));
      fillIds.push(`${orderId}-${k}`);
    }
    for (let k = pollFirst ? 2 : 1; k <= FILLS_PER_ORDER; k += 1) events.push(fill(k, 'rest-poll'));
    events.push(order('FILLED', FILLS_PER_ORDER, time + 9));
    perOrder.push(events);
    if (futures) {
      const key = `${accountId}|${symbol}|${side === 'BUY_OPEN' ? 'LONG' : 'SHORT'}`;
      positions.set(key, (positions.get(key) ?? 0) + FILLS_PER_ORDER);
    }
  }
  const events: ObservationEvent[] = [];
  for (let step = 0; perOrder.some((queue) => queue.length > 0); step += 1) {
    for (const queue of perOrder.slice(step % 7).concat(perOrder.slice(0, step % 7))) {
      const next = queue.shift();
      if (next) events.push(next);
    }
  }
  for (const [key, contracts] of positions) {
    const [accountId, symbol, side] = key.split('|');
    events.push(
      futuresPosition({
        accountId,
        symbol,
        side: side as 'LONG' | 'SHORT',
        position: String(contracts),
        available: String(contracts),
        avgPrice: '2500',
        updateTime: T0 + orderCount * 10 + 100,
      }),
    );
  }
  return { events, fillIds, positions, orders: orderCount };
}
