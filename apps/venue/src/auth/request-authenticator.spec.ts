import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { ExchangeApiError } from '../http/exchange-api-error';
import { RawRequest } from '../http/raw-request';
import { RequestParams } from '../http/request-params';
import { ApiKeyOwner } from './api-key';
import { ApiKeyRegistry } from './api-key-registry';
import { RequestAuthenticator } from './request-authenticator';

const NOW = 1_722_865_041_994;
const OWNER: ApiKeyOwner = {
  userId: 'u1',
  spotAccountId: 's1',
  futuresAccountId: 'f1',
  accountKind: 'Master Account',
};
const SECRET = 'S3cretKeyForSpecsOnly0000000000000000000000000000000000000000001';

function request(parts: Partial<RawRequest> & { headers?: RawRequest['headers'] }): RawRequest {
  return {
    method: 'POST',
    path: '/api/v1/spot/order',
    rawQuery: '',
    rawBody: '',
    contentType: 'application/x-www-form-urlencoded',
    headers: {},
    ...parts,
  };
}

function hmac(message: string, secret = SECRET): string {
  return createHmac('sha256', secret).update(message).digest('hex');
}

function codeOf(action: () => unknown): string | number | undefined {
  try {
    action();
  } catch (error) {
    if (error instanceof ExchangeApiError) return error.code;
    throw error;
  }
  return undefined;
}

