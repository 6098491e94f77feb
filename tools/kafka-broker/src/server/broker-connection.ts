import { Socket } from 'node:net';
import { Logger } from '@oms/platform';
import { BrokerContext, RequestInfo } from '../handlers/broker-context';
import { MalformedRequestError, WireReader } from '../protocol/wire-reader';
import { describeClientHost } from './client-host';
import { routeRequest } from './request-router';

const SIZE_PREFIX = 4;

/**
 * One client connection: splits the byte stream into size-prefixed frames and handles
 * them one at a time, so responses leave in request order (as Kafka guarantees per
 * connection) even when a fetch or a join waits.
 */
export class BrokerConnection {
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  private readonly queue: Buffer[] = [];
  private busy = false;
  private closedFlag = false;
  readonly closed: Promise<void>;
  private readonly clientHost: string;

  constructor(
    private readonly socket: Socket,
    private readonly broker: BrokerContext,
    private readonly maxRequestBytes: number,
    private readonly log: Logger,
  ) {
    this.clientHost = describeClientHost(socket.remoteAddress);
    this.closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    void this.closed.then(() => (this.closedFlag = true));
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', (error) => this.log.debug({ err: error }, 'client connection error'));
  }

  /**
   * Chunks are only joined once a whole frame has arrived, so a large produce request
   * arriving in many TCP chunks is copied once rather than once per chunk.
   */
  private receive(chunk: Buffer): void {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    while (this.pendingBytes >= SIZE_PREFIX) {
      if (this.pending[0].length < SIZE_PREFIX)
        this.pending = [Buffer.concat(this.pending, this.pendingBytes)];
      const size = this.pending[0].readInt32BE(0);
      if (size < 8 || size > this.maxRequestBytes) {
        this.log.warn({ size }, 'request size out of bounds; closing the connection');
        this.socket.destroy();
        return;
      }
      if (this.pendingBytes < SIZE_PREFIX + size) break;
      const joined =
        this.pending.length === 1 ? this.pending[0] : Buffer.concat(this.pending, this.pendingBytes);
      this.queue.push(joined.subarray(SIZE_PREFIX, SIZE_PREFIX + size));
      const rest = joined.subarray(SIZE_PREFIX + size);
      this.pending = rest.length > 0 ? [rest] : [];
      this.pendingBytes = rest.length;
    }
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      for (let frame = this.queue.shift(); frame && !this.closedFlag; frame = this.queue.shift()) {
        await this.handle(frame);
      }
    } finally {
      this.busy = false;
    }
  }

  private async handle(frame: Buffer): Promise<void> {
    const reader = new WireReader(frame);
    let request: RequestInfo;
    try {
      request = {
        apiKey: reader.int16('api_key'),
        apiVersion: reader.int16('api_version'),
        correlationId: reader.int32('correlation_id'),
        clientId: reader.nullableString('client_id'),
        clientHost: this.clientHost,
        closed: this.closed,
      };
    } catch (error) {
      this.log.warn({ err: error }, 'unreadable request header; closing the connection');
      this.socket.destroy();
      return;
    }
    const { handler, supported } = routeRequest(request.apiKey, request.apiVersion);
    if (!supported) {
      this.log.warn(
        { kafkaApi: request.apiKey, apiVersion: request.apiVersion, clientId: request.clientId },
        'unsupported request answered with UNSUPPORTED_VERSION',
      );
    }
    try {
      const body = await handler(reader, request, this.broker);
      if (body) this.respond(request.correlationId, body.toChunks(), body.length);
    } catch (error) {
      // Kafka closes a connection whose request it cannot parse; an answer would be a guess.
      const level = error instanceof MalformedRequestError ? 'warn' : 'error';
      this.log[level](
        { err: error, kafkaApi: request.apiKey, apiVersion: request.apiVersion },
        'request failed; closing the connection',
      );
      this.socket.destroy();
    }
  }

  private respond(correlationId: number, chunks: readonly Buffer[], bodyLength: number): void {
    if (this.closedFlag || this.socket.destroyed) return;
    const header = Buffer.allocUnsafe(8);
    header.writeInt32BE(bodyLength + 4, 0);
    header.writeInt32BE(correlationId, 4);
    // One write per response: many tiny chunks cost more in syscalls than one copy.
    this.socket.write(Buffer.concat([header, ...chunks], bodyLength + 8));
  }

  destroy(): void {
    this.socket.destroy();
  }
}
