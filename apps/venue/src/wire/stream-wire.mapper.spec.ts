import { userStreamEventSchema } from '@oms/exchange';
import { ManualClock, VenueEngine } from '../engine';
import type { EngineEvent } from '../engine';
import { toStreamEvent } from './stream-wire.mapper';

// Key sets of the live captures and documented fields (facts.md §3).
const KEYS: Record<string, string> = {
  executionReport: 'E L N O S V X Z c d e f i l m n o p q r reqAmt s u w z',
  contractExecutionReport: 'C E L N O P S V X Z c d e f i l lo lt m n o p q r reqAmt s u v w z',
  ticketInfo: 'A E O S T a c e m o p q s t',
  outboundAccountInfo: 'B D E T W e',
  outboundContractAccountInfo: 'B D E T W e',
  outboundContractPositionInfo: 'A E P S a e f m mm mt p pr pv r s up v',
};

function sortedKeys(event: object): string {
  return Object.keys(event)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .join(' ');
}

describe('toStreamEvent', () => {
  const engine = new VenueEngine({
    clock: new ManualClock(1_722_000_000_000),
    seed: 3,
    simulatedMarket: false,
  });
  const maker = engine.createUser();
  const taker = engine.createUser();
  engine.deposit({ accountId: maker.spotAccountId, asset: 'BTC', amount: '1' });
  engine.deposit({ accountId: taker.spotAccountId, asset: 'USDT', amount: '100000' });
  engine.deposit({ accountId: maker.futuresAccountId, asset: 'USDT', amount: '100000' });
  engine.deposit({ accountId: taker.futuresAccountId, asset: 'USDT', amount: '100000' });
  const events: EngineEvent[] = [];
  engine.onUserEvent(taker.userId, (event) => events.push(event));

  engine.placeSpotOrder({
    userId: maker.userId,
    symbol: 'BTCUSDT',
    side: 'SELL',
    type: 'LIMIT',
    quantity: '0.1',
    price: '30000',
  });
  engine.placeSpotOrder({
    userId: taker.userId,
    symbol: 'BTCUSDT',
    side: 'BUY',
    type: 'LIMIT',
    quantity: '0.1',
    price: '30000',
  });
  engine.setMarkPrice({ symbol: 'BTCUSDT-PERPETUAL', price: '30000' });
  const futuresOrder = (userId: string, side: 'SELL_OPEN' | 'BUY_OPEN', clientOrderId: string) =>
    engine.placeFuturesOrder({
      userId,
      symbol: 'BTCUSDT-PERPETUAL',
      side,
      type: 'LIMIT',
      quantity: '10',
      price: '30000',
      clientOrderId,
    });
  futuresOrder(maker.userId, 'SELL_OPEN', 'm-1');
  futuresOrder(taker.userId, 'BUY_OPEN', 't-1');
  engine.placeFuturesOrder({
    userId: taker.userId,
    symbol: 'BTCUSDT-PERPETUAL',
    side: 'SELL_CLOSE',
    type: 'STOP',
    quantity: '5',
    stopPrice: '25000',
    priceType: 'MARKET',
    clientOrderId: 't-stop',
  });

  const mapped = events.map(toStreamEvent);

  it('produces every event type of the private stream', () => {
    expect(new Set(mapped.map((event) => event.e))).toEqual(new Set(Object.keys(KEYS)));
  });

  it('gives each event exactly the keys of the real messages, and the client schemas accept it', () => {
    for (const event of mapped) {
      expect(`${event.e}: ${sortedKeys(event)}`).toBe(`${event.e}: ${KEYS[event.e]}`);
      expect(() => userStreamEventSchema.parse(event)).not.toThrow();
    }
  });

  it('reports a fill with an execution id distinct from its ticket id, and the unfilled rest', () => {
    const filled = mapped.find((event) => event.e === 'executionReport' && event.X === 'FILLED') as Record<
      string,
      unknown
    >;
    const ticket = mapped.find((event) => event.e === 'ticketInfo' && event.s === 'BTCUSDT') as Record<
      string,
      unknown
    >;
    expect(filled).toMatchObject({ l: '0.1', z: '0.1', r: '0', L: '30000', m: false });
    expect(filled.d).not.toBe('');
    expect(filled.d).not.toBe(ticket.T);
  });

  it('marks trigger orders with o STOP and close sides with C true', () => {
    const stop = mapped.find(
      (event) => event.e === 'contractExecutionReport' && event.o === 'STOP',
    ) as Record<string, unknown>;
    expect(stop).toMatchObject({ X: 'ORDER_NEW', S: 'SELL_CLOSE', C: true, c: 't-stop' });
  });
});
