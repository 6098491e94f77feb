import { InvalidRequestError } from '../errors/exchange-errors';
import { RequestSigner } from '../signing/request-signer';
import { EndpointSpec } from './endpoint';
import { HttpMethod } from './http-transport';
import { encodeParams, joinQuery, RequestParams } from './query-string';

/** Seeds: recvWindow above 8000 ms rejects the request, so it is refused before sending. */
export const MAX_RECV_WINDOW_MS = 8_000;
export const DEFAULT_RECV_WINDOW_MS = 5_000;

/**
 * What the signature of a batch covers. The seeds define totalParams as query plus
 * body for every request; the live venue and its official samples sign only the
 * query of batch calls (timestamp, recvWindow). Configurable, seeds by default.
 */
export type BatchSignatureScope = 'query-and-body' | 'query-only';

export interface LaidOutRequest {
  readonly method: HttpMethod;
  /** Path and query, e.g. `/api/v1/spot/order?symbol=X&timestamp=1&signature=ab`. */
  readonly pathAndQuery: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** What was signed (for tests and diagnostics; never logged). */
  readonly totalParams?: string;
}

export interface SigningContext {
  readonly signer: RequestSigner;
  readonly apiKeyHeader: string;
  readonly timestamp: number;
  readonly recvWindowMs: number;
  readonly batchSignatureScope: BatchSignatureScope;
}

export function checkRecvWindow(recvWindowMs: number): void {
  if (!Number.isInteger(recvWindowMs) || recvWindowMs <= 0 || recvWindowMs > MAX_RECV_WINDOW_MS) {
    throw new InvalidRequestError(
      'recvWindow',
      `must be a positive integer of at most ${MAX_RECV_WINDOW_MS} ms, got ${recvWindowMs}`,
    );
  }
}

/**
 * Request layout. Every signed request carries all of its parameters in the query
 * string, followed by `timestamp`, `recvWindow` and finally `signature`, with an
 * empty body. That satisfies both readings of the signature rule: the seeds'
 * totalParams (query + empty body = the query) and the live venue, which checks the
 * parameter string exactly as received. Batch endpoints send the JSON array as body
 * with only timestamp, recvWindow and signature in the query.
 */
export function layOutRequest(
  endpoint: EndpointSpec,
  params: RequestParams,
  jsonBody: readonly unknown[] | undefined,
  signing: SigningContext | undefined,
): LaidOutRequest {
  if (endpoint.security === 'public') {
    const query = encodeParams(params);
    return { method: endpoint.method, pathAndQuery: withQuery(endpoint.path, query), headers: {} };
  }
  if (!signing) throw new InvalidRequestError('credentials', `are required for ${endpoint.path}`);
  const timing = encodeParams({ timestamp: signing.timestamp, recvWindow: signing.recvWindowMs });
  const headers: Record<string, string> = { [signing.apiKeyHeader]: signing.signer.apiKey };

  if (endpoint.jsonArrayBody) {
    const body = JSON.stringify(jsonBody ?? []);
    const query = joinQuery(encodeParams(params), timing);
    const totalParams = signing.batchSignatureScope === 'query-and-body' ? query + body : query;
    const signature = encodeURIComponent(signing.signer.sign(totalParams));
    return {
      method: endpoint.method,
      pathAndQuery: withQuery(endpoint.path, `${query}&signature=${signature}`),
      headers: { ...headers, 'content-type': 'application/json' },
      body,
      totalParams,
    };
  }

  const totalParams = joinQuery(encodeParams(params), timing);
  const signature = encodeURIComponent(signing.signer.sign(totalParams));
  return {
    method: endpoint.method,
    pathAndQuery: withQuery(endpoint.path, `${totalParams}&signature=${signature}`),
    headers,
    totalParams,
  };
}

function withQuery(path: string, query: string): string {
  return query.length > 0 ? `${path}?${query}` : path;
}
