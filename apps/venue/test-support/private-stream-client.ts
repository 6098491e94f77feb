/* eslint-disable @typescript-eslint/no-explicit-any -- specs assert response bodies field by field; typing them here would only repeat the wire schemas */
import WebSocket from 'ws';

/** Collects the private stream's messages so specs can wait for the ones they expect. */
export class PrivateStreamClient {
  readonly messages: unknown[] = [];
  private waiters: Array<() => void> = [];
  closed = false;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      this.messages.push(JSON.parse(data.toString('utf8')));
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
  }

  static connect(streamUrl: string, listenKey: string): Promise<PrivateStreamClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${streamUrl}/api/v1/ws/${listenKey}`);
      socket.once('open', () => resolve(new PrivateStreamClient(socket)));
      socket.once('unexpected-response', (_request, response) =>
        reject(new Error(`stream upgrade refused with HTTP ${response.statusCode}`)),
      );
      socket.once('error', reject);
    });
  }

  /** Stream events (array messages), flattened, optionally of one type `e`. */
  events(type?: string): Array<Record<string, any>> {
    return this.messages
      .filter((message): message is Array<Record<string, any>> => Array.isArray(message))
      .flat()
      .filter((event) => type === undefined || event.e === type);
  }

  async waitFor(predicate: () => boolean, timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!predicate()) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new Error(`timed out; messages so far: ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }

  private wake(): void {
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((wake) => wake());
  }
}

/** Lets pending deliveries land before asserting that nothing (more) arrived. */
export function settle(ms = 150): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
