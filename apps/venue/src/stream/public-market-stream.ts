import { IncomingMessage } from 'node:http';
import { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, RawData } from 'ws';
import { createLogger } from '@oms/platform';
import type { VenueEngineApi } from '../engine';
import { isVenueEngineError } from '../engine';
import {
  MarketTopic,
  MARKET_TOPICS,
  marketPush,
  PushState,
  subscriptionAck,
  subscriptionError,
} from '../wire/public-stream.mapper';
import { websocketText } from './websocket-text';

const PUBLIC_STREAM_PATH = '/quote/ws/v1';

/** Trades already pushed are remembered so each push carries only new ones. */
type Subscription = PushState;

interface PublicConnection {
  readonly socket: WebSocket;
  readonly subscriptions: Map<string, Subscription>;
}

/**
 * The public market-data stream, `/quote/ws/v1`: `{"symbol","topic","event":"sub"}`
 * subscribes to `depth` (full book snapshots, as the exchange pushes them), `trade`
 * (new public trades) or `realtimes` (24h ticker); `"event":"cancel"` unsubscribes;
 * `{"ping":t}` is answered with `{"pong":serverTime}`. Pushes go out on a fixed period.
 */
export class PublicMarketStream {
  private readonly logger = createLogger('PublicMarketStream');
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly connections = new Set<PublicConnection>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly engine: VenueEngineApi,
    private readonly now: () => number,
    pushIntervalMs: number,
  ) {
    this.timer = setInterval(() => this.pushAll(), pushIntervalMs);
    this.timer.unref();
  }

  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    if ((request.url ?? '').split('?')[0] !== PUBLIC_STREAM_PATH) return false;
    this.server.handleUpgrade(request, socket, head, (webSocket) => this.accept(webSocket));
    return true;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    for (const connection of this.connections) connection.socket.terminate();
    this.connections.clear();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: WebSocket): void {
    const connection: PublicConnection = { socket, subscriptions: new Map() };
    this.connections.add(connection);
    socket.on('message', (data) => this.onMessage(connection, data));
    socket.on('close', () => this.connections.delete(connection));
    socket.on('error', (error) => {
      this.logger.warn({ err: error }, 'public stream socket error');
      this.connections.delete(connection);
    });
  }

  private onMessage(connection: PublicConnection, data: RawData): void {
    let message: Record<string, unknown>;
    try {
      const parsed = JSON.parse(websocketText(data)) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('not an object');
      message = parsed as Record<string, unknown>;
    } catch {
      this.send(connection, subscriptionError(undefined, 'message must be a JSON object', this.now()));
      return;
    }
    if ('ping' in message) {
      this.send(connection, { pong: this.now() });
      return;
    }
    const { symbol, topic, event } = message;
    if (typeof symbol !== 'string' || symbol === '') {
      this.send(connection, subscriptionError(message, 'symbol is required', this.now()));
      return;
    }
    if (typeof topic !== 'string' || !(MARKET_TOPICS as readonly string[]).includes(topic)) {
      this.send(
        connection,
        subscriptionError(message, `topic must be one of ${MARKET_TOPICS.join(', ')}`, this.now()),
      );
      return;
    }
    const key = `${topic}:${symbol}`;
    if (event === 'cancel') {
      connection.subscriptions.delete(key);
      this.send(connection, subscriptionAck(message, symbol, this.now()));
      return;
    }
    if (event !== 'sub') {
      this.send(connection, subscriptionError(message, 'event must be sub or cancel', this.now()));
      return;
    }
    try {
      this.engine.getInstrument(symbol);
    } catch (error) {
      if (!isVenueEngineError(error)) throw error;
      this.send(connection, subscriptionError(message, error.msg, this.now()));
      return;
    }
    const subscription: Subscription = {
      symbol,
      topic: topic as MarketTopic,
      lastTradeTime: this.now(),
      ticketsAtLastTime: new Set(),
      first: true,
    };
    connection.subscriptions.set(key, subscription);
    this.send(connection, subscriptionAck(message, symbol, this.now()));
    this.push(connection, subscription);
  }

  private pushAll(): void {
    for (const connection of this.connections) {
      for (const subscription of connection.subscriptions.values()) this.push(connection, subscription);
    }
  }

  private push(connection: PublicConnection, subscription: Subscription): void {
    try {
      const payload = marketPush(this.engine, subscription, this.now());
      if (payload !== undefined) this.send(connection, payload);
    } catch (error) {
      this.logger.error(
        { err: error, symbol: subscription.symbol, topic: subscription.topic },
        'market push failed',
      );
    }
  }

  private send(connection: PublicConnection, message: unknown): void {
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(JSON.stringify(message));
  }
}
