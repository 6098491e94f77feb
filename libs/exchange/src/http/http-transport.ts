import { Agent, request } from 'undici';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  readonly method: HttpMethod;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly timeoutMs: number;
}

export interface HttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

/**
 * Whether a failed request can have reached the venue. `not-sent`: the connection was
 * never established. `in-flight`: it was (or may have been) sent and no answer came
 * back; for a write that is an uncertain outcome.
 */
export type TransportFailurePhase = 'not-sent' | 'in-flight';

export class TransportFailure extends Error {
  constructor(
    readonly phase: TransportFailurePhase,
    readonly reason: 'timeout' | 'connection-lost' | 'connect-failed',
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'TransportFailure';
  }
}

export interface HttpTransport {
  send(request: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}

export interface UndiciHttpTransportOptions {
  readonly connectTimeoutMs?: number;
  readonly keepAliveTimeoutMs?: number;
  readonly connectionsPerOrigin?: number;
}

const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'ETIMEDOUT']);

function classify(error: unknown): TransportFailure {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (NOT_SENT_CODES.has(code)) return new TransportFailure('not-sent', 'connect-failed', code, message);
  if (TIMEOUT_CODES.has(code)) return new TransportFailure('in-flight', 'timeout', code, message);
  return new TransportFailure('in-flight', 'connection-lost', code || 'UNKNOWN', message);
}

function errorCode(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const own = (error as { code?: unknown }).code;
  if (typeof own === 'string' && own !== 'UND_ERR_SOCKET') return own;
  const cause = (error as { cause?: unknown }).cause;
  const causeCode =
    typeof cause === 'object' && cause !== null ? (cause as { code?: unknown }).code : undefined;
  if (typeof causeCode === 'string') return causeCode;
  return typeof own === 'string' ? own : '';
}

/** HTTP/1.1 with keep-alive connections (undici), per-request header and body timeouts. */
export class UndiciHttpTransport implements HttpTransport {
  private readonly agent: Agent;

  constructor(options: UndiciHttpTransportOptions = {}) {
    this.agent = new Agent({
      connect: { timeout: options.connectTimeoutMs ?? 5_000 },
      keepAliveTimeout: options.keepAliveTimeoutMs ?? 30_000,
      keepAliveMaxTimeout: 60_000,
      connections: options.connectionsPerOrigin ?? 16,
    });
  }

  async send(httpRequest: HttpRequest): Promise<HttpResponse> {
    try {
      const response = await request(httpRequest.url, {
        dispatcher: this.agent,
        method: httpRequest.method,
        headers: httpRequest.headers,
        body: httpRequest.body,
        headersTimeout: httpRequest.timeoutMs,
        bodyTimeout: httpRequest.timeoutMs,
      });
      const text = await response.body.text();
      return { status: response.statusCode, headers: response.headers, text };
    } catch (error) {
      throw classify(error);
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
