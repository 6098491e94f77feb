import { START_TIME, deskEngine, fundedUser, ofKind, recordEvents } from '../test-support/desk-engine';

const SYMBOL = 'ETHUSDT-PERPETUAL';

/**
 * LONG (CROSS) buys 10 contracts from SHORT (ISOLATED) at 3000, leverage 5, multiplier
 * 0.001: notional 30, margin 6 each. The long took (fee 30 x 0.0006 = 0.018), the short
 * made (fee 30 x 0.00025 = 0.0075). Wallets: long 999.982, short 999.9925.
 */
function openedPair() {
  const { engine, clock } = deskEngine({ initialMarks: { [SYMBOL]: '3000' } });
  const long = fundedUser(engine, 'long', { futuresUsdt: '1000' });
  const short = fundedUser(engine, 'short', { futuresUsdt: '1000' });
  engine.setMarginType(short.userId, SYMBOL, 'ISOLATED');
  const open = { symbol: SYMBOL, type: 'LIMIT', quantity: '10', price: '3000' } as const;
  engine.placeFuturesOrder({ ...open, userId: short.userId, side: 'SELL_OPEN', clientOrderId: 's' });
  engine.placeFuturesOrder({ ...open, userId: long.userId, side: 'BUY_OPEN', clientOrderId: 'l' });
  return { engine, clock, long, short };
}

