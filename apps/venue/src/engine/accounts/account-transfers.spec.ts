import { balanceOf, deskEngine, fundedUser, recordEvents, tradeSpot } from '../test-support/desk-engine';

describe('accounts', () => {
  it('creates users with the four account types and exchange-shaped ids', () => {
    const { engine } = deskEngine();
    const user = engine.createUser({ label: 'desk-a' });
    expect(
      engine.listAccounts(user.userId).map((account) => [account.accountType, account.accountLabel]),
    ).toEqual([
      [1, 'Main Trading Account'],
      [3, 'Main Future Account'],
      [5, 'Custody Account'],
      [6, 'Fiat Account'],
    ]);
    expect(user.spotAccountId).toMatch(/^\d{19}$/);
    expect(engine.getUser(user.userId)).toEqual(user);
    expect(() => engine.getUser('404')).toThrow(expect.objectContaining({ code: '-1002' }));
  });

  it('moves USDT between the spot and futures accounts and publishes both balances', () => {
    const { engine } = deskEngine();
    const user = fundedUser(engine, 'desk', { spot: { USDT: '1000' } });
    const events = recordEvents(engine, user.userId);
    const transfer = engine.transferAsset({
      userId: user.userId,
      fromAccountId: user.spotAccountId,
      toAccountId: user.futuresAccountId,
      coin: 'USDT',
      quantity: '400',
      clientOrderId: 't-1',
    });
    expect(transfer).toMatchObject({
      clientOrderId: 't-1',
      quantity: '400',
      fromAccountId: user.spotAccountId,
    });
    expect(balanceOf(engine, user.userId, 'USDT')).toEqual({ free: '600', locked: '0' });
    expect(engine.getFuturesBalances(user.userId)[0]).toMatchObject({
      balance: '400',
      availableBalance: '400',
    });
    expect(events.map((event) => event.kind)).toEqual(['spotBalance', 'futuresBalance']);

    engine.transferAsset({
      userId: user.userId,
      fromAccountId: user.futuresAccountId,
      toAccountId: user.spotAccountId,
      coin: 'USDT',
      quantity: '150',
    });
    expect(balanceOf(engine, user.userId, 'USDT').free).toBe('750');
    expect(() =>
      engine.transferAsset({
        userId: user.userId,
        fromAccountId: user.futuresAccountId,
        toAccountId: user.spotAccountId,
        coin: 'USDT',
        quantity: '251',
      }),
    ).toThrow(expect.objectContaining({ code: '-2030' }));
    expect(() =>
      engine.transferAsset({
        userId: user.userId,
        fromAccountId: user.spotAccountId,
        toAccountId: user.futuresAccountId,
        coin: 'USDT',
        quantity: '-1',
      }),
    ).toThrow(
      expect.objectContaining({
        code: '-1130',
        msg: 'Invalid data sent for a parameter (quantity): must be positive',
      }),
    );
    const stranger = engine.createUser({ label: 'stranger' });
    expect(() =>
      engine.transferAsset({
        userId: stranger.userId,
        fromAccountId: user.spotAccountId,
        toAccountId: stranger.spotAccountId,
        coin: 'USDT',
        quantity: '1',
      }),
    ).toThrow(expect.objectContaining({ code: '-1130' }));
  });

  it('refuses deposits of a non-margin asset into a futures account and malformed amounts', () => {
    const { engine } = deskEngine();
    const user = engine.createUser({});
    expect(() => engine.deposit({ accountId: user.futuresAccountId, asset: 'ETH', amount: '1' })).toThrow(
      expect.objectContaining({ code: '-1130' }),
    );
    expect(() => engine.deposit({ accountId: user.spotAccountId, asset: 'ETH', amount: '1e3' })).toThrow(
      expect.objectContaining({ code: '0001', msg: 'Required field amount missing or invalid' }),
    );
    expect(engine.deposit({ accountId: user.custodyAccountId, asset: 'BTC', amount: '2' })).toEqual({
      accountId: user.custodyAccountId,
      asset: 'BTC',
      free: '2',
    });
  });

  it('reports spot fee rates and the 30-day traded volume in the VIP info', () => {
    const { engine } = deskEngine();
    const seller = fundedUser(engine, 'seller', { spot: { ETH: '1' } });
    const buyer = fundedUser(engine, 'buyer', { spot: { USDT: '5000' } });
    tradeSpot(engine, seller, buyer, { symbol: 'ETHUSDT', quantity: '1', price: '3000' });
    const info = engine.getVipInfo(buyer.userId, ['ETHUSDT']);
    expect(info.tradeVol30Day).toBe('3000');
    expect(info.data).toEqual([
      {
        symbol: 'ETHUSDT',
        productType: 'Token-Token',
        buyMakerFeeCurrency: 'ETH',
        buyTakerFeeCurrency: 'ETH',
        sellMakerFeeCurrency: 'USDT',
        sellTakerFeeCurrency: 'USDT',
        actualMakerRate: '0.001',
        actualTakerRate: '0.0012',
      },
    ]);
  });

  it('snapshots orders, fills, positions and balances of every desk user', () => {
    const { engine } = deskEngine({ initialMarks: { 'ETHUSDT-PERPETUAL': '3000' } });
    const long = fundedUser(engine, 'long', { spot: { USDT: '100' }, futuresUsdt: '1000' });
    const short = fundedUser(engine, 'short', { futuresUsdt: '1000' });
    engine.placeFuturesOrder({
      userId: short.userId,
      symbol: 'ETHUSDT-PERPETUAL',
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: '10',
      price: '3000',
      clientOrderId: 's',
    });
    engine.placeFuturesOrder({
      userId: long.userId,
      symbol: 'ETHUSDT-PERPETUAL',
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: '10',
      price: '3000',
      clientOrderId: 'l',
    });
    const snapshot = engine.snapshot();
    expect(snapshot.users.map((user) => user.user.label)).toEqual(['long', 'short']);
    const [longView] = snapshot.users;
    expect(longView.accountBalances).toEqual([
      {
        accountId: long.spotAccountId,
        balances: [{ asset: 'USDT', total: '100', free: '100', locked: '0' }],
      },
    ]);
    expect(longView.futuresOrders.map((order) => order.status)).toEqual(['FILLED']);
    expect(longView.futuresTrades).toHaveLength(1);
    expect(
      longView.positions.map((position) => [position.side, position.position, position.avgPrice]),
    ).toEqual([['LONG', '10', '3000']]);
    expect(longView.leverages).toEqual([{ symbol: 'ETHUSDT-PERPETUAL', leverage: '5', marginType: 'CROSS' }]);
    expect(snapshot.marks.find((mark) => mark.symbol === 'ETHUSDT-PERPETUAL')?.price).toBe('3000');
  });

  it('changes isolated margin only in ISOLATED mode and within what the position can spare', () => {
    const { engine } = deskEngine({ initialMarks: { 'ETHUSDT-PERPETUAL': '3000' } });
    const long = fundedUser(engine, 'long', { futuresUsdt: '1000' });
    const short = fundedUser(engine, 'short', { futuresUsdt: '1000' });
    engine.placeFuturesOrder({
      userId: short.userId,
      symbol: 'ETHUSDT-PERPETUAL',
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: '100',
      price: '3000',
      clientOrderId: 's',
    });
    engine.placeFuturesOrder({
      userId: long.userId,
      symbol: 'ETHUSDT-PERPETUAL',
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: '100',
      price: '3000',
      clientOrderId: 'l',
    });
    const adjust = { userId: long.userId, symbol: 'ETHUSDT-PERPETUAL', side: 'LONG' as const };
    expect(() => engine.adjustPositionMargin({ ...adjust, amount: '10' })).toThrow(
      expect.objectContaining({ code: '-1020' }),
    );
    expect(engine.setMarginType(long.userId, 'ETHUSDT-PERPETUAL', 'ISOLATED')).toMatchObject({
      marginType: 'ISOLATED',
    });
    expect(engine.adjustPositionMargin({ ...adjust, amount: '10' })).toMatchObject({ margin: '70' });
    expect(engine.listPositions(long.userId)[0]).toMatchObject({
      margin: '70',
      reducibleQty: '10',
      marginType: 'ISOLATED',
    });
    expect(() => engine.adjustPositionMargin({ ...adjust, amount: '-11' })).toThrow(
      expect.objectContaining({ code: '-2030' }),
    );
    expect(engine.adjustPositionMargin({ ...adjust, amount: '-10' })).toMatchObject({ margin: '60' });
  });
});
