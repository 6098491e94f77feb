import { IncomingMessage, ServerResponse } from 'node:http';
import { createLogger } from '@oms/platform';
import { RequestAuthenticator } from '../auth/request-authenticator';
import { FaultInjector, HttpFault } from '../faults/fault-injector';
import { WeightRateLimiter } from '../limits/weight-rate-limiter';
import { isVenueEngineError } from '../engine/engine-error';
import { ExchangeApiError } from './exchange-api-error';
import { ExchangeRoute, PrivateRoute } from './exchange-route';
import { RawRequest, splitUrl } from './raw-request';
import { RequestParams } from './request-params';

const MAX_BODY_BYTES = 1024 * 1024;
const UNKNOWN_ERROR = { code: '-1000', msg: 'An unknown error occurred while processing the request.' };
/** The body hummingbot's perpetual connector recognises as "status unknown" on a 503. */
const UNCERTAIN_ERROR = {
  code: '-1006',
  msg: 'Unknown error, please check your request or try again later.',
};

export interface ExchangeHttpDependencies {
  readonly routes: readonly ExchangeRoute[];
  readonly authenticator: RequestAuthenticator;
  readonly rateLimiter: WeightRateLimiter;
  readonly faults: FaultInjector;
  readonly now: () => number;
}

/**
 * The exchange API's request pipeline over raw Node requests: route lookup, parameter
 * parsing, authentication, per-key weight limits, HTTP faults, the handler, and the
 * exchange's error bodies. It reads the query string and body itself because the
 * signature covers them exactly as sent.
 */
export class ExchangeHttpHandler {
  private readonly logger = createLogger('ExchangeHttpHandler');
  private readonly routes = new Map<string, ExchangeRoute>();
  private readonly hanging = new Set<ServerResponse>();

  constructor(private readonly dependencies: ExchangeHttpDependencies) {
    for (const route of dependencies.routes) this.routes.set(`${route.method} ${route.path}`, route);
  }

  async handle(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    let rawBody: string;
    try {
      rawBody = await readBody(incoming);
    } catch {
      this.reply(response, 413, { code: '-1004', msg: 'Bad request: body too large' });
      return;
    }
    const { path, rawQuery } = splitUrl(incoming.url ?? '/');
    const request: RawRequest = {
      method: (incoming.method ?? 'GET').toUpperCase(),
      path,
      rawQuery,
      rawBody,
      contentType: incoming.headers['content-type'] ?? '',
      headers: incoming.headers,
    };
    const route = this.routes.get(`${request.method} ${request.path}`);
    if (route === undefined) {
      this.reply(response, 404, {
        code: '-1004',
        msg: `Bad request: no endpoint ${request.method} ${request.path}`,
      });
      return;
    }
    try {
      const params = RequestParams.from(request);
      if (route.security === 'NONE') {
        const result: unknown = await route.handle({ request, params, now: this.dependencies.now });
        this.reply(response, 200, result);
        return;
      }
      await this.handlePrivate(route, request, params, response);
    } catch (error) {
      this.replyError(response, error, request);
    }
  }

  /** Destroys connections held open by a HANG_AFTER fault. */
  releaseHanging(): void {
    for (const response of this.hanging) response.destroy();
    this.hanging.clear();
  }

  private async handlePrivate(
    route: PrivateRoute,
    request: RawRequest,
    params: RequestParams,
    response: ServerResponse,
  ): Promise<void> {
    const { key } = this.dependencies.authenticator.authenticate(
      request,
      params,
      route.security,
      route.permission,
    );
    const decision = this.dependencies.rateLimiter.consume(key.apiKey, route.limitClass, route.weight);
    switch (decision.outcome) {
      case 'ALLOWED':
        break;
      case 'LIMITED':
        response.setHeader('Retry-After', Math.ceil(decision.retryAfterMs / 1000));
        this.reply(response, 429, { code: '0003', msg: 'Rate limit exceeded' });
        return;
      case 'BANNED':
        response.setHeader('Retry-After', Math.ceil(decision.retryAfterMs / 1000));
        this.reply(response, 418, {
          code: '0003',
          msg: 'Rate limit exceeded: key blocked for continuing to send requests after 429',
        });
        return;
    }
    const fault = route.matching === true ? this.dependencies.faults.takeHttpFault() : undefined;
    if (fault?.mode === 'FAIL_BEFORE') {
      this.logger.info(
        { path: request.path, status: fault.status },
        'fault: answering 5XX without executing',
      );
      this.reply(response, fault.status, UNCERTAIN_ERROR);
      return;
    }
    if (fault === undefined) {
      const result: unknown = await route.handle({ request, params, key, now: this.dependencies.now });
      this.reply(response, 200, result);
      return;
    }
    try {
      await route.handle({ request, params, key, now: this.dependencies.now });
    } catch (error) {
      // The request was executed (and refused); the fault still hides the outcome.
      this.logger.info({ err: error, path: request.path }, 'fault: execution refused, outcome hidden');
    }
    this.applyAfterFault(fault, request, response);
  }

  private applyAfterFault(fault: HttpFault, request: RawRequest, response: ServerResponse): void {
    if (fault.mode === 'FAIL_AFTER') {
      this.logger.info({ path: request.path, status: fault.status }, 'fault: executed, answering 5XX');
      this.reply(response, fault.status, UNCERTAIN_ERROR);
      return;
    }
    this.logger.info({ path: request.path }, 'fault: executed, never answering');
    this.hanging.add(response);
    response.on('close', () => this.hanging.delete(response));
    if (fault.releaseAfterMs !== undefined) {
      const timer = setTimeout(() => {
        this.hanging.delete(response);
        response.destroy();
      }, fault.releaseAfterMs);
      response.on('close', () => clearTimeout(timer));
    }
  }

  private replyError(response: ServerResponse, error: unknown, request: RawRequest): void {
    if (error instanceof ExchangeApiError) {
      this.reply(response, error.httpStatus, error.body());
      return;
    }
    if (isVenueEngineError(error)) {
      this.reply(response, 400, error.toBody());
      return;
    }
    this.logger.error({ err: error, method: request.method, path: request.path }, 'unexpected error');
    this.reply(response, 500, UNKNOWN_ERROR);
  }

  private reply(response: ServerResponse, status: number, body: unknown): void {
    if (response.headersSent || response.destroyed) return;
    const text = JSON.stringify(body ?? {});
    response.statusCode = status;
    response.setHeader('Content-Type', 'application/json;charset=UTF-8');
    response.setHeader('Content-Length', Buffer.byteLength(text));
    response.end(text);
  }
}

function readBody(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new Error('body too large'));
        incoming.destroy();
        return;
      }
      chunks.push(chunk);
    });
    incoming.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', reject);
  });
}
