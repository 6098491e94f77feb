import { randomAlphanumeric } from '../auth/api-key-registry';
import { ApiKeyOwner } from '../auth/api-key';

export interface ListenKeyRecord {
  readonly listenKey: string;
  readonly owner: ApiKeyOwner;
  expiresAt: number;
}

/**
 * listenKeys of the user-data stream. A key is valid for 60 minutes (configurable);
 * a keepalive (PUT) resets that; a key that is not kept alive expires and its stream
 * connections are closed, as on the exchange.
 */
export class ListenKeyRegistry {
  private readonly keys = new Map<string, ListenKeyRecord>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly expiryListeners: Array<(listenKey: string) => void> = [];

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number,
    sweepIntervalMs = Math.min(1000, ttlMs),
  ) {
    this.sweeper = setInterval(() => this.sweep(), sweepIntervalMs);
    this.sweeper.unref();
  }

  create(owner: ApiKeyOwner): ListenKeyRecord {
    const record = { listenKey: randomAlphanumeric(64), owner, expiresAt: this.now() + this.ttlMs };
    this.keys.set(record.listenKey, record);
    return record;
  }

  /** The live key, or undefined when it never existed, expired or was closed. */
  find(listenKey: string): ListenKeyRecord | undefined {
    const record = this.keys.get(listenKey);
    if (record === undefined) return undefined;
    if (record.expiresAt <= this.now()) {
      this.expire(record.listenKey);
      return undefined;
    }
    return record;
  }

  keepAlive(listenKey: string): ListenKeyRecord | undefined {
    const record = this.find(listenKey);
    if (record !== undefined) record.expiresAt = this.now() + this.ttlMs;
    return record;
  }

  close(listenKey: string): boolean {
    const existed = this.keys.delete(listenKey);
    if (existed) this.notify(listenKey);
    return existed;
  }

  onExpiry(listener: (listenKey: string) => void): void {
    this.expiryListeners.push(listener);
  }

  stop(): void {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = this.now();
    for (const record of [...this.keys.values()]) {
      if (record.expiresAt <= now) this.expire(record.listenKey);
    }
  }

  private expire(listenKey: string): void {
    if (this.keys.delete(listenKey)) this.notify(listenKey);
  }

  private notify(listenKey: string): void {
    for (const listener of this.expiryListeners) listener(listenKey);
  }
}
