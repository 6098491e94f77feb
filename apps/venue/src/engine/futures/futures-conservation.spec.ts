import fc from 'fast-check';

import { dec } from '../support/engine-decimal';
import { deskEngine, fundedUser } from '../test-support/desk-engine';
import type { FuturesSide } from '../types/futures.types';

const SYMBOL = 'ETHUSDT-PERPETUAL';
// Opens weigh more than closes, so that positions exist to be closed.
const SIDES: readonly FuturesSide[] = [
  'BUY_OPEN',
  'SELL_OPEN',
  'BUY_OPEN',
  'SELL_OPEN',
  'BUY_CLOSE',
  'SELL_CLOSE',
];

/**
 * Among desks only, futures are zero-sum: realized plus unrealized PnL add up to
 * nothing at any mark, the wallets plus the fees charged equal the deposits plus the
 * realized PnL, margins are consistent (no order margin once every order is over,
 * position margin equal to the positions' margins), and longs and shorts hold the
 * same number of contracts.
 */
describe('futures conservation', () => {
  it('keeps wallets, fees, PnL and margins consistent for any sequence of desk orders', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            trader: fc.integer({ min: 0, max: 2 }),
            side: fc.constantFrom(...SIDES),
            ticks: fc.integer({ min: -3, max: 3 }),
            contracts: fc.integer({ min: 1, max: 60 }),
            market: fc.boolean(),
            timeInForce: fc.constantFrom(
              'GTC' as const,
              'IOC' as const,
              'FOK' as const,
              'LIMIT_MAKER' as const,
            ),
            markTicks: fc.integer({ min: -40, max: 40 }),
          }),
          { minLength: 20, maxLength: 60 },
        ),
        (orders) => {
          const { engine } = deskEngine({ initialMarks: { [SYMBOL]: '3000' } });
          const traders = [0, 1, 2].map((index) => fundedUser(engine, `t${index}`, { futuresUsdt: '5000' }));
          orders.forEach((order, index) => {
            const trader = traders[order.trader];
            try {
              engine.placeFuturesOrder({
                userId: trader.userId,
                symbol: SYMBOL,
                side: order.side,
                type: 'LIMIT',
                quantity: String(order.contracts),
                ...(order.market
                  ? { priceType: 'MARKET' as const }
                  : { price: (3000 + order.ticks).toFixed(2), timeInForce: order.timeInForce }),
                clientOrderId: `o-${index}`,
              });
            } catch (error: unknown) {
              expect(error).toMatchObject({ code: expect.anything(), msg: expect.any(String) });
            }
            if (index % 5 === 4)
              engine.setMarkPrice({ symbol: SYMBOL, price: (3000 + order.markTicks).toFixed(2) });
          });
          for (const trader of traders) engine.cancelFuturesOpenOrders({ userId: trader.userId });

          let wallets = dec(0);
          let fees = dec(0);
          let realized = dec(0);
          let unrealized = dec(0);
          const contracts = { LONG: dec(0), SHORT: dec(0) };
          for (const trader of traders) {
            const [balance] = engine.getFuturesBalances(trader.userId);
            expect(balance.orderMargin).toBe('0');
            const positions = engine.listPositions(trader.userId);
            const positionMargin = positions.reduce((sum, position) => sum.plus(position.margin), dec(0));
            expect(dec(balance.positionMargin).eq(positionMargin)).toBe(true);
            for (const position of positions) {
              contracts[position.side] = contracts[position.side].plus(position.position);
              unrealized = unrealized.plus(position.unrealizedPnL);
            }
            wallets = wallets.plus(balance.balance);
            for (const trade of engine.listFuturesTrades({ userId: trader.userId, limit: 1000 })) {
              fees = fees.plus(trade.commission);
              realized = realized.plus(trade.realizedPnl);
            }
          }
          // Average entry prices are kept to 40 significant digits; only that rounding may remain.
          expect(realized.plus(unrealized).abs().lt('1e-20')).toBe(true);
          expect(wallets.plus(fees).minus(realized).toFixed()).toBe('15000');
          expect(contracts.LONG.toFixed()).toBe(contracts.SHORT.toFixed());
        },
      ),
      { seed: 8080, numRuns: 60 },
    );
  });
});
