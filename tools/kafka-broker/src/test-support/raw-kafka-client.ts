import { connect, Socket } from 'node:net';

/**
 * Sends hand-built Kafka frames over one TCP connection and returns the response
 * bodies, for requests no client library would send.
 */
export class RawKafkaClient {
  private buffered = Buffer.alloc(0);
  private readonly waiting: ((frame: Buffer) => void)[] = [];

  /** Settles when the broker (or the client) closes the connection. */
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('data', (chunk: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, chunk]);
      while (this.buffered.length >= 4 && this.buffered.length >= 4 + this.buffered.readInt32BE(0)) {
        const size = this.buffered.readInt32BE(0);
        const frame = this.buffered.subarray(4, 4 + size);
        this.buffered = this.buffered.subarray(4 + size);
        this.waiting.shift()?.(frame);
      }
    });
  }

  static connect(host: string, port: number): Promise<RawKafkaClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port }, () => resolve(new RawKafkaClient(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends a request with header v1 and resolves with { correlationId, body }. */
  request(apiKey: number, apiVersion: number, correlationId: number, body: Buffer = Buffer.alloc(0)) {
    const clientId = Buffer.from('raw-client');
    const header = Buffer.alloc(10);
    header.writeInt16BE(apiKey, 0);
    header.writeInt16BE(apiVersion, 2);
    header.writeInt32BE(correlationId, 4);
    header.writeInt16BE(clientId.length, 8);
    const payload = Buffer.concat([header, clientId, body]);
    const size = Buffer.alloc(4);
    size.writeInt32BE(payload.length);
    return new Promise<{ correlationId: number; body: Buffer }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to api ${apiKey} v${apiVersion}`)), 5000);
      void this.closed.then(() => {
        clearTimeout(timer);
        reject(new Error(`connection closed before the answer to api ${apiKey} v${apiVersion}`));
      });
      this.waiting.push((frame) => {
        clearTimeout(timer);
        resolve({ correlationId: frame.readInt32BE(0), body: frame.subarray(4) });
      });
      this.socket.write(Buffer.concat([size, payload]));
    });
  }

  close(): Promise<void> {
    this.socket.destroy();
    return this.closed;
  }
}
