import { z, ZodTypeAny } from 'zod';
import { createLogger } from '@oms/platform';
import { ENDPOINTS } from '../api/endpoints';
import { ServerClock } from '../clock/server-clock';
import { serverTimeSchema } from '../wire/market-data.wire';
import {
  ExchangeError,
  ExchangeUnavailableError,
  InvalidRequestError,
  UnexpectedResponseError,
} from '../errors/exchange-errors';
import { accepted, rejected, UncertainOutcome, WriteOutcome } from '../outcome/write-outcome';
import { RateCost, WeightRateLimiter } from '../rate-limit/weight-rate-limiter';
import { RequestSigner } from '../signing/request-signer';
import { EndpointSpec, endpointName } from './endpoint';
import { HttpTransport, TransportFailure } from './http-transport';
import { RequestParams } from './query-string';
import { BatchSignatureScope, checkRecvWindow, layOutRequest } from './request-layout';
import {
  AttemptResult,
  interpretResponse,
  isTimestampRejection,
  rateLimitedError,
} from './response-interpretation';

export interface ReadRetryPolicy {
  /** Total attempts of a read (first try included). */
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
}

export interface VenueRestClientSettings {
  readonly baseUrl: string;
  readonly signer?: RequestSigner;
  readonly apiKeyHeader: string;
  readonly recvWindowMs: number;
  readonly batchSignatureScope: BatchSignatureScope;
  readonly requestTimeoutMs: number;
  readonly readRetry: ReadRetryPolicy;
  readonly transport: HttpTransport;
  readonly limiter: WeightRateLimiter;
  readonly localNow: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly random: () => number;
  readonly clockResyncIntervalMs?: number;
}

export interface CallOptions {
  readonly recvWindowMs?: number;
}

export interface WritePayload {
  readonly params?: RequestParams;
  readonly jsonBody?: readonly unknown[];
  /** Client order ids the write concerns, reported back when its outcome is uncertain. */
  readonly clientOrderIds?: readonly string[];
  /** Venue order ids the write concerns (cancels by id). */
  readonly orderIds?: readonly string[];
}

const PUBLIC_RATE_KEY = 'public';

/**
 * Sends one request of an endpoint with everything the venue requires (rate budget,
 * venue-time timestamp, signature) and applies the read/write policies: reads are
 * retried with backoff on 5XX, timeouts and lost connections; writes never are, and
 * such failures come back as an uncertain outcome. A timestamp rejection re-measures
 * the clock and is retried once, for both, since the venue did not process it.
 */
export class VenueRestClient {
  readonly clock: ServerClock;
  private readonly logger = createLogger('VenueRestClient');
  private readonly baseUrl: string;

  constructor(private readonly settings: VenueRestClientSettings) {
    checkRecvWindow(settings.recvWindowMs);
    this.baseUrl = settings.baseUrl.replace(/\/+$/, '');
    this.clock = new ServerClock({
      localNow: settings.localNow,
      resyncIntervalMs: settings.clockResyncIntervalMs,
      fetchServerTime: async () => {
        const { serverTime } = await this.read(ENDPOINTS.time, {}, serverTimeSchema);
        return Number(serverTime);
      },
    });
  }

  get hasCredentials(): boolean {
    return this.settings.signer !== undefined;
  }

