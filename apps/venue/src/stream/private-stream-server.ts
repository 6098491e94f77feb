import { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, RawData } from 'ws';
import { createLogger } from '@oms/platform';
import { ApiKeyOwner } from '../auth/api-key';
import { FaultInjector } from '../faults/fault-injector';
import { ListenKeyRegistry } from './listen-key-registry';
import { StreamDelivery } from './stream-delivery';
import { websocketText } from './websocket-text';

const PRIVATE_STREAM_PATH = /^\/api\/v1\/ws\/([A-Za-z0-9]+)$/;

/** Subscribes a connection to its owner's events; returns how to unsubscribe. */
export type StreamSubscriber = (owner: ApiKeyOwner, deliver: (message: unknown) => void) => () => void;

interface StreamConnection {
  readonly listenKey: string;
  readonly channelId: string;
  readonly socket: WebSocket;
  readonly delivery: StreamDelivery;
  readonly unsubscribe: () => void;
  readonly pingTimer: NodeJS.Timeout;
  activeSinceLastPing: boolean;
  unansweredPings: number;
}

/**
 * The private user-data stream, `/api/v1/ws/{listenKey}`. Events flow as soon as the
 * socket opens (no subscribe message), each as a JSON array of event objects. The
 * server sends `{"ping":ts,"channelId":...}` periodically and drops a connection that
 * stays silent through two of them; a client `{"ping":ts}` is answered with a pong.
 */
export class PrivateStreamServer {
  private readonly logger = createLogger('PrivateStreamServer');
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly connections = new Set<StreamConnection>();

  constructor(
    private readonly listenKeys: ListenKeyRegistry,
    private readonly faults: FaultInjector,
    private readonly subscribe: StreamSubscriber,
    private readonly pingIntervalMs: number,
    private readonly now: () => number,
  ) {
    listenKeys.onExpiry((listenKey) => this.closeConnections(listenKey, 'listenKey expired'));
  }

  /** Handles an HTTP upgrade; returns false when the path is not the private stream's. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const match = PRIVATE_STREAM_PATH.exec((request.url ?? '').split('?')[0]);
    if (match === null) return false;
    const record = this.listenKeys.find(match[1]);
    if (record === undefined) {
      const body = JSON.stringify({ code: '-1125', msg: 'This listenKey does not exist.' });
      socket.end(
        `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
      return true;
    }
    this.server.handleUpgrade(request, socket, head, (webSocket) =>
      this.accept(record.listenKey, record.owner, webSocket),
    );
    return true;
  }

  /** Closes stream connections abruptly, as a network drop would (all, or one listenKey's). */
  closeConnections(listenKey?: string, reason = 'closed by venue'): number {
    let closed = 0;
    for (const connection of [...this.connections]) {
      if (listenKey !== undefined && connection.listenKey !== listenKey) continue;
      this.logger.info({ listenKey: connection.listenKey, reason }, 'closing private stream connection');
      connection.socket.terminate();
      this.forget(connection);
      closed += 1;
    }
    return closed;
  }

  /**
   * Sends a text frame as is, past the fault pipeline, to every connection (or one
   * listenKey's): lets a client be tested with a message it cannot parse.
   */
  sendRaw(text: string, listenKey?: string): number {
    let sent = 0;
    for (const connection of this.connections) {
      if (listenKey !== undefined && connection.listenKey !== listenKey) continue;
      if (connection.socket.readyState !== WebSocket.OPEN) continue;
      connection.socket.send(text);
      sent += 1;
    }
    return sent;
  }

  connectionCount(): number {
    return this.connections.size;
  }

  async stop(): Promise<void> {
    this.closeConnections(undefined, 'venue stopping');
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(listenKey: string, owner: ApiKeyOwner, socket: WebSocket): void {
    const channelId = randomBytes(16).toString('hex');
    const delivery = new StreamDelivery(this.faults, (payload) => {
      if (socket.readyState === WebSocket.OPEN) socket.send(payload);
    });
    const unsubscribe = this.subscribe(owner, (message) => delivery.deliver(JSON.stringify(message)));
    const connection: StreamConnection = {
      listenKey,
      channelId,
      socket,
      delivery,
      unsubscribe,
      pingTimer: setInterval(() => this.ping(connection), this.pingIntervalMs),
      activeSinceLastPing: true,
      unansweredPings: 0,
    };
    this.connections.add(connection);
    this.logger.info({ userId: owner.userId, channelId }, 'private stream connected');
    socket.on('message', (data) => this.onMessage(connection, data));
    // Clients that keep the link alive with protocol-level pings (ccxt, hummingbot) never
    // answer the JSON pings; their pings count as liveness too.
    socket.on('pong', () => (connection.activeSinceLastPing = true));
    socket.on('ping', () => (connection.activeSinceLastPing = true));
    socket.on('close', () => this.forget(connection));
    socket.on('error', (error) => {
      this.logger.warn({ err: error, channelId }, 'private stream socket error');
      this.forget(connection);
    });
  }

  private onMessage(connection: StreamConnection, data: RawData): void {
    connection.activeSinceLastPing = true;
    let message: unknown;
    try {
      message = JSON.parse(websocketText(data)) as unknown;
    } catch {
      return;
    }
    if (typeof message === 'object' && message !== null && 'ping' in message) {
      const ping = message.ping;
      connection.socket.send(JSON.stringify({ pong: ping, channelId: connection.channelId }));
    }
  }

  private ping(connection: StreamConnection): void {
    if (connection.activeSinceLastPing) {
      connection.unansweredPings = 0;
    } else {
      connection.unansweredPings += 1;
      if (connection.unansweredPings >= 2) {
        this.logger.info({ channelId: connection.channelId }, 'two pings unanswered: disconnecting');
        connection.socket.terminate();
        this.forget(connection);
        return;
      }
    }
    connection.activeSinceLastPing = false;
    if (connection.socket.readyState === WebSocket.OPEN) {
      connection.socket.send(JSON.stringify({ ping: this.now(), channelId: connection.channelId }));
    }
  }

  private forget(connection: StreamConnection): void {
    if (!this.connections.delete(connection)) return;
    clearInterval(connection.pingTimer);
    connection.delivery.close();
    connection.unsubscribe();
  }
}
