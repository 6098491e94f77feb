import { generateKeyPairSync } from 'node:crypto';
import { startVenue } from '@oms/venue';
import type { RunningVenue } from '@oms/venue';
import { ControlClient, VenueTestClient } from '../test-support/venue-test-client';

describe('venue auth, timestamps, permissions and rate limits over HTTP', () => {
  let venue: RunningVenue;
  let control: ControlClient;
  let demo: VenueTestClient;

  beforeAll(async () => {
    venue = await startVenue({
      port: 0,
      controlPort: 0,
      seed: 11,
      simulatedMarket: false,
      environment: {
        VENUE_QUERY_WEIGHT_PER_SECOND: '10',
        VENUE_ORDER_WEIGHT_PER_SECOND: '20',
        VENUE_RATE_LIMIT_SUSPENSION_MS: '60000',
        VENUE_REQUESTS_BEFORE_BAN: '2',
      },
    });
    control = new ControlClient(venue.controlUrl);
    demo = new VenueTestClient(venue.restUrl, venue.demo);
  });

  afterAll(async () => {
    await venue.stop();
  });

  afterEach(async () => {
    await control.ok('DELETE', '/faults');
  });

  it('serves GET /health on the control plane only', async () => {
    expect((await control.call('GET', '/health')).body).toMatchObject({ status: 'ok' });
    expect((await demo.unsigned('GET', '/health')).status).toBe(404);
  });

  it('answers time and ping without a key', async () => {
    const before = Date.now();
    const time = await demo.unsigned('GET', '/api/v1/time', {}, false);
    expect(time.status).toBe(200);
    expect(typeof time.body.serverTime).toBe('number');
    expect(time.body.serverTime).toBeGreaterThanOrEqual(before);
    expect((await demo.unsigned('GET', '/api/v1/ping', {}, false)).body).toEqual({});
  });

  it('accepts both key headers, and signatures in the query or in a form body', async () => {
    for (const header of ['X-APIKEY', 'X-HK-APIKEY'] as const) {
      const viaQuery = await demo.signed('GET', '/api/v1/account/checkApiKey', {}, { header });
      expect(viaQuery).toEqual({ status: 200, body: { accountType: 'Master Account' } });
    }
    const viaBody = await demo.signed('POST', '/api/v1/userDataStream', {}, { placement: 'body' });
    expect(viaBody.status).toBe(200);
    expect(viaBody.body.listenKey).toMatch(/^[A-Za-z0-9]{64}$/);
  });

  it('accepts the hummingbot layout: sorted params in the query of a POST with a JSON content type and no body', async () => {
    const params = new URLSearchParams({
      price: '1000',
      quantity: '0.01',
      side: 'BUY',
      symbol: 'BTCUSDT',
      timestamp: String(Date.now()),
      type: 'LIMIT',
    }).toString();
    const response = await fetch(
      `${venue.restUrl}/api/v1/spot/order?${params}&signature=${demo.sign(params)}`,
      {
        method: 'POST',
        headers: { 'X-HK-APIKEY': venue.demo.apiKey, 'Content-Type': 'application/json' },
      },
    );
    expect(response.status).toBe(200);
    expect(((await response.json()) as { status: string }).status).toBe('NEW');
  });

  it('answers the exchange error bodies for a missing key, an unknown key and a bad signature', async () => {
    const missing = await demo.unsigned('GET', '/api/v1/account/type', { timestamp: Date.now() }, false);
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('0102');
    const unknown = new VenueTestClient(venue.restUrl, { apiKey: 'unknown-key-0000000000', secretKey: 'x' });
    expect((await unknown.signed('GET', '/api/v1/account/type')).body.code).toBe('0102');
    const wrongSecret = new VenueTestClient(venue.restUrl, {
      apiKey: venue.demo.apiKey,
      secretKey: 'not-the-secret',
    });
    expect(await wrongSecret.signed('GET', '/api/v1/account/type')).toEqual({
      status: 400,
      body: { code: '0002', msg: 'Incorrect signature' },
    });
  });

  it('applies the timestamp and recvWindow rules', async () => {
    const stale = await demo.signed('GET', '/api/v1/account/type', {}, { timestamp: Date.now() - 6000 });
    expect(stale.body).toEqual({
      code: '-1021',
      msg: 'Timestamp for this request is outside of the recvWindow',
    });
    expect(
      (await demo.signed('GET', '/api/v1/account/type', {}, { timestamp: Date.now() + 5000 })).body.code,
    ).toBe('-1021');
    const widened = await demo.signed(
      'GET',
      '/api/v1/account/type',
      {},
      { timestamp: Date.now() - 6000, recvWindow: 8000 },
    );
    expect(widened.status).toBe(200);
    expect((await demo.signed('GET', '/api/v1/account/type', {}, { recvWindow: 9000 })).body.code).toBe(
      '-1131',
    );
    const malformed = await demo.signed('GET', '/api/v1/account/type', {}, { timestamp: 1722865041 });
    expect(malformed.body).toEqual({ code: '0001', msg: 'Required field timestamp missing or invalid' });
  });

  it('shifts server time and the timestamp check together under a clock-skew fault', async () => {
    await control.ok('POST', '/faults/clock-skew', { skewMs: 60_000 });
    const time = await demo.unsigned('GET', '/api/v1/time', {}, false);
    expect(time.body.serverTime - Date.now()).toBeGreaterThan(55_000);
    expect((await demo.signed('GET', '/api/v1/account/type')).body.code).toBe('-1021');
    expect(
      (await demo.signed('GET', '/api/v1/account/type', {}, { timestamp: time.body.serverTime })).status,
    ).toBe(200);
  });

  it('verifies Ed25519 keys, with a public key uploaded through the control plane', async () => {
    const pair = generateKeyPairSync('ed25519');
    const created = await control.ok('POST', `/accounts/${venue.demo.userId}/keys`, {
      kind: 'ED25519',
      publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    });
    const client = new VenueTestClient(venue.restUrl, {
      apiKey: created.apiKey,
      privateKey: pair.privateKey,
    });
    expect((await client.signed('GET', '/api/v1/account/checkApiKey')).status).toBe(200);
    const other = generateKeyPairSync('ed25519');
    const impostor = new VenueTestClient(venue.restUrl, {
      apiKey: created.apiKey,
      privateKey: other.privateKey,
    });
    expect((await impostor.signed('GET', '/api/v1/account/checkApiKey')).body.code).toBe('0002');
  });

  it('rejects an Ed25519 upload that is not a PEM public key, naming the field', async () => {
    const response = await control.call('POST', `/accounts/${venue.demo.userId}/keys`, {
      kind: 'ED25519',
      publicKeyPem: 'not a key',
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('publicKeyPem');
  });

  it('enforces permissions: a read-only key may query but not trade or transfer', async () => {
    const spotBuy = { symbol: 'BTCUSDT', side: 'BUY', type: 'LIMIT', quantity: '0.01', price: '1000' };
    const created = await control.ok('POST', `/accounts/${venue.demo.userId}/keys`, {
      kind: 'HMAC',
      permissions: [],
    });
    const readOnly = new VenueTestClient(venue.restUrl, created);
    expect((await readOnly.signed('GET', '/api/v1/account/type')).status).toBe(200);
    const order = await readOnly.signed('POST', '/api/v1/spot/order', spotBuy);
    expect(order.body).toEqual({ code: '-1002', msg: 'Unauthorized operation' });
    const transfer = await readOnly.signed('POST', '/api/v1/account/assetTransfer', {
      fromAccountId: venue.demo.spotAccountId,
      toAccountId: venue.demo.futuresAccountId,
      coin: 'USDT',
      quantity: '1',
    });
    expect(transfer.body.code).toBe('-1002');
    // The demo user's fixed read-only key (VENUE_DEMO_READ_ONLY_*) is such a key.
    const fixed = new VenueTestClient(venue.restUrl, venue.demo.readOnlyKey);
    expect((await fixed.signed('GET', '/api/v1/account/type')).status).toBe(200);
    const refused = await fixed.signed('POST', '/api/v1/spot/order', spotBuy);
    expect(refused.body).toEqual({ code: '-1002', msg: 'Unauthorized operation' });
  });

  it('answers 429 past the weight budget, then 418 to a key that keeps sending', async () => {
    const created = await control.ok('POST', `/accounts/${venue.demo.userId}/keys`, { kind: 'HMAC' });
    const client = new VenueTestClient(venue.restUrl, created);
    // GET /api/v1/account/type weighs 5: two of them spend the whole query budget of one second.
    expect((await client.signed('GET', '/api/v1/account/type')).status).toBe(200);
    expect((await client.signed('GET', '/api/v1/account/type')).status).toBe(200);
    const limited = await client.signed('GET', '/api/v1/account/type');
    expect(limited).toEqual({ status: 429, body: { code: '0003', msg: 'Rate limit exceeded' } });
    expect((await client.signed('GET', '/api/v1/account/checkApiKey')).status).toBe(429);
    expect((await client.signed('GET', '/api/v1/account/checkApiKey')).status).toBe(429);
    const banned = await client.signed('GET', '/api/v1/account/checkApiKey');
    expect(banned.status).toBe(418);
    // Limits are per key: the demo key is unaffected.
    expect((await demo.signed('GET', '/api/v1/account/checkApiKey')).status).toBe(200);
  });

  it('forces 429 on the next requests of one key through the control plane', async () => {
    await control.ok('POST', '/faults/rate-limit', { count: 1, apiKey: venue.demo.apiKey });
    expect((await demo.signed('GET', '/api/v1/account/checkApiKey')).status).toBe(429);
    expect((await demo.signed('GET', '/api/v1/account/checkApiKey')).status).toBe(200);
  });

  it('answers unknown paths with a 404 in the exchange body layout', async () => {
    const response = await demo.unsigned('GET', '/api/v9/nothing');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('-1004');
  });
});
