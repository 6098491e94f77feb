import WebSocket from 'ws';
import { createLogger } from '@oms/platform';
import { InvalidRequestError } from '../errors/exchange-errors';
import { realStreamScheduler, CancelTimer, StreamScheduler } from './stream-scheduler';
import { UserDataStreamEvents } from './user-data-stream.events';
import { parseUserStreamFrame } from './user-stream-message.parser';

/** The listen-key operations the stream needs (ExchangeClient.listenKeys provides them). */
export interface ListenKeySource {
  create(): Promise<string>;
  keepAlive(listenKey: string): Promise<void>;
  close(listenKey: string): Promise<void>;
}

export interface UserDataStreamOptions {
  readonly listenKeys: ListenKeySource;
  /** `{stream_url}`; the socket connects to `{stream_url}/api/v1/ws/{listenKey}`. */
  readonly streamUrl: string;
  readonly scheduler?: StreamScheduler;
  readonly random?: () => number;
  /** Client JSON ping period (venue recommendation: 10 s). */
  readonly pingIntervalMs?: number;
  /** Listen-key keepalive period (venue: keys live 60 minutes; refresh every 30). */
  readonly keepAliveIntervalMs?: number;
  readonly reconnectBaseDelayMs?: number;
  readonly reconnectMaxDelayMs?: number;
  /** Pings left unanswered (no frame at all) before the link is declared dead. */
  readonly maxMissedPongs?: number;
}

type Listener<T> = (payload: T) => void;

/**
 * Client of the private user-data stream: obtains and keeps alive a listen key,
 * connects, keeps the link alive with JSON pings (and answers the venue's), parses
 * every message, and reconnects with jittered exponential backoff, creating a new
 * listen key when the old one is refused or expired.
 */
export class UserDataStream {
  private readonly logger = createLogger('UserDataStream');
  private readonly scheduler: StreamScheduler;
  private readonly random: () => number;
  private readonly pingIntervalMs: number;
  private readonly keepAliveIntervalMs: number;
  private readonly reconnectBaseDelayMs: number;
  private readonly reconnectMaxDelayMs: number;
  private readonly maxMissedPongs: number;
  private readonly listeners = new Map<keyof UserDataStreamEvents, Set<Listener<never>>>();
  private socket: WebSocket | undefined;
  private listenKey: string | undefined;
  private running = false;
  private failedAttempts = 0;
  private missedPongs = 0;
  private cancelPing: CancelTimer | undefined;
  private cancelKeepAlive: CancelTimer | undefined;
  private cancelReconnect: CancelTimer | undefined;

