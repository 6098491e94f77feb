import { connect, createServer, Server, Socket } from 'node:net';

/**
 * A TCP gate in front of a server: it accepts connections at once but passes nothing
 * through until it is opened, so a client's connection is established exactly when a
 * spec chooses (a stream that connects late).
 */
export class HeldConnectionsGate {
  private opened = false;
  private readonly waiting: Array<() => void> = [];
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<HeldConnectionsGate> {
    const holder: { gate?: HeldConnectionsGate } = {};
    const server = createServer((client) => holder.gate?.hold(client, targetHost, targetPort));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address === 'string') throw new Error('the gate has no port');
    holder.gate = new HeldConnectionsGate(server, address.port);
    return holder.gate;
  }

  /** Connections held so far go through, and every later one at once. */
  open(): void {
    this.opened = true;
    for (const release of this.waiting.splice(0)) release();
  }

  private hold(client: Socket, host: string, port: number): void {
    this.sockets.add(client);
    client.on('error', () => client.destroy());
    client.pause();
    const pass = (): void => {
      const upstream = connect({ host, port });
      this.sockets.add(upstream);
      client.pipe(upstream).pipe(client);
      client.resume();
      const closeBoth = (): void => {
        client.destroy();
        upstream.destroy();
      };
      for (const socket of [client, upstream]) {
        socket.on('error', closeBoth);
        socket.on('close', () => {
          this.sockets.delete(socket);
          closeBoth();
        });
      }
    };
    if (this.opened) pass();
    else this.waiting.push(pass);
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
