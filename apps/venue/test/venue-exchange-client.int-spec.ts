import { generateKeyPairSync } from 'node:crypto';
import { ExchangeClient, UserDataStream } from '@oms/exchange';
import type { UserStreamEvent } from '@oms/exchange';
import type { RunningVenue } from '@oms/venue';
import { startTestVenue } from '../test-support/test-venue';
import { ControlClient } from '../test-support/venue-test-client';

/**
 * The project's own exchange client against the venue: if either side drifts from the
 * wire formats, signing rules or outcome semantics of the other, this fails.
 */
describe('the exchange client of libs/exchange against the venue', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  let client: ExchangeClient;
  const clients: ExchangeClient[] = [];

  beforeAll(async () => {
    ({ venue, control } = await startTestVenue(71));
    client = new ExchangeClient({
      baseUrl: venue.restUrl,
      credentials: { kind: 'hmac', apiKey: venue.demo.apiKey, secretKey: venue.demo.secretKey },
      readRetry: { attempts: 1 },
    });
    clients.push(client);
  });

  afterEach(async () => {
    await control.ok('DELETE', '/faults');
  });

  afterAll(async () => {
    await Promise.all(clients.map((each) => each.close()));
    await venue.stop();
  });

  it('reads server time and exchange info, and loads the symbol rules', async () => {
    expect(Math.abs((await client.market.getServerTime()) - Date.now())).toBeLessThan(5000);
    const rules = await client.refreshSymbolRules();
    expect(rules).toBeDefined();
    const info = await client.market.getExchangeInfo();
    expect(info.contracts.map((contract) => contract.symbol)).toContain('BTCUSDT-PERPETUAL');
  });

  it('places, reads and cancels a spot order', async () => {
    const placed = await client.spot.placeOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: '20000',
      newClientOrderId: 'client-spot-1',
    });
    expect(placed.kind).toBe('accepted');
    const order = await client.spot.getOrder({ origClientOrderId: 'client-spot-1' });
    expect(order.status).toBe('NEW');
    const cancelled = await client.spot.cancelOrder({ clientOrderId: 'client-spot-1' });
    expect(cancelled.kind).toBe('accepted');
    expect((await client.spot.getOrder({ origClientOrderId: 'client-spot-1' })).status).toBe('CANCELED');
  });

  it('gets a rejection with the venue code for a refused order', async () => {
    await client.spot.placeOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: '20000',
      newClientOrderId: 'client-dup',
    });
    const again = await client.spot.placeOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: '20000',
      newClientOrderId: 'client-dup',
    });
    expect(again.kind).toBe('rejected');
    if (again.kind === 'rejected') expect(JSON.stringify(again.error)).toContain('-1141');
  });

  it('sees an injected 5XX after execution as an uncertain outcome, and finds the order', async () => {
    await control.ok('POST', '/faults/http', { mode: 'FAIL_AFTER', count: 1, status: 503 });
    const outcome = await client.spot.placeOrder({
      symbol: 'BTCUSDT',
      side: 'BUY',
      type: 'LIMIT',
      quantity: '0.01',
      price: '20000',
      newClientOrderId: 'client-uncertain',
    });
    expect(outcome.kind).toBe('uncertain');
    if (outcome.kind === 'uncertain') expect(outcome.clientOrderIds).toEqual(['client-uncertain']);
    expect((await client.spot.getOrder({ origClientOrderId: 'client-uncertain' })).status).toBe('NEW');
  });

  it('signs with an Ed25519 key', async () => {
    const pair = generateKeyPairSync('ed25519');
    const key = await control.ok('POST', `/accounts/${venue.demo.userId}/keys`, {
      kind: 'ED25519',
      publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    const ed25519 = new ExchangeClient({
      baseUrl: venue.restUrl,
      credentials: {
        kind: 'ed25519',
        apiKey: key.apiKey,
        privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      },
    });
    clients.push(ed25519);
    expect(await ed25519.account.checkApiKey()).toMatchObject({ accountType: 'Master Account' });
    const account = await ed25519.account.getAccount();
    expect(account.balances.map((balance) => balance.asset)).toContain('USDT');
  });

  it('trades futures and reads positions', async () => {
    await control.ok('POST', '/marks', { symbol: 'ETHUSDT-PERPETUAL', price: '2500' });
    const counterparty = await control.createTrader(venue.restUrl, { futures: { USDT: '100000' } });
    await counterparty.client.signed('POST', '/api/v1/futures/order', {
      symbol: 'ETHUSDT-PERPETUAL',
      side: 'SELL_OPEN',
      type: 'LIMIT',
      quantity: 20,
      price: '2500',
      clientOrderId: 'cp-1',
    });
    expect((await client.futures.setLeverage('ETHUSDT-PERPETUAL', 5)).kind).toBe('accepted');
    const placed = await client.futures.placeOrder({
      symbol: 'ETHUSDT-PERPETUAL',
      side: 'BUY_OPEN',
      type: 'LIMIT',
      quantity: '20',
      price: '2500',
      priceType: 'INPUT',
      clientOrderId: 'client-fut-1',
    });
    expect(placed.kind).toBe('accepted');
    const positions = await client.futures.getPositions({ symbol: 'ETHUSDT-PERPETUAL' });
    expect(positions).toEqual([expect.objectContaining({ side: 'LONG', position: '20' })]);
  });

  it('reads the klines and the funding history the venue serves', async () => {
    // The futures trade above printed one fill of 20 contracts at 2500.
    const candles = await client.market.getKlines({ symbol: 'ETHUSDT-PERPETUAL', interval: '1m' });
    expect(candles.reduce((count, candle) => count + (candle.tradeCount ?? 0), 0)).toBe(1);
    expect(candles[candles.length - 1]).toMatchObject({ close: '2500', volume: '20', quoteVolume: '50' });
    await control.ok('POST', '/funding/settle', { symbol: 'ETHUSDT-PERPETUAL', rate: '0.0002' });
    const history = await client.futuresReference.getHistoryFundingRates({ symbol: 'ETHUSDT-PERPETUAL' });
    expect(history).toEqual([expect.objectContaining({ symbol: 'ETHUSDT-PERPETUAL', settleRate: '0.0002' })]);
  });

  it('receives the private stream through the client stream, which keeps the link alive', async () => {
    const stream = new UserDataStream({
      listenKeys: client.listenKeys,
      streamUrl: venue.streamUrl,
      pingIntervalMs: 200,
    });
    const events: UserStreamEvent[] = [];
    const unknown: unknown[] = [];
    stream.on('event', (event) => events.push(event));
    stream.on('unknown', (message) => unknown.push(message));
    const connected = new Promise<void>((resolve) => stream.on('connected', () => resolve()));
    stream.start();
    try {
      await connected;
      await client.spot.placeOrder({
        symbol: 'BTCUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '0.01',
        price: '19000',
        newClientOrderId: 'client-stream-1',
      });
      const deadline = Date.now() + 3000;
      while (
        !events.some((event) => JSON.stringify(event).includes('client-stream-1')) &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(events.some((event) => JSON.stringify(event).includes('client-stream-1'))).toBe(true);
      expect(unknown).toEqual([]);
    } finally {
      await stream.stop();
    }
  });
});