  constructor(private readonly options: UserDataStreamOptions) {
    this.scheduler = options.scheduler ?? realStreamScheduler;
    this.random = options.random ?? Math.random;
    this.pingIntervalMs = options.pingIntervalMs ?? 10_000;
    this.keepAliveIntervalMs = options.keepAliveIntervalMs ?? 30 * 60_000;
    this.reconnectBaseDelayMs = options.reconnectBaseDelayMs ?? 500;
    this.reconnectMaxDelayMs = options.reconnectMaxDelayMs ?? 30_000;
    this.maxMissedPongs = options.maxMissedPongs ?? 2;
    let url: URL | undefined;
    try {
      url = new URL(options.streamUrl);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'ws:' && url.protocol !== 'wss:')) {
      throw new InvalidRequestError('streamUrl', `must be a ws:// or wss:// URL, got "${options.streamUrl}"`);
    }
  }

  on<K extends keyof UserDataStreamEvents>(name: K, listener: Listener<UserDataStreamEvents[K]>): () => void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener);
    this.listeners.set(name, set);
    return () => set.delete(listener);
  }

  get isConnected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN;
  }

  get currentListenKey(): string | undefined {
    return this.listenKey;
  }

  /** Starts connecting; progress is reported through events. */
  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  /** Stops for good: closes the socket and the listen key, cancels every timer. */
  async stop(): Promise<void> {
    this.running = false;
    this.cancelReconnect?.();
    this.cancelKeepAlive?.();
    this.cancelPing?.();
    const socket = this.socket;
    this.socket = undefined;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.close(1000, 'client stop');
      });
    }
    const listenKey = this.listenKey;
    this.listenKey = undefined;
    if (listenKey) {
      await this.options.listenKeys.close(listenKey).catch((error: unknown) => {
        this.logger.warn({ err: error }, 'listen key could not be closed');
      });
    }
  }

  private emit<K extends keyof UserDataStreamEvents>(name: K, payload: UserDataStreamEvents[K]): void {
    for (const listener of this.listeners.get(name) ?? []) {
      try {
        (listener as Listener<UserDataStreamEvents[K]>)(payload);
      } catch (error) {
        this.logger.error({ err: error, event: name }, 'stream listener threw');
      }
    }
  }

  private async connect(): Promise<void> {
    if (!this.running) return;
    let listenKey: string;
    try {
      listenKey = this.listenKey ?? (await this.options.listenKeys.create());
    } catch (error) {
      this.emit('error', asError(error));
      this.scheduleReconnect('listen key could not be created');
      return;
    }
    if (!this.running) {
      // Stopped while the key was being created: do not leave it open on the venue.
      if (!this.listenKey) await this.options.listenKeys.close(listenKey).catch(() => undefined);
      return;
    }
    this.listenKey = listenKey;
    this.ensureKeepAlive();
    const url = `${this.options.streamUrl.replace(/\/+$/, '')}/api/v1/ws/${encodeURIComponent(listenKey)}`;
    let socket: WebSocket;
    try {
      socket = new WebSocket(url);
    } catch (error) {
      this.emit('error', asError(error));
      this.scheduleReconnect('socket could not be created');
      return;
    }
    this.socket = socket;
    let opened = false;

    socket.on('open', () => {
      opened = true;
      const reconnects = this.failedAttempts;
      this.failedAttempts = 0;
      this.missedPongs = 0;
      this.schedulePing(socket);
      this.logger.info({ reconnects }, 'user data stream connected');
      this.emit('connected', { listenKey, at: this.scheduler.now(), reconnects });
    });
    socket.on('message', (data, isBinary) => {
      this.missedPongs = 0;
      if (isBinary) {
        this.emit('unknown', { raw: data, reason: 'binary frame' });
        return;
      }
      this.handleFrame(socket, rawDataToText(data));
    });
    socket.on('unexpected-response', (_request, response) => {
      // The upgrade was refused (typically an unknown or expired listen key): use a new key.
      this.logger.warn({ status: response.statusCode }, 'stream upgrade refused; dropping the listen key');
      if (response.statusCode !== undefined && response.statusCode < 500) this.dropListenKey();
      socket.terminate();
    });
    socket.on('error', (error) => {
      this.logger.warn({ err: error }, 'user data stream socket error');
    });
    socket.on('close', (code, reason) => {
      this.cancelPing?.();
      if (this.socket === socket) this.socket = undefined;
      const text = reason.toString() || (opened ? 'closed by the venue' : 'connection failed');
      if (opened) {
        this.emit('disconnected', {
          at: this.scheduler.now(),
          reason: text,
          code,
          willReconnect: this.running,
        });
      }
      if (this.running) this.scheduleReconnect(text);
    });
  }

  private handleFrame(socket: WebSocket, text: string): void {
    for (const message of parseUserStreamFrame(text)) {
      switch (message.type) {
        case 'event':
          this.emit('event', message.event);
          this.emit('received', { event: message.event, raw: message.text });
          break;
        case 'ping':
          socket.send(JSON.stringify({ pong: message.ping.ping }));
          break;
        case 'pong':
          break;
        case 'unknown':
          this.logger.warn({ reason: message.reason }, 'unrecognised stream message');
          this.emit('unknown', { raw: message.raw, reason: message.reason, text: message.text });
          break;
      }
    }
  }

  private schedulePing(socket: WebSocket): void {
    this.cancelPing = this.scheduler.schedule(this.pingIntervalMs, () => {
      if (socket.readyState !== WebSocket.OPEN) return;
      if (this.missedPongs >= this.maxMissedPongs) {
        this.logger.warn({ missedPongs: this.missedPongs }, 'stream silent; dropping the connection');
        socket.terminate();
        return;
      }
      this.missedPongs += 1;
      socket.send(JSON.stringify({ ping: this.scheduler.now() }));
      this.schedulePing(socket);
    });
  }

  private ensureKeepAlive(): void {
    if (this.cancelKeepAlive) return;
    this.cancelKeepAlive = this.scheduler.schedule(this.keepAliveIntervalMs, () => {
      this.cancelKeepAlive = undefined;
      void this.keepAlive();
    });
  }

  private async keepAlive(): Promise<void> {
    const listenKey = this.listenKey;
    if (!this.running || !listenKey) return;
    try {
      await this.options.listenKeys.keepAlive(listenKey);
      this.ensureKeepAlive();
    } catch (error) {
      // A key that cannot be extended is treated as gone: reconnect with a fresh one.
      this.logger.warn({ err: error }, 'listen key keepalive failed; re-creating the key');
      this.emit('error', asError(error));
      this.dropListenKey();
      const socket = this.socket;
      if (socket) socket.terminate();
      else if (!this.cancelReconnect) this.scheduleReconnect('listen key expired');
    }
  }

  private dropListenKey(): void {
    this.listenKey = undefined;
    this.cancelKeepAlive?.();
    this.cancelKeepAlive = undefined;
  }

  private scheduleReconnect(reason: string): void {
    if (!this.running) return;
    this.cancelReconnect?.();
    const ceiling = Math.min(this.reconnectMaxDelayMs, this.reconnectBaseDelayMs * 2 ** this.failedAttempts);
    // Equal jitter: never less than half the ceiling, so a flapping venue is not hammered.
    const delayMs = Math.round(ceiling / 2 + (this.random() * ceiling) / 2);
    this.failedAttempts += 1;
    this.logger.info({ reason, delayMs, attempt: this.failedAttempts }, 'reconnecting the user data stream');
    this.cancelReconnect = this.scheduler.schedule(delayMs, () => {
      this.cancelReconnect = undefined;
      void this.connect();
    });
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

function rawDataToText(data: WebSocket.RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
