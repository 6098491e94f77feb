import { generateKeyPairSync, verify } from 'node:crypto';
import { createServer } from 'node:net';
import { ExchangeClient } from '../exchange-client';
import {
  ExchangeUnavailableError,
  RateLimitedError,
  TimestampRejectedError,
  UnexpectedResponseError,
} from '../errors/exchange-errors';
import { WeightRateLimiter } from '../rate-limit/weight-rate-limiter';
import { RecordingVenue, splitSignature } from '../../test-support/recording-venue';
import { fixture, LOCAL_NOW, testClient } from '../../test-support/endpoint-cases';

const order = {
  symbol: 'ETHUSDT',
  side: 'BUY' as const,
  type: 'LIMIT' as const,
  quantity: '0.01',
  price: '2000',
  newClientOrderId: 'client-1',
};
const ack = fixture('rest_POST_api_v1_spot_order_limit_maker.json');

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

describe('REST policies against a local venue', () => {
  let venue: RecordingVenue;
  const clients: ExchangeClient[] = [];
  const sleeps: number[] = [];
  const make = (overrides: Parameters<typeof testClient>[1] = {}) => {
    const client = testClient(venue, {
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
      random: () => 0.5,
      ...overrides,
    });
    clients.push(client);
    return client;
  };

  beforeEach(async () => {
    venue = await RecordingVenue.start();
    sleeps.length = 0;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await venue.close();
  });

  describe('writes: a failure in flight is an uncertain outcome, never retried', () => {
    it('5XX', async () => {
      venue.reply('POST', '/api/v1.1/spot/order', {
        status: 503,
        body: { code: '-1000', msg: 'Unknown error' },
      });
      const outcome = await make().spot.placeOrder(order);
      expect(outcome).toMatchObject({
        kind: 'uncertain',
        reason: 'http-5xx',
        httpStatus: 503,
        clientOrderIds: ['client-1'],
        endpoint: 'POST /api/v1.1/spot/order',
      });
      expect(venue.calls).toHaveLength(1);
    });

    it('timeout', async () => {
      venue.reply('POST', '/api/v1.1/spot/order', { delayMs: 2_000, body: ack });
      const outcome = await make({ requestTimeoutMs: 150 }).spot.placeOrder(order);
      expect(outcome).toMatchObject({ kind: 'uncertain', reason: 'timeout', clientOrderIds: ['client-1'] });
      expect(venue.calls).toHaveLength(1);
    });

    it('connection reset', async () => {
      venue.reply('POST', '/api/v1.1/spot/order', { destroy: true });
      const outcome = await make().spot.placeOrder(order);
      expect(outcome).toMatchObject({
        kind: 'uncertain',
        reason: 'connection-lost',
        clientOrderIds: ['client-1'],
      });
      expect(venue.calls).toHaveLength(1);
    });

    it('a batch carries every client order id', async () => {
      venue.reply('POST', '/api/v1.1/spot/batchOrders', { status: 502, rawBody: 'bad gateway' });
      const outcome = await make().spot.placeBatch([order, { ...order, newClientOrderId: 'client-2' }]);
      expect(outcome).toMatchObject({ kind: 'uncertain', clientOrderIds: ['client-1', 'client-2'] });
    });

    it('the venue code for an unknown execution status', async () => {
      venue.reply('DELETE', '/api/v1/spot/order', {
        status: 400,
        body: { code: '-1006', msg: 'Execution status unknown' },
      });
      const outcome = await make().spot.cancelOrder({ clientOrderId: 'client-1' });
      expect(outcome).toMatchObject({
        kind: 'uncertain',
        reason: 'venue-status-unknown',
        clientOrderIds: ['client-1'],
      });
    });

    it('a cancel by venue ids carries those ids', async () => {
      venue.reply('DELETE', '/api/v1/futures/cancelOrderByIds', { status: 504 });
      const outcome = await make().futures.cancelOrdersByIds(['11', '12']);
      expect(outcome).toMatchObject({ kind: 'uncertain', clientOrderIds: [], orderIds: ['11', '12'] });
    });

    it('a 2XX answer that cannot be read', async () => {
      venue.reply('POST', '/api/v1.1/spot/order', { body: { ...(ack as object), status: 'SOMETHING' } });
      const outcome = await make().spot.placeOrder(order);
      expect(outcome).toMatchObject({
        kind: 'uncertain',
        reason: 'unreadable-response',
        detail: expect.stringContaining('status'),
      });
    });

    it('a refused connection is certain: rejected, not sent', async () => {
      const client = new ExchangeClient({
        baseUrl: await closedPortUrl(),
        credentials: { kind: 'hmac', apiKey: 'k', secretKey: 's' },
        localNow: () => LOCAL_NOW,
        readRetry: { attempts: 1 },
      });
      clients.push(client);
      const outcome = await client.spot.placeOrder(order);
      expect(outcome).toMatchObject({ kind: 'rejected', sent: false });
    });

    it('an uncertain transfer carries the client order id it was sent with, generated if need be', async () => {
      venue.reply('POST', '/api/v1/account/assetTransfer', { status: 504 });
      const outcome = await make().account.transfer({
        fromAccountId: '1',
        toAccountId: '3',
        coin: 'USDT',
        quantity: '1',
      });
      const sentId = new URLSearchParams(venue.calls[0].rawQuery).get('clientOrderId');
      expect(sentId).toMatch(/^[0-9a-f]{32}$/);
      expect(outcome).toMatchObject({ kind: 'uncertain', clientOrderIds: [sentId] });
    });

    it('a venue rejection keeps its code and type', async () => {
      venue.reply('POST', '/api/v1.1/spot/order', {
        status: 400,
        body: fixture('error_-1141_duplicate_order.json'),
      });
      const outcome = await make().spot.placeOrder(order);
      expect(outcome).toMatchObject({
        kind: 'rejected',
        sent: true,
        error: { kind: 'duplicate-client-order-id', code: '-1141' },
      });
    });

    it('generates a client order id when none is given, so an uncertain outcome can be resolved', async () => {
      venue.reply('POST', '/api/v1.1/spot/order', { status: 500 });
      const outcome = await make().spot.placeOrder({ ...order, newClientOrderId: undefined });
      expect(outcome.kind).toBe('uncertain');
      const sentId = new URLSearchParams(venue.calls[0].rawQuery).get('newClientOrderId');
      expect(sentId).toMatch(/^[0-9a-f]{32}$/);
      expect(outcome).toMatchObject({ clientOrderIds: [sentId] });
    });
  });

  describe('reads: retried with backoff', () => {
    it('retries a 5XX and returns the answer', async () => {
      venue.reply(
        'GET',
        '/api/v1/spot/order',
        { status: 500 },
        { destroy: true },
        { body: fixture('rest_GET_api_v1_spot_order.json') },
      );
      const record = await make().spot.getOrder({ orderId: '1' });
      expect(record.orderId).toBe('1738695230608169984');
      expect(venue.calls).toHaveLength(3);
      expect(sleeps).toEqual([150, 300]);
    });

    it('gives up after the configured attempts with ExchangeUnavailableError', async () => {
      venue.reply('GET', '/api/v1/account', { status: 503 });
      await expect(make().account.getAccount()).rejects.toBeInstanceOf(ExchangeUnavailableError);
      expect(venue.calls).toHaveLength(3);
    });

    it('names endpoint and field of an unexpected shape', async () => {
      venue.reply('GET', '/api/v1/futures/positions', { body: [{ symbol: 'X', side: 'UP' }] });
      const failure = make().futures.getPositions();
      await expect(failure).rejects.toBeInstanceOf(UnexpectedResponseError);
      await expect(failure).rejects.toMatchObject({
        endpoint: 'GET /api/v1/futures/positions',
        field: '0.side',
      });
    });
  });

  it('keeps every digit of ids the venue sends as JSON numbers (LONG in the seeds)', async () => {
    venue.reply('DELETE', '/api/v1/futures/cancelOrderByIds', {
      rawBody: '{"code":"0000","result":[{"orderId":1747358716129257217,"msg":"Order not found"}]}',
    });
    venue.reply('DELETE', '/api/v1/futures/cancelAllOpenOrders', {
      rawBody:
        '{"code":"0000","message":"accepted","timestamp":1722865041500,"lastOrderId":1738695230608169985}',
    });
    const client = make();
    expect(await client.futures.cancelOrdersByIds(['1747358716129257217'])).toMatchObject({
      kind: 'accepted',
      value: { result: [{ orderId: '1747358716129257217' }] },
    });
    expect(await client.futures.cancelAllOpenOrders({ symbol: 'ETHUSDT-PERPETUAL' })).toMatchObject({
      kind: 'accepted',
      value: { lastOrderId: '1738695230608169985', timestamp: '1722865041500' },
    });
  });

  it('types a 4XX by its code even when the body has no msg', async () => {
    venue.reply('GET', '/api/v1/spot/order', { status: 400, body: { code: '0211' } });
    await expect(make().spot.getOrder({ orderId: '1' })).rejects.toMatchObject({
      kind: 'not-found',
      code: '0211',
    });
  });

  it('reuses keep-alive connections for sequential requests', async () => {
    venue.reply('GET', '/api/v1/account', { body: fixture('rest_GET_api_v1_account.json') });
    const client = make();
    for (let i = 0; i < 10; i += 1) await client.account.getAccount();
    expect(venue.requests).toHaveLength(11); // one clock read, ten calls
    // Without keep-alive every request would open its own connection.
    expect(venue.connectionCount).toBeLessThanOrEqual(2);
  });

  describe('rate limits', () => {
    it('suspends the key for a minute after a 429 and sends nothing meanwhile', async () => {
      let now = LOCAL_NOW;
      const limiter = new WeightRateLimiter({ now: () => now });
      const client = make({ rateLimiter: limiter, localNow: () => now });
      venue.reply(
        'GET',
        '/api/v1/account',
        { status: 429, body: { code: '0003', msg: 'Rate limit exceeded' } },
        { body: fixture('rest_GET_api_v1_account.json') },
      );
      await expect(client.account.getAccount()).rejects.toMatchObject({
        reason: 'http-429',
        sent: true,
        retryAfterMs: 60_000,
      });
      now += 30_000;
      const refused = client.spot.placeOrder(order);
      await expect(refused).resolves.toMatchObject({
        kind: 'rejected',
        sent: false,
        error: { reason: 'key-suspended', retryAfterMs: 30_000 },
      });
      await expect(client.account.getAccount()).rejects.toBeInstanceOf(RateLimitedError);
      expect(venue.calls).toHaveLength(1);
      now += 30_000;
      await expect(client.account.getAccount()).resolves.toMatchObject({ userId: '1732885739572845312' });
      expect(venue.calls).toHaveLength(2);
    });

    it('never sends again with any key after a 418', async () => {
      let now = LOCAL_NOW;
      const limiter = new WeightRateLimiter({ now: () => now });
      const first = make({ rateLimiter: limiter, localNow: () => now });
      const second = make({
        rateLimiter: limiter,
        localNow: () => now,
        credentials: { kind: 'hmac', apiKey: 'other', secretKey: 's' },
      });
      venue.reply('GET', '/api/v1/account', { status: 418, headers: { 'retry-after': '120' } });
      await expect(first.account.getAccount()).rejects.toMatchObject({ reason: 'http-418' });
      now += 60_000;
      await expect(second.account.getAccount()).rejects.toMatchObject({ reason: 'ip-blocked', sent: false });
      await expect(second.market.ping()).rejects.toMatchObject({ reason: 'ip-blocked' });
      expect(venue.calls).toHaveLength(1);
    });

    it('spaces internal transfers one second apart', async () => {
      let now = LOCAL_NOW;
      const waits: number[] = [];
      const limiter = new WeightRateLimiter({
        now: () => now,
        sleep: (ms) => {
          waits.push(ms);
          now += ms;
          return Promise.resolve();
        },
      });
      const client = make({ rateLimiter: limiter, localNow: () => now });
      venue.reply('POST', '/api/v1/account/assetTransfer', {
        body: fixture('rest_POST_api_v1_account_assetTransfer.json'),
      });
      const transfer = { fromAccountId: '1', toAccountId: '3', coin: 'USDT', quantity: '1' };
      await client.account.transfer(transfer);
      await client.account.transfer(transfer);
      expect(waits).toEqual([1_100]);
      expect(venue.calls).toHaveLength(2);
    });
  });

  describe('clock', () => {
    it('re-measures server time after a timestamp rejection and retries once', async () => {
      const client = make();
      venue.reply(
        'GET',
        '/api/v1/account',
        {
          status: 400,
          body: { code: '-1021', msg: 'Timestamp for this request is outside of the recvWindow' },
        },
        { body: fixture('rest_GET_api_v1_account.json') },
      );
      await client.market.getServerTime(); // a plain read of the time does not set the clock
      venue.requests.length = 0;
      const first = client.account.getAccount();
      await expect(first).resolves.toMatchObject({ userId: '1732885739572845312' });
      expect(venue.requests.map((r) => r.path)).toEqual([
        '/api/v1/time',
        '/api/v1/account',
        '/api/v1/time',
        '/api/v1/account',
      ]);
    });

    it('gives up after the one retry with a TimestampRejectedError', async () => {
      venue.reply('GET', '/api/v1/account', {
        status: 400,
        body: { code: '-1021', msg: 'Timestamp outside of the recvWindow' },
      });
      await expect(make().account.getAccount()).rejects.toBeInstanceOf(TimestampRejectedError);
      expect(venue.calls).toHaveLength(2);
    });

    it('signs with venue time and re-measures it once the resync interval has passed', async () => {
      let now = LOCAL_NOW;
      const client = make({ localNow: () => now, clockResyncIntervalMs: 60_000 });
      venue.reply('GET', '/api/v1/account', { body: fixture('rest_GET_api_v1_account.json') });
      venue.serverTime = LOCAL_NOW + 3_000;
      await client.account.getAccount();
      now += 30_000;
      await client.account.getAccount();
      expect(venue.requests.filter((r) => r.path === '/api/v1/time')).toHaveLength(1);
      expect(new URLSearchParams(venue.calls[1].rawQuery).get('timestamp')).toBe(String(now + 3_000));
      venue.serverTime = now + 30_000 + 7_000;
      now += 30_000;
      await client.account.getAccount();
      expect(venue.requests.filter((r) => r.path === '/api/v1/time')).toHaveLength(2);
      expect(new URLSearchParams(venue.calls[2].rawQuery).get('timestamp')).toBe(String(now + 7_000));
    });
  });

  describe('authentication', () => {
    it('sends the API key under the configured header name', async () => {
      venue.reply('GET', '/api/v1/account', { body: fixture('rest_GET_api_v1_account.json') });
      await make({ apiKeyHeader: 'X-HK-APIKEY' }).account.getAccount();
      expect(venue.calls[0].headers['x-hk-apikey']).toBe('test-api-key');
      expect(venue.calls[0].headers['x-apikey']).toBeUndefined();
    });

    it('signs with Ed25519 in percent-encoded Base64 that the public key verifies', async () => {
      const { privateKey, publicKey } = generateKeyPairSync('ed25519');
      const client = make({
        credentials: {
          kind: 'ed25519',
          apiKey: 'ed-key',
          privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
        },
      });
      venue.reply('POST', '/api/v1.1/spot/order', { body: ack });
      await client.spot.placeOrder(order);
      const { signed, signature } = splitSignature(venue.calls[0].rawQuery);
      expect(venue.calls[0].rawQuery).not.toMatch(/signature=.*[+/=]/);
      expect(verify(null, Buffer.from(signed, 'utf8'), publicKey, Buffer.from(signature, 'base64'))).toBe(
        true,
      );
    });

    it('refuses a recvWindow above 8000 before anything is sent', () => {
      expect(() => make({ recvWindowMs: 9_000 })).toThrow(/recvWindow/);
    });
  });
});
