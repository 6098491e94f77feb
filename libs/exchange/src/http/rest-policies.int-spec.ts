import { generateKeyPairSync, verify } from 'node:crypto';
import { createServer } from 'node:net';
import { ExchangeClient } from '../exchange-client';
import { ExchangeUnavailableError, UnexpectedResponseError } from '../errors/exchange-errors';
import { splitSignature } from '../../test-support/recording-venue';
import { usePolicyVenue } from '../../test-support/policy-venue';
import { fixture, LOCAL_NOW } from '../../test-support/endpoint-cases';

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
  const env = usePolicyVenue();
  const { make, sleeps, track } = env;

  describe('writes: a failure in flight is an uncertain outcome, never retried', () => {
    it('5XX', async () => {
      env.venue.reply('POST', '/api/v1.1/spot/order', {
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
      expect(env.venue.calls).toHaveLength(1);
    });

    it('timeout', async () => {
      env.venue.reply('POST', '/api/v1.1/spot/order', { delayMs: 2_000, body: ack });
      const outcome = await make({ requestTimeoutMs: 150 }).spot.placeOrder(order);
      expect(outcome).toMatchObject({ kind: 'uncertain', reason: 'timeout', clientOrderIds: ['client-1'] });
      expect(env.venue.calls).toHaveLength(1);
    });

    it('connection reset', async () => {
      env.venue.reply('POST', '/api/v1.1/spot/order', { destroy: true });
      const outcome = await make().spot.placeOrder(order);
      expect(outcome).toMatchObject({
        kind: 'uncertain',
        reason: 'connection-lost',
        clientOrderIds: ['client-1'],
      });
      expect(env.venue.calls).toHaveLength(1);
    });

    it('a batch carries every client order id', async () => {
      env.venue.reply('POST', '/api/v1.1/spot/batchOrders', { status: 502, rawBody: 'bad gateway' });
      const outcome = await make().spot.placeBatch([order, { ...order, newClientOrderId: 'client-2' }]);
      expect(outcome).toMatchObject({ kind: 'uncertain', clientOrderIds: ['client-1', 'client-2'] });
    });

    it('the venue code for an unknown execution status', async () => {
      env.venue.reply('DELETE', '/api/v1/spot/order', {
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
      env.venue.reply('DELETE', '/api/v1/futures/cancelOrderByIds', { status: 504 });
      const outcome = await make().futures.cancelOrdersByIds(['11', '12']);
      expect(outcome).toMatchObject({ kind: 'uncertain', clientOrderIds: [], orderIds: ['11', '12'] });
    });

    it('a 2XX answer that cannot be read', async () => {
      env.venue.reply('POST', '/api/v1.1/spot/order', { body: { ...(ack as object), status: 'SOMETHING' } });
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
      track(client);
      const outcome = await client.spot.placeOrder(order);
      expect(outcome).toMatchObject({ kind: 'rejected', sent: false });
    });

    it('an uncertain transfer carries the client order id it was sent with, generated if need be', async () => {
      env.venue.reply('POST', '/api/v1/account/assetTransfer', { status: 504 });
      const outcome = await make().account.transfer({
        fromAccountId: '1',
        toAccountId: '3',
        coin: 'USDT',
        quantity: '1',
      });
      const sentId = new URLSearchParams(env.venue.calls[0].rawQuery).get('clientOrderId');
      expect(sentId).toMatch(/^[0-9a-f]{32}$/);
      expect(outcome).toMatchObject({ kind: 'uncertain', clientOrderIds: [sentId] });
    });

    it('a venue rejection keeps its code and type', async () => {
      env.venue.reply('POST', '/api/v1.1/spot/order', {
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
      env.venue.reply('POST', '/api/v1.1/spot/order', { status: 500 });
      const outcome = await make().spot.placeOrder({ ...order, newClientOrderId: undefined });
      expect(outcome.kind).toBe('uncertain');
      const sentId = new URLSearchParams(env.venue.calls[0].rawQuery).get('newClientOrderId');
      expect(sentId).toMatch(/^[0-9a-f]{32}$/);
      expect(outcome).toMatchObject({ clientOrderIds: [sentId] });
    });
  });

  describe('reads: retried with backoff', () => {
    it('retries a 5XX and returns the answer', async () => {
      env.venue.reply(
        'GET',
        '/api/v1/spot/order',
        { status: 500 },
        { destroy: true },
        { body: fixture('rest_GET_api_v1_spot_order.json') },
      );
      const record = await make().spot.getOrder({ orderId: '1' });
      expect(record.orderId).toBe('1738695230608169984');
      expect(env.venue.calls).toHaveLength(3);
      expect(sleeps).toEqual([150, 300]);
    });

    it('gives up after the configured attempts with ExchangeUnavailableError', async () => {
      env.venue.reply('GET', '/api/v1/account', { status: 503 });
      await expect(make().account.getAccount()).rejects.toBeInstanceOf(ExchangeUnavailableError);
      expect(env.venue.calls).toHaveLength(3);
    });

    it('names endpoint and field of an unexpected shape', async () => {
      env.venue.reply('GET', '/api/v1/futures/positions', { body: [{ symbol: 'X', side: 'UP' }] });
      const failure = make().futures.getPositions();
      await expect(failure).rejects.toBeInstanceOf(UnexpectedResponseError);
      await expect(failure).rejects.toMatchObject({
        endpoint: 'GET /api/v1/futures/positions',
        field: '0.side',
      });
    });
  });

  it('keeps every digit of ids the venue sends as JSON numbers (LONG in the seeds)', async () => {
    env.venue.reply('DELETE', '/api/v1/futures/cancelOrderByIds', {
      rawBody: '{"code":"0000","result":[{"orderId":1747358716129257217,"msg":"Order not found"}]}',
    });
    env.venue.reply('DELETE', '/api/v1/futures/cancelAllOpenOrders', {
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
    env.venue.reply('GET', '/api/v1/spot/order', { status: 400, body: { code: '0211' } });
    await expect(make().spot.getOrder({ orderId: '1' })).rejects.toMatchObject({
      kind: 'not-found',
      code: '0211',
    });
  });

  it('reuses keep-alive connections for sequential requests', async () => {
    env.venue.reply('GET', '/api/v1/account', { body: fixture('rest_GET_api_v1_account.json') });
    const client = make();
    for (let i = 0; i < 10; i += 1) await client.account.getAccount();
    expect(env.venue.requests).toHaveLength(11); // one clock read, ten calls
    // Without keep-alive every request would open its own connection.
    expect(env.venue.connectionCount).toBeLessThanOrEqual(2);
  });

  describe('authentication', () => {
    it('sends the API key under the configured header name', async () => {
      env.venue.reply('GET', '/api/v1/account', { body: fixture('rest_GET_api_v1_account.json') });
      await make({ apiKeyHeader: 'X-HK-APIKEY' }).account.getAccount();
      expect(env.venue.calls[0].headers['x-hk-apikey']).toBe('test-api-key');
      expect(env.venue.calls[0].headers['x-apikey']).toBeUndefined();
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
      env.venue.reply('POST', '/api/v1.1/spot/order', { body: ack });
      await client.spot.placeOrder(order);
      const { signed, signature } = splitSignature(env.venue.calls[0].rawQuery);
      expect(env.venue.calls[0].rawQuery).not.toMatch(/signature=.*[+/=]/);
      expect(verify(null, Buffer.from(signed, 'utf8'), publicKey, Buffer.from(signature, 'base64'))).toBe(
        true,
      );
    });

    it('refuses a recvWindow above 8000 before anything is sent', () => {
      expect(() => make({ recvWindowMs: 9_000 })).toThrow(/recvWindow/);
    });
  });
});
