import { createLogger } from '@oms/platform';

export interface ServerClockOptions {
  /** Reads the venue's time (GET /api/v1/time), in ms. */
  readonly fetchServerTime: () => Promise<number>;
  readonly localNow?: () => number;
  /** How old the offset may get before the next signed request re-measures it. */
  readonly resyncIntervalMs?: number;
  /** After a failed measurement, how long to wait before trying again. */
  readonly retryAfterFailureMs?: number;
}

/**
 * The venue's clock as seen from here: local time plus an offset measured against
 * GET /api/v1/time, taken at the midpoint of the round trip. Re-measured lazily when
 * stale (no timer, so nothing keeps the process alive) and on demand after the venue
 * rejects a timestamp.
 */
export class ServerClock {
  private readonly logger = createLogger('ServerClock');
  private readonly localNow: () => number;
  private readonly resyncIntervalMs: number;
  private readonly retryAfterFailureMs: number;
  private offset = 0;
  private lastSyncAt: number | undefined;
  private nextAttemptAt = 0;
  private inFlight: Promise<void> | undefined;

  constructor(private readonly options: ServerClockOptions) {
    this.localNow = options.localNow ?? Date.now;
    this.resyncIntervalMs = options.resyncIntervalMs ?? 5 * 60_000;
    this.retryAfterFailureMs = options.retryAfterFailureMs ?? 5_000;
  }

  /** Venue time in ms, as a 13-digit integer. */
  now(): number {
    return Math.round(this.localNow() + this.offset);
  }

  get offsetMs(): number {
    return this.offset;
  }

  get synchronisedAt(): number | undefined {
    return this.lastSyncAt;
  }

  /** Measures the offset if it was never measured or is older than the resync interval. */
  async ensureFresh(): Promise<void> {
    const now = this.localNow();
    const stale = this.lastSyncAt === undefined || now - this.lastSyncAt >= this.resyncIntervalMs;
    if (!stale || now < this.nextAttemptAt) return;
    await this.resync();
  }

  /** Measures the offset now; concurrent callers share one measurement. */
  resync(): Promise<void> {
    this.inFlight ??= this.measure().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async measure(): Promise<void> {
    const sentAt = this.localNow();
    try {
      const serverTime = await this.options.fetchServerTime();
      const receivedAt = this.localNow();
      this.offset = Math.round(serverTime - (sentAt + receivedAt) / 2);
      this.lastSyncAt = receivedAt;
      this.logger.debug(
        { offsetMs: this.offset, roundTripMs: receivedAt - sentAt },
        'server time offset measured',
      );
    } catch (error) {
      this.nextAttemptAt = this.localNow() + this.retryAfterFailureMs;
      this.logger.warn(
        { err: error, offsetMs: this.offset },
        'server time could not be read; keeping the previous offset',
      );
    }
  }
}
