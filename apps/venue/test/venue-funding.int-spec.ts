import {
  futuresBalanceListSchema,
  historyFundingRateListSchema,
  outboundContractAccountInfoSchema,
  outboundContractPositionInfoSchema,
} from '@oms/exchange';
import type { RunningVenue } from '@oms/venue';
import { PrivateStreamClient, settle } from '../test-support/private-stream-client';
import { startTestVenue } from '../test-support/test-venue';
import { expectDecimal, futuresPosition, futuresWallet } from '../test-support/venue-assertions';
import type { ControlClient, VenueTestClient } from '../test-support/venue-test-client';

const SYMBOL = 'ETHUSDT-PERPETUAL';

/**
 * Funding settled from the control plane, seen over REST and the private stream.
 * LONG (CROSS) buys 10 contracts from SHORT (ISOLATED) at 3000, leverage 5, multiplier
 * 0.001: margin 6 each; fees long (taker) 30 x 0.0006 = 0.018, short (maker)
 * 30 x 0.00025 = 0.0075. The mark then moves to 3200: position value 32, unrealized +/-2.
 */
describe('funding settlement over HTTP and WebSocket', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  let long: VenueTestClient;
  let short: VenueTestClient;
  let longStream: PrivateStreamClient;
  let shortStream: PrivateStreamClient;

  const openStream = async (client: VenueTestClient) => {
    const created = await client.signed('POST', '/api/v1/userDataStream');
    return PrivateStreamClient.connect(venue.streamUrl, created.body.listenKey);
  };

  beforeAll(async () => {
    ({ venue, control } = await startTestVenue(33, { marks: { [SYMBOL]: '3000' } }));
    long = (await control.createTrader(venue.restUrl, { futures: { USDT: '1000' } })).client;
    short = (await control.createTrader(venue.restUrl, { futures: { USDT: '1000' } })).client;
    await short.signed('POST', '/api/v1/futures/marginType', { symbol: SYMBOL, marginType: 'ISOLATED' });
    const open = { symbol: SYMBOL, type: 'LIMIT', quantity: 10, price: '3000' };
    await short.signed('POST', '/api/v1/futures/order', { ...open, side: 'SELL_OPEN', clientOrderId: 's-1' });
    await long.signed('POST', '/api/v1/futures/order', { ...open, side: 'BUY_OPEN', clientOrderId: 'l-1' });
    await control.ok('POST', '/marks', { symbol: SYMBOL, price: '3200' });
    longStream = await openStream(long);
    shortStream = await openStream(short);
  });

  afterAll(async () => {
    await Promise.all([longStream.close(), shortStream.close()]);
    await venue.stop();
  });

  it('charges LONG and pays SHORT 3200 x 10 x 0.001 x 0.0005 = 0.016 when the control plane settles', async () => {
    const settled = await control.ok('POST', '/funding/settle', { symbol: SYMBOL, rate: '0.0005' });
    expect(settled).toHaveLength(1);
    expect(settled[0]).toMatchObject({ symbol: SYMBOL, settleRate: '0.0005', markPrice: '3200' });
    expect(settled[0].payments).toEqual([
      expect.objectContaining({
        side: 'SHORT',
        marginType: 'ISOLATED',
        positionValue: '32',
        amount: '0.016',
      }),
      expect.objectContaining({ side: 'LONG', marginType: 'CROSS', positionValue: '32', amount: '-0.016' }),
    ]);

    // CROSS: 999.982 - 0.016 in the wallet, margin untouched, available 999.966 - 6 + 2.
    const longWallet = await futuresWallet(long);
    expectDecimal(longWallet.balance, '999.966');
    expectDecimal(longWallet.positionMargin, '6');
    expectDecimal(longWallet.availableBalance, '995.966');
    // ISOLATED: 999.9925 + 0.016 in the wallet and in the position's margin; available unchanged.
    const shortWallet = await futuresWallet(short);
    expectDecimal(shortWallet.balance, '1000.0085');
    expectDecimal(shortWallet.positionMargin, '6.016');
    expectDecimal(shortWallet.availableBalance, '991.9925');
    expectDecimal((await futuresPosition(short, SYMBOL, 'SHORT'))?.margin, '6.016');
    expectDecimal((await futuresPosition(long, SYMBOL, 'LONG'))?.margin, '6');
  });

  it('pushes the changed balance to both and the changed position to the isolated side only', async () => {
    await longStream.waitFor(() => longStream.events('outboundContractAccountInfo').length >= 1);
    await shortStream.waitFor(
      () =>
        shortStream.events('outboundContractAccountInfo').length >= 1 &&
        shortStream.events('outboundContractPositionInfo').length >= 1,
    );
    await settle();
    const longBalance = outboundContractAccountInfoSchema.parse(
      longStream.events('outboundContractAccountInfo')[0],
    );
    expect(longBalance.B).toEqual([expect.objectContaining({ a: 'USDT', f: '995.966', l: '6' })]);
    expect(longStream.events('outboundContractPositionInfo')).toEqual([]);

    const shortBalance = outboundContractAccountInfoSchema.parse(
      shortStream.events('outboundContractAccountInfo')[0],
    );
    expect(shortBalance.B).toEqual([expect.objectContaining({ a: 'USDT', f: '991.9925', l: '6.016' })]);
    const shortPosition = outboundContractPositionInfoSchema.parse(
      shortStream.events('outboundContractPositionInfo')[0],
    );
    expect(shortPosition).toMatchObject({ s: SYMBOL, S: 'SHORT', P: '10', m: '6.016', mt: 'ISOLATED' });
    expect(shortStream.events('contractExecutionReport')).toEqual([]);
  });

  it('lists the settlements in historyFundingRate, newest first, signed or not', async () => {
    await control.ok('POST', '/funding/settle', { symbol: SYMBOL });
    const unsigned = await long.unsigned(
      'GET',
      '/api/v1/futures/historyFundingRate',
      { symbol: SYMBOL },
      false,
    );
    const history = historyFundingRateListSchema.parse(unsigned.body);
    expect(history.map((entry) => entry.settleRate)).toEqual(['0.0001', '0.0005']);
    expect(history.every((entry) => entry.symbol === SYMBOL)).toBe(true);
    const signed = await long.signed('GET', '/api/v1/futures/historyFundingRate', {
      symbol: SYMBOL,
      limit: 1,
    });
    expect(signed.body).toEqual([unsigned.body[0]]);
    const older = await long.unsigned(
      'GET',
      '/api/v1/futures/historyFundingRate',
      { symbol: SYMBOL, endId: history[1].id },
      false,
    );
    expect(older.body).toEqual([unsigned.body[1]]);
    // 3200 x 10 x 0.001 x 0.0001 = 0.0032 more from the long.
    const balances = futuresBalanceListSchema.parse(
      (await long.signed('GET', '/api/v1/futures/balance')).body,
    );
    expectDecimal(balances[0].balance, '999.9628');
    const snapshot = await control.ok('GET', '/snapshot');
    const payments = snapshot.users.flatMap((user: { fundingPayments: { amount: string }[] }) =>
      user.fundingPayments.map((payment) => payment.amount),
    );
    expect(payments.sort()).toEqual(['-0.0032', '-0.016', '0.0032', '0.016']);
  });

  it('refuses bad settlement requests and history queries with the field named', async () => {
    const badRate = await control.call('POST', '/funding/settle', { rate: 'lots' });
    expect(badRate.status).toBe(400);
    expect(JSON.stringify(badRate.body)).toContain('rate');
    const absurd = await control.call('POST', '/funding/settle', { rate: '2' });
    expect(absurd.status).toBe(400);
    expect(absurd.body).toMatchObject({ code: '-1130', field: 'rate' });
    const spot = await control.call('POST', '/funding/settle', { symbol: 'ETHUSDT' });
    expect(spot.status).toBe(400);
    expect(spot.body.code).toBe(-100010);
    const noSymbol = await long.unsigned('GET', '/api/v1/futures/historyFundingRate', {}, false);
    expect(noSymbol.status).toBe(400);
    expect(noSymbol.body.msg).toContain('symbol');
    const badId = await long.unsigned(
      'GET',
      '/api/v1/futures/historyFundingRate',
      { symbol: SYMBOL, fromId: 'abc' },
      false,
    );
    expect(badId.status).toBe(400);
    expect(badId.body.msg).toContain('fromId');
  });

  it('settles every perpetual at the published rate when the request has no body', async () => {
    const settled = await control.ok('POST', '/funding/settle');
    expect(
      settled.map((entry: { symbol: string; settleRate: string }) => [entry.symbol, entry.settleRate]),
    ).toEqual([
      ['BTCUSDT-PERPETUAL', '0.0001'],
      [SYMBOL, '0.0001'],
    ]);
    // Another 3200 x 10 x 0.001 x 0.0001 = 0.0032 from the long: 999.9628 - 0.0032.
    expectDecimal((await futuresWallet(long)).balance, '999.9596');
  });
});
