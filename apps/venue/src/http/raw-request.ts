/**
 * A request as the exchange received it. Signatures are checked against these raw
 * strings, never against a re-encoded form, because clients differ in parameter order
 * and encoding (ccxt puts timestamp first, others sort, Postman keeps URL order).
 */
export interface RawRequest {
  readonly method: string;
  readonly path: string;
  /** The query string exactly as sent, without the leading `?`. */
  readonly rawQuery: string;
  /** The body exactly as sent (form-encoded, JSON for batch endpoints, or empty). */
  readonly rawBody: string;
  readonly contentType: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

export function splitUrl(url: string): { path: string; rawQuery: string } {
  const mark = url.indexOf('?');
  if (mark < 0) return { path: url, rawQuery: '' };
  return { path: url.slice(0, mark), rawQuery: url.slice(mark + 1) };
}

export function isJsonBody(request: RawRequest): boolean {
  return request.contentType.toLowerCase().includes('application/json') || /^\s*[[{]/.test(request.rawBody);
}

/** A single header value, matched case-insensitively as Node lower-cases header names. */
export function headerValue(request: RawRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  if (Array.isArray(value)) return value[0];
  return value;
}
