import { FuturesFillObserved, FuturesPositionObserved } from '@oms/domain';
import { AccountView } from './account-view';

const position = (positionSize: string): FuturesPositionObserved => ({
  type: 'FuturesPositionObserved',
  schemaVersion: 1,
  data: {
    accountId: 'a',
    symbol: 'ETHUSDT-PERPETUAL',
    side: 'LONG',
    avgPrice: '3000',
    position: positionSize,
    available: positionSize,
    leverage: null,
    liquidationPrice: null,
    margin: null,
    positionValue: null,
    unrealizedPnl: null,
    realizedPnl: null,
    lastPrice: null,
    updateTime: 1,
    source: 'ws',
  },
});

const futuresFill = (source: 'ws' | 'rest-poll', tradeTime: number): FuturesFillObserved => ({
  type: 'FuturesFillObserved',
  schemaVersion: 1,
  data: {
    accountId: 'a',
    symbol: 'BTCUSDT-PERPETUAL',
    orderId: '1',
    clientOrderId: null,
    ticketId: '9',
    tradeId: null,
    direction: 'BUY',
    orderSide: null,
    price: '1',
    quantity: '1',
    fee: null,
    realizedPnl: null,
    isMaker: null,
    tradeTime,
    source,
  },
});

describe('account view', () => {
  it('an open position is marked until the venue reports it closed', () => {
    const view = new AccountView([]);
    view.learn([{ event: position('2'), raw: null }]);
    expect(view.positionSymbols()).toEqual(['ETHUSDT-PERPETUAL']);
    view.learn([{ event: position('0'), raw: null }]);
    expect(view.positionSymbols()).toEqual([]);
    expect(view.futuresSymbols.has('ETHUSDT-PERPETUAL')).toBe(true);
  });

  it('only polled trades move where the next trade poll starts: a stream fill may follow a dropped one', () => {
    const view = new AccountView([]);
    view.learn([{ event: futuresFill('ws', 500_000), raw: null }]);
    expect(view.tradesSince('BTCUSDT-PERPETUAL', 100)).toBe(100);
    view.learn([{ event: futuresFill('rest-poll', 500_000), raw: null }]);
    expect(view.tradesSince('BTCUSDT-PERPETUAL', 100)).toBe(440_000);
  });
});
