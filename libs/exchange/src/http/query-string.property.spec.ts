import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { ENDPOINTS } from '../api/endpoints';
import { createRequestSigner } from '../signing/request-signer';
import { layOutRequest } from './request-layout';

describe('signed query layout properties', () => {
  it('round-trips any parameter values and signs exactly the string that precedes the signature', () => {
    const signer = createRequestSigner({ kind: 'hmac', apiKey: 'k', secretKey: 's' });
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[a-zA-Z]{1,12}$/), fc.string({ maxLength: 30 }), { maxKeys: 6 }),
        (params) => {
          const { pathAndQuery } = layOutRequest(ENDPOINTS.spotOrder, params, undefined, {
            signer,
            apiKeyHeader: 'X-APIKEY',
            timestamp: 1,
            recvWindowMs: 5000,
            batchSignatureScope: 'query-and-body',
          });
          const query = pathAndQuery.slice(pathAndQuery.indexOf('?') + 1);
          const mark = query.lastIndexOf('&signature=');
          const signed = query.slice(0, mark);
          expect(query.slice(mark + '&signature='.length)).toBe(
            createHmac('sha256', 's').update(signed).digest('hex'),
          );
          const decoded = new URLSearchParams(signed);
          for (const [key, value] of Object.entries(params)) {
            if (key === 'timestamp' || key === 'recvWindow') continue;
            expect(decoded.getAll(key)[0]).toBe(value);
          }
        },
      ),
    );
  });
});
