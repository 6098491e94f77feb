import WebSocket from 'ws';
import { balanceFlowListSchema, futuresTradeListSchema } from '@oms/exchange';
import type { RunningVenue } from '../src';
import { startTestVenue } from '../test-support/test-venue';
import { ControlClient, VenueTestClient } from '../test-support/venue-test-client';

const SYMBOL = 'BTCUSDT-PERPETUAL';

describe('venue additions for ingest: balanceFlow, trades without ticketId, raw frames, key revocation', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  let long: VenueTestClient;
  let short: VenueTestClient;
  let longUserId: string;

  beforeAll(async () => {
    ({ venue, control } = await startTestVenue(71, { marks: { [SYMBOL]: '30000' } }));
    const a = await control.createTrader(venue.restUrl, { futures: { USDT: '100000' } });
    long = a.client;
    longUserId = a.userId;
    short = (await control.createTrader(venue.restUrl, { futures: { USDT: '100000' } })).client;
    await short.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: 100,
      price: '30000',
      priceType: 'INPUT',
      timeInForce: 'GTC',
      clientOrderId: 's-1',
    });
    await long.signed('POST', '/api/v1/futures/order', {
      symbol: SYMBOL,
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: 100,
      price: '30000',
      priceType: 'INPUT',
      timeInForce: 'GTC',
      clientOrderId: 'l-1',
    });
  });

  afterAll(() => venue.stop());

  it('balanceFlow lists funding payments in the live row shape, the payer negative', async () => {
    expect((await long.signed('GET', '/api/v1/account/balanceFlow')).body).toEqual([]);
    await control.ok('POST', '/funding/settle', { symbol: SYMBOL, rate: '0.001' });
    const rows = balanceFlowListSchema.parse((await long.signed('GET', '/api/v1/account/balanceFlow')).body);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      coin: 'USDT',
      flowTypeValue: '600',
      flowType: 'FUNDING_FEE',
      change: '-3',
    });
    const wallet = (await long.signed('GET', '/api/v1/futures/balance')).body[0].balance as string;
    expect(rows[0].total).toBe(wallet);
    expect((await long.signed('GET', '/api/v1/account/balanceFlow', { flowType: 51 })).body).toEqual([]);
  });

  it('the switch makes futures userTrades rows come without ticketId, and back', async () => {
    const trades = async () =>
      futuresTradeListSchema.parse(
        (await long.signed('GET', '/api/v1/futures/userTrades', { symbol: SYMBOL })).body,
      );
    expect((await trades())[0].ticketId).toEqual(expect.any(String));
    expect(await control.ok('POST', '/switches', { futuresTradesWithoutTicketId: true })).toEqual({
      futuresTradesWithoutTicketId: true,
    });
    expect((await trades())[0]).not.toHaveProperty('ticketId');
    await control.ok('POST', '/switches', { futuresTradesWithoutTicketId: false });
    expect((await trades())[0].ticketId).toEqual(expect.any(String));
  });

  it('a raw frame reaches the stream connection exactly as given', async () => {
    const { listenKey } = (await long.signed('POST', '/api/v1/userDataStream')).body as { listenKey: string };
    const socket = new WebSocket(`${venue.streamUrl}/api/v1/ws/${listenKey}`);
    await new Promise((resolve) => socket.once('open', resolve));
    const received = new Promise<string>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(data.toString('utf8'))),
    );
    expect(await control.ok('POST', '/faults/stream/raw', { text: '[{"e":' })).toEqual({ sent: 1 });
    expect(await received).toBe('[{"e":');
    socket.close();
  });

  it('a revoked key is refused as an unknown one; revoking a key of another user is 404', async () => {
    const key = await control.ok<{ apiKey: string; secretKey: string }>(
      'POST',
      `/accounts/${longUserId}/keys`,
      { kind: 'HMAC' },
    );
    const client = new VenueTestClient(venue.restUrl, key);
    expect((await client.signed('GET', '/api/v1/futures/positions')).status).toBe(200);
    expect((await control.call('DELETE', `/accounts/other-user/keys/${key.apiKey}`)).status).toBe(404);
    await control.ok('DELETE', `/accounts/${longUserId}/keys/${key.apiKey}`);
    const refused = await client.signed('GET', '/api/v1/futures/positions');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: '0102' });
  });
});