describe('RequestAuthenticator', () => {
  let now = NOW;
  const keys = new ApiKeyRegistry(() => now);
  keys.create(OWNER, { kind: 'HMAC', apiKey: 'hmac-key-0000000001', secretKey: SECRET });
  keys.create(OWNER, { kind: 'HMAC', apiKey: 'read-only-key-00001', secretKey: SECRET }, []);
  const authenticator = new RequestAuthenticator(keys, () => now);

  beforeEach(() => {
    now = NOW;
  });

  function check(raw: RawRequest, permission: 'TRADE' | 'READ' = 'TRADE') {
    return () =>
      authenticator.authenticate(
        raw,
        RequestParams.from(raw),
        'SIGNED',
        permission === 'READ' ? undefined : permission,
      );
  }

  it('accepts a ccxt-style form body signed timestamp-first, with the X-HK-APIKEY header', () => {
    const body = `timestamp=${NOW}&symbol=ETHUSDT&side=BUY&type=LIMIT&quantity=0.001&price=2500`;
    const raw = request({
      rawBody: `${body}&signature=${hmac(body)}`,
      headers: { 'x-hk-apikey': 'hmac-key-0000000001' },
    });
    expect(codeOf(check(raw))).toBeUndefined();
  });

  it('accepts a query-only request with the seeds header X-APIKEY and an upper-case hex signature', () => {
    const query = `symbol=ETHUSDT&timestamp=${NOW}&recvWindow=5000`;
    const raw = request({
      method: 'GET',
      rawQuery: `${query}&signature=${hmac(query).toUpperCase()}`,
      headers: { 'x-apikey': 'hmac-key-0000000001' },
    });
    expect(codeOf(check(raw))).toBeUndefined();
  });

  it('signs the concatenation of query and body without a separator', () => {
    const query = `timestamp=${NOW}`;
    const body = 'symbol=ETHUSDT&side=BUY';
    const headers = { 'x-apikey': 'hmac-key-0000000001' };
    const good = request({ rawQuery: `${query}&signature=${hmac(query + body)}`, rawBody: body, headers });
    const joined = request({
      rawQuery: `${query}&signature=${hmac(`${query}&${body}`)}`,
      rawBody: body,
      headers,
    });
    expect(codeOf(check(good))).toBeUndefined();
    expect(codeOf(check(joined))).toBe('0002');
  });

  it('accepts a batch whose JSON body is not part of the signature, as real clients send it', () => {
    const query = `timestamp=${NOW}`;
    const raw = request({
      rawQuery: `${query}&signature=${hmac(query)}`,
      rawBody: '[{"symbol":"ETHUSDT"}]',
      contentType: 'application/json',
      headers: { 'x-hk-apikey': 'hmac-key-0000000001' },
    });
    expect(codeOf(check(raw))).toBeUndefined();
  });

  it('verifies Ed25519 signatures in Base64 (percent-encoded) and in Hex', () => {
    const pair = generateKeyPairSync('ed25519');
    const publicKeyPem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    keys.create(OWNER, { kind: 'ED25519', apiKey: 'ed25519-key-000001', publicKeyPem });
    const query = `symbol=ETHUSDT&timestamp=${NOW}`;
    const signature = sign(null, Buffer.from(query), pair.privateKey);
    const headers = { 'x-apikey': 'ed25519-key-000001' };
    const base64 = request({
      rawQuery: `${query}&signature=${encodeURIComponent(signature.toString('base64'))}`,
      headers,
    });
    const hex = request({ rawQuery: `${query}&signature=${signature.toString('hex')}`, headers });
    const tampered = request({
      rawQuery: `symbol=BTCUSDT&timestamp=${NOW}&signature=${signature.toString('hex')}`,
      headers,
    });
    expect(codeOf(check(base64))).toBeUndefined();
    expect(codeOf(check(hex))).toBeUndefined();
    expect(codeOf(check(tampered))).toBe('0002');
  });

  it('rejects a missing header, an unknown key and a wrong secret', () => {
    const query = `timestamp=${NOW}`;
    expect(codeOf(check(request({ rawQuery: `${query}&signature=${hmac(query)}` })))).toBe('0102');
    expect(
      codeOf(
        check(
          request({
            rawQuery: `${query}&signature=${hmac(query)}`,
            headers: { 'x-apikey': 'nope-nope-nope-nope' },
          }),
        ),
      ),
    ).toBe('0102');
    expect(
      codeOf(
        check(
          request({
            rawQuery: `${query}&signature=${hmac(query, 'other')}`,
            headers: { 'x-apikey': 'hmac-key-0000000001' },
          }),
        ),
      ),
    ).toBe('0002');
  });

  describe('timestamp and recvWindow', () => {
    const headers = { 'x-apikey': 'hmac-key-0000000001' };
    const at = (timestamp: string, extra = '') => {
      const query = `timestamp=${timestamp}${extra}`;
      return request({ rawQuery: `${query}&signature=${hmac(query)}`, headers });
    };

    it('requires a 13-digit timestamp', () => {
      expect(codeOf(check(request({ rawQuery: `signature=${hmac('')}`, headers })))).toBe('0001');
      expect(codeOf(check(at(String(Math.floor(NOW / 1000)))))).toBe('0001');
    });

    it('processes only when timestamp < serverTime + 1000 and serverTime - timestamp <= recvWindow', () => {
      expect(codeOf(check(at(String(NOW + 999))))).toBeUndefined();
      expect(codeOf(check(at(String(NOW + 1000))))).toBe('-1021');
      expect(codeOf(check(at(String(NOW - 5000))))).toBeUndefined();
      expect(codeOf(check(at(String(NOW - 5001))))).toBe('-1021');
      expect(codeOf(check(at(String(NOW - 7000), '&recvWindow=8000')))).toBeUndefined();
      expect(codeOf(check(at(String(NOW - 3000), '&recvWindow=2000')))).toBe('-1021');
    });

    it('rejects a recvWindow above 8000', () => {
      expect(codeOf(check(at(String(NOW), '&recvWindow=8001')))).toBe('-1131');
    });
  });

  it('refuses trading to a key without the trade permission but lets it read', () => {
    const query = `timestamp=${NOW}`;
    const raw = request({
      rawQuery: `${query}&signature=${hmac(query)}`,
      headers: { 'x-apikey': 'read-only-key-00001' },
    });
    expect(codeOf(check(raw, 'TRADE'))).toBe('-1002');
    expect(codeOf(check(raw, 'READ'))).toBeUndefined();
  });

  it('deactivates a key unused for more than 90 days', () => {
    const stale = new ApiKeyRegistry(() => now);
    stale.create(OWNER, { kind: 'HMAC', apiKey: 'stale-key-000000001', secretKey: SECRET });
    const staleAuthenticator = new RequestAuthenticator(stale, () => now);
    now = NOW + 91 * 24 * 3600 * 1000;
    const query = `timestamp=${now}`;
    const raw = request({
      rawQuery: `${query}&signature=${hmac(query)}`,
      headers: { 'x-apikey': 'stale-key-000000001' },
    });
    expect(() => staleAuthenticator.authenticate(raw, RequestParams.from(raw), 'SIGNED', undefined)).toThrow(
      'APIKey expired',
    );
  });
});
