import { createHmac } from 'node:crypto';
import { ENDPOINTS } from '../api/endpoints';
import { createRequestSigner } from '../signing/request-signer';
import { checkRecvWindow, layOutRequest, SigningContext } from './request-layout';

const signing = (overrides: Partial<SigningContext> = {}): SigningContext => ({
  signer: createRequestSigner({ kind: 'hmac', apiKey: 'the-key', secretKey: 'the-secret' }),
  apiKeyHeader: 'X-APIKEY',
  timestamp: 1722865041994,
  recvWindowMs: 5000,
  batchSignatureScope: 'query-and-body',
  ...overrides,
});
const hmac = (text: string) => createHmac('sha256', 'the-secret').update(text).digest('hex');

describe('layOutRequest', () => {
  it('puts every parameter of a signed POST in the query, signature last, with an empty body', () => {
    const request = layOutRequest(
      ENDPOINTS.spotOrder,
      {
        symbol: 'ETHUSDT',
        side: 'BUY',
        type: 'LIMIT',
        quantity: '0.001',
        price: '2500',
        timeInForce: undefined,
      },
      undefined,
      signing(),
    );
    const signed =
      'symbol=ETHUSDT&side=BUY&type=LIMIT&quantity=0.001&price=2500&timestamp=1722865041994&recvWindow=5000';
    expect(request.pathAndQuery).toBe(`/api/v1.1/spot/order?${signed}&signature=${hmac(signed)}`);
    expect(request.body).toBeUndefined();
    expect(request.headers).toEqual({ 'X-APIKEY': 'the-key' });
  });

  it('keeps commas of id lists literal and percent-encodes the rest', () => {
    const request = layOutRequest(
      ENDPOINTS.spotCancelOrderByIds,
      { ids: '1,2,3', note: 'a b&c' },
      undefined,
      signing(),
    );
    expect(request.pathAndQuery).toContain('ids=1,2,3&note=a%20b%26c&timestamp=');
  });

  it('signs a batch over query then JSON body (seeds) and sends the body as JSON', () => {
    const body = [{ symbol: 'BTCUSDT', side: 'BUY' }];
    const request = layOutRequest(ENDPOINTS.spotBatchOrders, {}, body, signing());
    const query = 'timestamp=1722865041994&recvWindow=5000';
    expect(request.body).toBe(JSON.stringify(body));
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.pathAndQuery).toBe(
      `/api/v1.1/spot/batchOrders?${query}&signature=${hmac(query + JSON.stringify(body))}`,
    );
  });

  it('can sign only the query of a batch, as the live venue does', () => {
    const request = layOutRequest(
      ENDPOINTS.futuresBatchOrders,
      {},
      [{ a: 1 }],
      signing({ batchSignatureScope: 'query-only' }),
    );
    const query = 'timestamp=1722865041994&recvWindow=5000';
    expect(request.pathAndQuery).toBe(`/api/v1/futures/batchOrders?${query}&signature=${hmac(query)}`);
  });

  it('percent-encodes an Ed25519 Base64 signature and uses the configured header', () => {
    const fakeSigner = { apiKey: 'k', sign: () => 'ab+/cd==' };
    const request = layOutRequest(
      ENDPOINTS.account,
      {},
      undefined,
      signing({ signer: fakeSigner, apiKeyHeader: 'X-HK-APIKEY' }),
    );
    expect(request.pathAndQuery.endsWith('&signature=ab%2B%2Fcd%3D%3D')).toBe(true);
    expect(request.headers).toEqual({ 'X-HK-APIKEY': 'k' });
  });

  it('sends public requests unsigned', () => {
    const request = layOutRequest(
      ENDPOINTS.depth,
      { symbol: 'BTCUSDT', limit: 5, site: undefined },
      undefined,
      undefined,
    );
    expect(request).toMatchObject({ pathAndQuery: '/quote/v1/depth?symbol=BTCUSDT&limit=5', headers: {} });
  });

  it('refuses a recvWindow above 8000', () => {
    expect(() => checkRecvWindow(8000)).not.toThrow();
    expect(() => checkRecvWindow(8001)).toThrow(/recvWindow/);
  });
});
