import { isSuccessCode } from '../wire/error.wire';
import { parseVenueJson } from '../wire/lossless-json';
import {
  ExchangeError,
  RateLimitedError,
  VenueRejectedError,
  TimestampRejectedError,
} from '../errors/exchange-errors';
import { RATE_LIMIT_CODES, UNCERTAIN_OUTCOME_CODES, venueRejectionFor } from '../errors/venue-error-codes';
import { UncertainReason } from '../outcome/write-outcome';
import { HttpResponse } from './http-transport';

/** What one HTTP exchange amounted to, before read/write policies apply. */
export type AttemptResult =
  | { readonly type: 'ok'; readonly body: unknown; readonly status: number }
  | { readonly type: 'rejected'; readonly error: ExchangeError }
  | {
      readonly type: 'rate-limited';
      readonly status: number;
      readonly retryAfterMs?: number;
      readonly code?: string;
    }
  | {
      readonly type: 'uncertain';
      readonly reason: UncertainReason;
      readonly detail: string;
      readonly status?: number;
    }
  | { readonly type: 'not-sent'; readonly detail: string };

export function isTimestampRejection(result: AttemptResult): boolean {
  return result.type === 'rejected' && result.error instanceof TimestampRejectedError;
}

function parseRetryAfterMs(headers: HttpResponse['headers']): number | undefined {
  const raw = headers['retry-after'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return undefined;
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  // PUT/DELETE of the listen key answer with no content at all.
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: parseVenueJson(text) };
  } catch {
    return { ok: false };
  }
}

/**
 * `{code, msg}` with a failure code, whatever the HTTP status (the venue also fails
 * inside 200s). In a 2XX a failure needs its `msg`, since some successful answers carry
 * a `code` of their own; outside 2XX the code alone is enough, so a body without `msg`
 * (or with `message`) still yields the typed error of its code.
 */
function failureBody(body: unknown, status: number): { code: string; msg: string } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { code, msg, message } = body as { code?: unknown; msg?: unknown; message?: unknown };
  if (typeof code !== 'string' && typeof code !== 'number') return undefined;
  const normalised = String(code);
  if (isSuccessCode(normalised)) return undefined;
  if (typeof msg === 'string') return { code: normalised, msg };
  if (status >= 200 && status < 300) return undefined;
  return { code: normalised, msg: typeof message === 'string' ? message : '' };
}

function httpStatusRejection(endpoint: string, response: HttpResponse): AttemptResult {
  return {
    type: 'rejected',
    error: new VenueRejectedError({
      endpoint,
      code: `HTTP_${response.status}`,
      venueMessage: response.text.slice(0, 200),
      httpStatus: response.status,
    }),
  };
}

export function interpretResponse(endpoint: string, response: HttpResponse): AttemptResult {
  const { status } = response;
  if (status === 429 || status === 418) {
    const parsed = parseJson(response.text);
    const failure = parsed.ok ? failureBody(parsed.value, status) : undefined;
    return {
      type: 'rate-limited',
      status,
      retryAfterMs: parseRetryAfterMs(response.headers),
      code: failure?.code,
    };
  }
  if (status >= 500) {
    return {
      type: 'uncertain',
      reason: 'http-5xx',
      detail: `HTTP ${status}: ${response.text.slice(0, 200)}`,
      status,
    };
  }
  const parsed = parseJson(response.text);
  if (!parsed.ok) {
    if (status >= 200 && status < 300) {
      return { type: 'uncertain', reason: 'unreadable-response', detail: 'body is not JSON', status };
    }
    return httpStatusRejection(endpoint, response);
  }
  const failure = failureBody(parsed.value, status);
  if (failure) {
    if (RATE_LIMIT_CODES.has(failure.code)) return { type: 'rate-limited', status, code: failure.code };
    if (UNCERTAIN_OUTCOME_CODES.has(failure.code)) {
      return {
        type: 'uncertain',
        reason: 'venue-status-unknown',
        detail: `${failure.code} ${failure.msg}`,
        status,
      };
    }
    return {
      type: 'rejected',
      error: venueRejectionFor({
        endpoint,
        code: failure.code,
        venueMessage: failure.msg,
        httpStatus: status,
      }),
    };
  }
  if (status >= 300) {
    return httpStatusRejection(endpoint, response);
  }
  return { type: 'ok', body: parsed.value, status };
}

export function rateLimitedError(
  endpoint: string,
  result: Extract<AttemptResult, { type: 'rate-limited' }>,
  suspendedForMs: number,
): RateLimitedError {
  const reason =
    result.status === 418 ? 'http-418' : result.status === 429 ? 'http-429' : 'venue-rate-limit-code';
  return new RateLimitedError(endpoint, reason, suspendedForMs, true, result.code);
}
