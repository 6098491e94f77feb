import { connect, createServer, Server, Socket } from 'node:net';

/**
 * A TCP proxy in front of the broker that can lose the answer to a request: the broker
 * has handled it, the client never hears back and its connection drops. That is the
 * failure an idempotent producer's retry must survive without duplicates.
 */
export class ResponseDroppingProxy {
  private readonly sockets = new Set<Socket>();
  private armedApiKey: number | undefined;
  private droppingApiKey: number | undefined;
  private dropped = 0;

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: () => number): Promise<ResponseDroppingProxy> {
    const holder: { proxy?: ResponseDroppingProxy } = {};
    const server = createServer((client) => holder.proxy?.pipe(client, targetHost, targetPort()));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('proxy has no port');
    holder.proxy = new ResponseDroppingProxy(server, address.port);
    return holder.proxy;
  }

  /** The next response to a request with this API key is swallowed and both sockets close. */
  dropNextResponseTo(apiKey: number): void {
    this.armedApiKey = apiKey;
  }

  /** Every response to a request with this API key is swallowed (a broker that stores but never answers) until `deliverResponses`. */
  dropResponsesTo(apiKey: number): void {
    this.droppingApiKey = apiKey;
  }

  deliverResponses(): void {
    this.droppingApiKey = undefined;
    this.armedApiKey = undefined;
  }

  get droppedResponses(): number {
    return this.dropped;
  }

  private pipe(client: Socket, host: string, port: number): void {
    const upstream = connect({ host, port });
    this.sockets.add(client).add(upstream);
    const apiKeyByCorrelation = new Map<number, number>();
    let fromClient = Buffer.alloc(0);
    let fromBroker = Buffer.alloc(0);
    const closeBoth = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      fromClient = Buffer.concat([fromClient, chunk]);
      while (fromClient.length >= 12 && fromClient.length >= 4 + fromClient.readInt32BE(0)) {
        apiKeyByCorrelation.set(fromClient.readInt32BE(8), fromClient.readInt16BE(4));
        fromClient = fromClient.subarray(4 + fromClient.readInt32BE(0));
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      fromBroker = Buffer.concat([fromBroker, chunk]);
      while (fromBroker.length >= 8 && fromBroker.length >= 4 + fromBroker.readInt32BE(0)) {
        const size = fromBroker.readInt32BE(0);
        const apiKey = apiKeyByCorrelation.get(fromBroker.readInt32BE(4));
        if (apiKey !== undefined && (apiKey === this.armedApiKey || apiKey === this.droppingApiKey)) {
          if (apiKey === this.armedApiKey) this.armedApiKey = undefined;
          this.dropped += 1;
          closeBoth();
          return;
        }
        client.write(fromBroker.subarray(0, 4 + size));
        fromBroker = fromBroker.subarray(4 + size);
      }
    });
    for (const socket of [client, upstream]) {
      socket.on('error', closeBoth);
      socket.on('close', () => {
        this.sockets.delete(socket);
        closeBoth();
      });
    }
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
