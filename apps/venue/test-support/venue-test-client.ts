/* eslint-disable @typescript-eslint/no-explicit-any -- specs assert response bodies field by field; typing them here would only repeat the wire schemas */
import { createHmac, KeyObject, sign } from 'node:crypto';

export interface VenueResponse<T = any> {
  readonly status: number;
  readonly body: T;
}

export interface ClientCredentials {
  readonly apiKey: string;
  readonly secretKey?: string;
  /** Ed25519 keys sign with the private key instead of an HMAC secret. */
  readonly privateKey?: KeyObject;
}

export type ParamValue = string | number | boolean | undefined;

export interface SignedRequestOptions {
  /** Where the signed parameters travel: the query string (default) or a form body. */
  readonly placement?: 'query' | 'body';
  readonly timestamp?: number;
  readonly recvWindow?: number;
  readonly header?: 'X-APIKEY' | 'X-HK-APIKEY';
  /** Batch endpoints: a JSON array body, only the query (timestamp) is signed. */
  readonly json?: unknown;
  readonly signature?: string;
  readonly timeoutMs?: number;
}

function encode(params: Record<string, ParamValue>): string {
  return Object.entries(params)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/** A small signing REST client for the venue's int-specs, written the way ccxt signs (timestamp first). */
export class VenueTestClient {
  constructor(
    readonly restUrl: string,
    readonly credentials: ClientCredentials,
  ) {}

  sign(message: string): string {
    if (this.credentials.privateKey !== undefined) {
      return sign(null, Buffer.from(message, 'utf8'), this.credentials.privateKey).toString('base64');
    }
    return createHmac('sha256', this.credentials.secretKey ?? '')
      .update(message)
      .digest('hex');
  }

  async signed<T = any>(
    method: string,
    path: string,
    params: Record<string, ParamValue> = {},
    options: SignedRequestOptions = {},
  ): Promise<VenueResponse<T>> {
    const timestamp = options.timestamp ?? Date.now();
    const signedPart = encode({ timestamp, recvWindow: options.recvWindow, ...params });
    const signature = options.signature ?? this.sign(signedPart);
    const signedWithSignature = `${signedPart}&signature=${encodeURIComponent(signature)}`;
    const headers: Record<string, string> = { [options.header ?? 'X-HK-APIKEY']: this.credentials.apiKey };
    let url = `${this.restUrl}${path}`;
    let body: string | undefined;
    if (options.json !== undefined) {
      url += `?${signedWithSignature}`;
      body = JSON.stringify(options.json);
      headers['Content-Type'] = 'application/json';
    } else if (options.placement === 'body') {
      body = signedWithSignature;
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
    } else {
      url += `?${signedWithSignature}`;
    }
    return send<T>(url, { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
  }

  async unsigned<T = any>(
    method: string,
    path: string,
    params: Record<string, ParamValue> = {},
    apiKey = true,
  ) {
    const query = encode(params);
    const headers: Record<string, string> = apiKey ? { 'X-HK-APIKEY': this.credentials.apiKey } : {};
    return send<T>(`${this.restUrl}${path}${query === '' ? '' : `?${query}`}`, { method, headers });
  }
}

/** The control plane, JSON in and out. */
export class ControlClient {
  constructor(readonly controlUrl: string) {}

  async call<T = any>(method: string, path: string, body?: unknown): Promise<VenueResponse<T>> {
    return send<T>(`${this.controlUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  async ok<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.call<T>(method, path, body);
    if (response.status >= 300) {
      throw new Error(
        `control ${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`,
      );
    }
    return response.body;
  }

  /** A funded desk user with an HMAC key that can do everything. */
  async createTrader(
    restUrl: string,
    deposits: { spot?: Record<string, string>; futures?: Record<string, string> } = {},
  ): Promise<{ client: VenueTestClient; userId: string; spotAccountId: string; futuresAccountId: string }> {
    const user = await this.ok<{ userId: string; spotAccountId: string; futuresAccountId: string }>(
      'POST',
      '/accounts',
      {},
    );
    for (const [asset, amount] of Object.entries(deposits.spot ?? {})) {
      await this.ok('POST', '/deposits', { accountId: user.spotAccountId, asset, amount });
    }
    for (const [asset, amount] of Object.entries(deposits.futures ?? {})) {
      await this.ok('POST', '/deposits', { accountId: user.futuresAccountId, asset, amount });
    }
    const key = await this.ok<{ apiKey: string; secretKey: string }>(
      'POST',
      `/accounts/${user.userId}/keys`,
      {
        kind: 'HMAC',
      },
    );
    return { client: new VenueTestClient(restUrl, key), ...user };
  }
}

async function send<T>(url: string, init: RequestInit): Promise<VenueResponse<T>> {
  const response = await fetch(url, init);
  const text = await response.text();
  return { status: response.status, body: (text === '' ? undefined : JSON.parse(text)) as T };
}

/** Budgets for specs that are about something other than rate limits. */
export const GENEROUS_LIMITS: NodeJS.ProcessEnv = {
  VENUE_QUERY_WEIGHT_PER_SECOND: '100000',
  VENUE_ORDER_WEIGHT_PER_SECOND: '100000',
};