  async read<S extends ZodTypeAny>(
    endpoint: EndpointSpec,
    params: RequestParams,
    schema: S,
    options: CallOptions = {},
  ): Promise<z.output<S>> {
    const name = endpointName(endpoint);
    const { attempts, baseDelayMs, maxDelayMs } = this.settings.readRetry;
    let lastDetail = '';
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const result = await this.attemptWithClockRetry(endpoint, params, undefined, options);
      switch (result.type) {
        case 'ok':
          return this.parse(name, schema, result.body, result.status);
        case 'rejected':
          throw result.error;
        case 'rate-limited':
          throw rateLimitedError(name, result, this.reportRateLimit(endpoint, result));
        case 'uncertain':
        case 'not-sent':
          lastDetail = result.detail;
          if (attempt < attempts) {
            const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
            // Half fixed, half random: spreads retries of many callers without starving any.
            const delay = Math.round(ceiling / 2 + (this.settings.random() * ceiling) / 2);
            this.logger.warn(
              { endpoint: name, attempt, delayMs: delay, detail: result.detail },
              'read failed; retrying',
            );
            await this.settings.sleep(delay);
          }
          break;
      }
    }
    throw new ExchangeUnavailableError(name, lastDetail, attempts);
  }

  async write<S extends ZodTypeAny>(
    endpoint: EndpointSpec,
    payload: WritePayload,
    schema: S,
    options: CallOptions = {},
  ): Promise<WriteOutcome<z.output<S>>> {
    const name = endpointName(endpoint);
    const ids = { clientOrderIds: payload.clientOrderIds ?? [], orderIds: payload.orderIds ?? [] };
    const sentAt = this.settings.localNow();
    let result: AttemptResult;
    try {
      result = await this.attemptWithClockRetry(endpoint, payload.params ?? {}, payload.jsonBody, options);
    } catch (error) {
      if (error instanceof ExchangeError) return rejected(error, false);
      throw error;
    }
    switch (result.type) {
      case 'ok': {
        const parsed = schema.safeParse(result.body);
        if (parsed.success) return accepted(parsed.data as z.output<S>);
        // The venue took the request (2XX) but its answer cannot be read: what it did is unknown.
        const issue = parsed.error.issues[0];
        return this.uncertain(name, ids, sentAt, {
          reason: 'unreadable-response',
          detail: `${issue.path.join('.') || '(body)'}: ${issue.message}`,
          status: result.status,
        });
      }
      case 'rejected':
        return rejected(result.error, true);
      case 'rate-limited':
        return rejected(rateLimitedError(name, result, this.reportRateLimit(endpoint, result)), true);
      case 'not-sent':
        return rejected(new ExchangeUnavailableError(name, result.detail, 1), false);
      case 'uncertain':
        return this.uncertain(name, ids, sentAt, result);
    }
  }

  private uncertain(
    endpoint: string,
    ids: Pick<UncertainOutcome, 'clientOrderIds' | 'orderIds'>,
    sentAt: number,
    result: { reason: UncertainOutcome['reason']; detail: string; status?: number },
  ): UncertainOutcome {
    this.logger.warn(
      { endpoint, ...ids, reason: result.reason, detail: result.detail },
      'write outcome uncertain',
    );
    return {
      kind: 'uncertain',
      endpoint,
      ...ids,
      reason: result.reason,
      detail: result.detail,
      httpStatus: result.status,
      sentAt,
    };
  }

  private reportRateLimit(
    endpoint: EndpointSpec,
    result: Extract<AttemptResult, { type: 'rate-limited' }>,
  ): number {
    const keyId = this.rateKey(endpoint);
    const suspendedFor =
      result.status === 418
        ? this.settings.limiter.reportIpBlocked(result.retryAfterMs)
        : this.settings.limiter.reportTooManyRequests(keyId, result.retryAfterMs);
    this.logger.error(
      { endpoint: endpointName(endpoint), status: result.status, suspendedFor },
      'rate limited by the venue',
    );
    return suspendedFor;
  }

  private async attemptWithClockRetry(
    endpoint: EndpointSpec,
    params: RequestParams,
    jsonBody: readonly unknown[] | undefined,
    options: CallOptions,
  ): Promise<AttemptResult> {
    const first = await this.attempt(endpoint, params, jsonBody, options);
    if (!isTimestampRejection(first)) return first;
    this.logger.warn(
      { endpoint: endpointName(endpoint) },
      'timestamp rejected; re-measuring server time and retrying once',
    );
    await this.clock.resync();
    return this.attempt(endpoint, params, jsonBody, options);
  }

  private rateKey(endpoint: EndpointSpec): string {
    return endpoint.security === 'public'
      ? PUBLIC_RATE_KEY
      : (this.settings.signer?.apiKey ?? PUBLIC_RATE_KEY);
  }

  private async attempt(
    endpoint: EndpointSpec,
    params: RequestParams,
    jsonBody: readonly unknown[] | undefined,
    options: CallOptions,
  ): Promise<AttemptResult> {
    const name = endpointName(endpoint);
    const recvWindowMs = options.recvWindowMs ?? this.settings.recvWindowMs;
    checkRecvWindow(recvWindowMs);
    const signer = this.settings.signer;
    if (endpoint.security === 'signed' && !signer) {
      throw new InvalidRequestError('credentials', `are required for ${name}`);
    }
    const costs: RateCost[] = [
      { category: endpoint.rate, weight: endpoint.weight },
      ...(endpoint.extraRates ?? []).map((category) => ({ category, weight: 1 })),
    ];
    const grant = await this.settings.limiter.acquire(this.rateKey(endpoint), costs, name);
    try {
      return await this.sendWithin(endpoint, params, jsonBody, recvWindowMs, name);
    } finally {
      // Answered, failed or never sent: either way the venue has counted it by now, if ever.
      grant.complete();
    }
  }

  private async sendWithin(
    endpoint: EndpointSpec,
    params: RequestParams,
    jsonBody: readonly unknown[] | undefined,
    recvWindowMs: number,
    name: string,
  ): Promise<AttemptResult> {
    const signer = this.settings.signer;
    if (endpoint.security === 'signed') await this.clock.ensureFresh();
    const laidOut = layOutRequest(
      endpoint,
      params,
      jsonBody,
      signer && endpoint.security === 'signed'
        ? {
            signer,
            apiKeyHeader: this.settings.apiKeyHeader,
            timestamp: this.clock.now(),
            recvWindowMs,
            batchSignatureScope: this.settings.batchSignatureScope,
          }
        : undefined,
    );
    try {
      const response = await this.settings.transport.send({
        method: laidOut.method,
        url: this.baseUrl + laidOut.pathAndQuery,
        headers: laidOut.headers,
        body: laidOut.body,
        timeoutMs: this.settings.requestTimeoutMs,
      });
      return interpretResponse(name, response);
    } catch (error) {
      if (!(error instanceof TransportFailure)) throw error;
      if (error.phase === 'not-sent') return { type: 'not-sent', detail: `${error.code}: ${error.message}` };
      return {
        type: 'uncertain',
        reason: error.reason === 'timeout' ? 'timeout' : 'connection-lost',
        detail: `${error.code}: ${error.message}`,
      };
    }
  }

  private parse<S extends ZodTypeAny>(
    endpoint: string,
    schema: S,
    body: unknown,
    status: number,
  ): z.output<S> {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data as z.output<S>;
    const issue = parsed.error.issues[0];
    throw new UnexpectedResponseError(endpoint, issue.path.join('.'), issue.message, status);
  }
}