describe('futures funding settlement', () => {
  it('takes mark x contracts x multiplier x rate from LONG and gives it to SHORT', () => {
    const { engine, clock, long, short } = openedPair();
    engine.setMarkPrice({ symbol: SYMBOL, price: '3200' });
    const longEvents = recordEvents(engine, long.userId);
    const shortEvents = recordEvents(engine, short.userId);
    clock.advance(1_000);

    // Position value 3200 x 10 x 0.001 = 32; at 0.0005 the payment is 0.016.
    const [settlement] = engine.settleFunding({ symbol: SYMBOL, rate: '0.0005' });

    expect(settlement).toMatchObject({
      symbol: SYMBOL,
      settleTime: START_TIME + 1_000,
      settleRate: '0.0005',
      markPrice: '3200',
    });
    expect(
      settlement.payments.map(({ userId, side, marginType, positionValue, amount }) => ({
        userId,
        side,
        marginType,
        positionValue,
        amount,
      })),
    ).toEqual([
      { userId: short.userId, side: 'SHORT', marginType: 'ISOLATED', positionValue: '32', amount: '0.016' },
      { userId: long.userId, side: 'LONG', marginType: 'CROSS', positionValue: '32', amount: '-0.016' },
    ]);

    // CROSS: the wallet pays, the margin stays; unrealized (3200 - 3000) x 10 x 0.001 = 2.
    expect(engine.getFuturesBalances(long.userId)[0]).toMatchObject({
      balance: '999.966',
      positionMargin: '6',
      crossUnRealizedPnl: '2',
      availableBalance: '995.966',
    });
    expect(ofKind(longEvents, 'position')).toEqual([]);
    expect(ofKind(longEvents, 'futuresBalance').map((event) => event.balances)).toEqual([
      [{ asset: 'USDT', free: '995.966', locked: '6' }],
    ]);

    // ISOLATED: the receipt lands in the position's margin, so available stays 999.9925 - 6 - 2.
    expect(engine.getFuturesBalances(short.userId)[0]).toMatchObject({
      balance: '1000.0085',
      positionMargin: '6.016',
      crossUnRealizedPnl: '-2',
      availableBalance: '991.9925',
    });
    expect(ofKind(shortEvents, 'position').map((event) => event.position)).toEqual([
      expect.objectContaining({
        side: 'SHORT',
        position: '10',
        margin: '6.016',
        updateTime: START_TIME + 1_000,
      }),
    ]);
    expect(ofKind(shortEvents, 'futuresBalance').map((event) => event.balances)).toEqual([
      [{ asset: 'USDT', free: '991.9925', locked: '6.016' }],
    ]);
    expect(engine.snapshot().users.find((user) => user.user.userId === long.userId)?.fundingPayments).toEqual(
      [
        expect.objectContaining({
          fundingId: settlement.id,
          amount: '-0.016',
          position: '10',
          rate: '0.0005',
        }),
      ],
    );
  });

  it('reverses the direction on a negative rate and settles every perpetual at the published rate by default', () => {
    const { engine, long, short } = openedPair();
    // At mark 3000: value 30; -0.001 makes the short pay 0.03 to the long.
    engine.settleFunding({ symbol: SYMBOL, rate: '-0.001' });
    expect(engine.getFuturesBalances(long.userId)[0].balance).toBe('1000.012');
    expect(engine.getFuturesBalances(short.userId)[0]).toMatchObject({
      balance: '999.9625',
      positionMargin: '5.97',
    });

    const all = engine.settleFunding();
    expect(
      all.map(({ symbol, settleRate, payments }) => ({ symbol, settleRate, paid: payments.length })),
    ).toEqual([
      { symbol: 'BTCUSDT-PERPETUAL', settleRate: '0.0001', paid: 0 },
      { symbol: SYMBOL, settleRate: '0.0001', paid: 2 },
    ]);
    // 30 x 0.0001 = 0.003 back from the long.
    expect(engine.getFuturesBalances(long.userId)[0].balance).toBe('1000.009');
  });

  it('keeps the history per symbol, newest first, with id bounds and a limit', () => {
    const { engine, clock } = openedPair();
    const first = engine.settleFunding({ symbol: SYMBOL, rate: '0.0002' })[0];
    clock.advance(8 * 60 * 60 * 1000);
    const second = engine.settleFunding({ symbol: SYMBOL })[0];

    expect(engine.getFundingHistory({ symbol: SYMBOL })).toEqual([
      { id: second.id, symbol: SYMBOL, settleTime: START_TIME + 28_800_000, settleRate: '0.0001' },
      { id: first.id, symbol: SYMBOL, settleTime: START_TIME, settleRate: '0.0002' },
    ]);
    expect(engine.getFundingHistory({ symbol: SYMBOL, limit: 1 }).map((entry) => entry.id)).toEqual([
      second.id,
    ]);
    expect(engine.getFundingHistory({ symbol: SYMBOL, fromId: second.id }).map((entry) => entry.id)).toEqual([
      second.id,
    ]);
    expect(engine.getFundingHistory({ symbol: SYMBOL, endId: first.id }).map((entry) => entry.id)).toEqual([
      first.id,
    ]);
    expect(engine.getFundingHistory({ symbol: 'BTCUSDT-PERPETUAL' })).toEqual([]);
  });

  it('liquidates an isolated position whose margin the funding ate down to maintenance', () => {
    const { engine } = deskEngine({ initialMarks: { [SYMBOL]: '3000' } });
    const long = fundedUser(engine, 'long', { futuresUsdt: '1000' });
    const short = fundedUser(engine, 'short', { futuresUsdt: '1000' });
    const maker = fundedUser(engine, 'maker', { futuresUsdt: '1000' });
    engine.setLeverage(short.userId, SYMBOL, '20');
    engine.setMarginType(short.userId, SYMBOL, 'ISOLATED');
    const open = { symbol: SYMBOL, type: 'LIMIT', quantity: '10', price: '3000' } as const;
    engine.placeFuturesOrder({ ...open, userId: short.userId, side: 'SELL_OPEN', clientOrderId: 's' });
    engine.placeFuturesOrder({ ...open, userId: long.userId, side: 'BUY_OPEN', clientOrderId: 'l' });
    // Liquidity for the forced close.
    engine.placeFuturesOrder({
      ...open,
      price: '3010',
      userId: maker.userId,
      side: 'SELL_OPEN',
      clientOrderId: 'm',
    });
    // Short margin 30 / 20 = 1.5, maintenance 30 x 0.005 = 0.15: liquidation at 3000 + 1.35 / 0.01 = 3135.
    expect(engine.listPositions(short.userId, SYMBOL, 'SHORT')[0].liquidationPrice).toBe('3135');

    // Paying 30 x 0.04 = 1.2 leaves 0.3 of margin: liquidation at 3000 + 0.15 / 0.01 = 3015, the mark is 3000.
    engine.settleFunding({ symbol: SYMBOL, rate: '-0.04' });
    expect(engine.listPositions(short.userId, SYMBOL, 'SHORT')[0]).toMatchObject({
      margin: '0.3',
      liquidationPrice: '3015',
    });

    // Paying another 30 x 0.01 = 0.3 leaves no margin: liquidation at 3000 - 0.15 / 0.01 = 2985, past the mark.
    engine.settleFunding({ symbol: SYMBOL, rate: '-0.01' });
    expect(engine.listPositions(short.userId, SYMBOL, 'SHORT')).toEqual([]);
    const [liquidation] = engine
      .listFuturesHistoryOrders({ userId: short.userId, symbol: SYMBOL, type: 'LIMIT' })
      .filter((order) => order.side === 'BUY_CLOSE');
    expect(liquidation).toMatchObject({
      isLiquidationOrder: true,
      liquidationType: 'LIQUIDATION_TAKER',
      status: 'FILLED',
    });
  });

  it('refuses a malformed or absurd rate and a spot symbol, naming the field', () => {
    const { engine } = openedPair();
    expect(() => engine.settleFunding({ rate: 'lots' })).toThrow(
      expect.objectContaining({ code: '0001', field: 'rate' }),
    );
    expect(() => engine.settleFunding({ rate: '-1' })).toThrow(
      expect.objectContaining({ code: '-1130', field: 'rate' }),
    );
    expect(() => engine.settleFunding({ symbol: 'ETHUSDT' })).toThrow(
      expect.objectContaining({ code: -100010 }),
    );
    expect(engine.getFundingHistory({ symbol: SYMBOL })).toEqual([]);
  });
});
