import { ExchangeApiError } from '../http/exchange-api-error';
import { headerValue, isJsonBody, RawRequest } from '../http/raw-request';
import { RequestParams } from '../http/request-params';
import { ApiKeyPermission, ApiKeyRecord } from './api-key';
import { ApiKeyRegistry } from './api-key-registry';
import { extractSignature, verifySignature } from './signature-verifier';

export const DEFAULT_RECV_WINDOW_MS = 5000;
export const MAX_RECV_WINDOW_MS = 8000;
/** The seeds accept a timestamp up to one second ahead of the server clock. */
const MAX_CLOCK_LEAD_MS = 1000;

/** Security types of the seeds that the venue enforces. */
export type RouteSecurity = 'NONE' | 'API_KEY' | 'SIGNED';

export interface AuthenticationResult {
  readonly key: ApiKeyRecord;
}

/**
 * Applies the seeds' authentication rules in their order: the API key header (both
 * `X-APIKEY` and `X-HK-APIKEY`), the key's validity, the timestamp and recvWindow rules,
 * the signature over totalParams, then the permission the endpoint needs.
 */
export class RequestAuthenticator {
  constructor(
    private readonly keys: ApiKeyRegistry,
    private readonly now: () => number,
  ) {}

  authenticate(
    request: RawRequest,
    params: RequestParams,
    security: Exclude<RouteSecurity, 'NONE'>,
    permission: ApiKeyPermission | undefined,
  ): AuthenticationResult {
    const apiKey = headerValue(request, 'X-HK-APIKEY') ?? headerValue(request, 'X-APIKEY');
    if (apiKey === undefined || apiKey === '') {
      throw new ExchangeApiError(400, '0102', 'Required header X-APIKEY missing');
    }
    const key = this.keys.find(apiKey);
    if (key === undefined) throw new ExchangeApiError(400, '0102', 'Invalid APIKey');
    if (this.keys.isExpired(key)) throw new ExchangeApiError(400, '0103', 'APIKey expired');
    if (security === 'SIGNED') this.checkSigned(request, params, key);
    if (permission !== undefined && !key.permissions.has(permission)) throw ExchangeApiError.unauthorized();
    this.keys.touch(key);
    return { key };
  }

  private checkSigned(request: RawRequest, params: RequestParams, key: ApiKeyRecord): void {
    const timestampText = params.optionalString('timestamp');
    if (timestampText === undefined || !/^\d{13}$/.test(timestampText)) {
      throw ExchangeApiError.requiredField('timestamp');
    }
    const recvWindowText = params.optionalString('recvWindow');
    let recvWindow = DEFAULT_RECV_WINDOW_MS;
    if (recvWindowText !== undefined) {
      if (!/^\d+$/.test(recvWindowText)) throw ExchangeApiError.requiredField('recvWindow');
      recvWindow = Number(recvWindowText);
      if (recvWindow > MAX_RECV_WINDOW_MS) {
        throw ExchangeApiError.badRequest('-1131', `recvWindow must not exceed ${MAX_RECV_WINDOW_MS}`);
      }
    }
    const timestamp = Number(timestampText);
    const serverTime = this.now();
    if (!(timestamp < serverTime + MAX_CLOCK_LEAD_MS) || serverTime - timestamp > recvWindow) {
      throw ExchangeApiError.badRequest('-1021', 'Timestamp for this request is outside of the recvWindow');
    }
    const query = extractSignature(request.rawQuery);
    const body = isJsonBody(request)
      ? { rest: request.rawBody, signature: undefined }
      : extractSignature(request.rawBody);
    const signature = query.signature ?? body.signature;
    if (signature === undefined) throw ExchangeApiError.requiredField('signature');
    const candidates = [query.rest + body.rest];
    if (isJsonBody(request)) candidates.push(query.rest);
    if (!verifySignature(key.credential, signature, candidates)) {
      throw new ExchangeApiError(400, '0002', 'Incorrect signature');
    }
  }
}
