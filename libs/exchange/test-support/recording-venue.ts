import { createHmac } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  /** The query exactly as received, without the leading "?". */
  readonly rawQuery: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

export interface ScriptedReply {
  readonly status?: number;
  readonly body?: unknown;
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
  /** Hold the answer this long (to provoke client timeouts). */
  readonly delayMs?: number;
  /** Drop the connection without answering. */
  readonly destroy?: boolean;
}

type ReplySource = ScriptedReply | ((request: RecordedRequest) => ScriptedReply);

/**
 * A local HTTP server on 127.0.0.1, port 0, that records every request exactly as
 * received and answers from a script, so specs can check method, path, query,
 * headers, body and signature of what the client sent.
 */
export class RecordingVenue {
  readonly requests: RecordedRequest[] = [];
  private readonly scripts = new Map<string, ReplySource[]>();
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  serverTime = 1_722_865_041_500;
  /** TCP connections accepted so far (keep-alive reuses one). */
  connectionCount = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<RecordingVenue> {
    const server = createServer();
    const venue = new RecordingVenue(server);
    server.on('request', (request, response) => venue.handle(request, response));
    server.on('connection', (socket) => {
      venue.sockets.add(socket);
      venue.connectionCount += 1;
      socket.on('close', () => venue.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return venue;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Queues replies for `METHOD path`; the last one keeps answering. */
  reply(method: string, path: string, ...replies: ReplySource[]): void {
    this.scripts.set(`${method} ${path}`, replies);
  }

  forget(method: string, path: string): void {
    this.scripts.delete(`${method} ${path}`);
  }

  /** Requests other than the clock's GET /api/v1/time. */
  get calls(): RecordedRequest[] {
    return this.requests.filter((request) => request.path !== '/api/v1/time');
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '/';
      const mark = url.indexOf('?');
      const recorded: RecordedRequest = {
        method: request.method ?? '',
        path: mark >= 0 ? url.slice(0, mark) : url,
        rawQuery: mark >= 0 ? url.slice(mark + 1) : '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      this.requests.push(recorded);
      const reply = this.nextReply(recorded);
      const send = () => {
        if (reply.destroy) {
          request.socket.destroy();
          return;
        }
        const text = reply.rawBody ?? JSON.stringify(reply.body ?? {});
        response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        response.end(text);
      };
      if (reply.delayMs) {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          send();
        }, reply.delayMs);
        this.timers.add(timer);
      } else send();
    });
  }

  private nextReply(request: RecordedRequest): ScriptedReply {
    const queue = this.scripts.get(`${request.method} ${request.path}`);
    if (!queue || queue.length === 0) {
      if (request.method === 'GET' && request.path === '/api/v1/time')
        return { body: { serverTime: this.serverTime } };
      return { status: 404, body: { code: '-9404', msg: `no script for ${request.method} ${request.path}` } };
    }
    const source = queue.length > 1 ? queue.shift()! : queue[0];
    return typeof source === 'function' ? source(request) : source;
  }
}

/** Splits `...&signature=X` into what was signed and the signature. */
export function splitSignature(rawQuery: string): { signed: string; signature: string } {
  const index = rawQuery.lastIndexOf('&signature=');
  if (index < 0) throw new Error(`no signature in ${rawQuery}`);
  return {
    signed: rawQuery.slice(0, index),
    signature: decodeURIComponent(rawQuery.slice(index + '&signature='.length)),
  };
}

/** HMAC-SHA256 hex of totalParams, computed here independently of the client. */
export function expectedHmac(secret: string, totalParams: string): string {
  return createHmac('sha256', secret).update(totalParams, 'utf8').digest('hex');
}
