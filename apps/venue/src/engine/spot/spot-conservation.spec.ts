import fc from 'fast-check';

import { dec } from '../support/engine-decimal';
import { deskEngine, fundedUser } from '../test-support/desk-engine';

const orderArbitrary = fc.record({
  trader: fc.integer({ min: 0, max: 2 }),
  side: fc.constantFrom('BUY' as const, 'SELL' as const),
  type: fc.constantFrom('LIMIT' as const, 'MARKET' as const, 'LIMIT_MAKER' as const),
  timeInForce: fc.constantFrom('GTC' as const, 'IOC' as const, 'FOK' as const),
  ticks: fc.integer({ min: -6, max: 6 }),
  lots: fc.integer({ min: 1, max: 400 }),
  byAmount: fc.boolean(),
  stpMode: fc.constantFrom('EXPIRE_TAKER' as const, 'EXPIRE_MAKER' as const),
  cancelAfter: fc.boolean(),
});

/**
 * Whatever desks do to each other, no asset is created or destroyed: what the
 * accounts hold plus the fees charged equals what was deposited, and once every
 * order is over nothing stays locked.
 */
describe('spot conservation', () => {
  it('keeps every asset conserved net of fees and leaves nothing locked', () => {
    fc.assert(
      fc.property(fc.array(orderArbitrary, { minLength: 20, maxLength: 50 }), (orders) => {
        const { engine } = deskEngine();
        const traders = [0, 1, 2].map((index) =>
          fundedUser(engine, `t${index}`, { spot: { ETH: '50', USDT: '200000' } }),
        );
        for (const order of orders) {
          const trader = traders[order.trader];
          const price = (3000 + order.ticks * 0.5).toFixed(2);
          const quantity = (order.lots / 100).toFixed(2);
          const isMarket = order.type === 'MARKET';
          try {
            const placed = engine.placeSpotOrder({
              userId: trader.userId,
              symbol: 'ETHUSDT',
              side: order.side,
              type: order.type,
              timeInForce: isMarket ? 'IOC' : order.type === 'LIMIT_MAKER' ? 'GTC' : order.timeInForce,
              stpMode: order.stpMode,
              ...(isMarket && order.byAmount ? { amount: (order.lots * 30).toFixed(2) } : { quantity }),
              ...(isMarket ? {} : { price }),
            });
            if (order.cancelAfter && placed.isWorking)
              engine.cancelSpotOrder({ userId: trader.userId, orderId: placed.orderId });
          } catch (error: unknown) {
            expect(error).toMatchObject({ code: expect.anything(), msg: expect.any(String) });
          }
        }
        for (const trader of traders) engine.cancelSpotOpenOrders({ userId: trader.userId });

        const held = { ETH: dec(0), USDT: dec(0) };
        for (const trader of traders) {
          for (const balance of engine.getSpotAccount(trader.userId).balances) {
            expect(balance.locked).toBe('0');
            held[balance.asset as 'ETH' | 'USDT'] = held[balance.asset as 'ETH' | 'USDT'].plus(balance.total);
          }
        }
        const fees = { ETH: dec(0), USDT: dec(0) };
        for (const trader of traders) {
          for (const trade of engine.listSpotTrades({ userId: trader.userId, limit: 1000 })) {
            fees[trade.commissionAsset as 'ETH' | 'USDT'] = fees[
              trade.commissionAsset as 'ETH' | 'USDT'
            ].plus(trade.commission);
          }
        }
        expect(held.ETH.plus(fees.ETH).toFixed()).toBe('150');
        expect(held.USDT.plus(fees.USDT).toFixed()).toBe('600000');
      }),
      { seed: 5150, numRuns: 60 },
    );
  });
});
