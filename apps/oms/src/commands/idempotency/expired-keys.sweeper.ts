import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { IdempotencyStore } from './idempotency.store';

/** How often expired idempotency keys are deleted (they are kept 48 hours). */
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The first sweep, a minute after start: an OMS restarted more often than hourly still sweeps. */
const FIRST_SWEEP_AFTER_MS = 60 * 1000;

/**
 * Deletes idempotency keys past their retention, so the table holds about two days of
 * keyed commands instead of every one ever sent. An expired key is also claimed anew on
 * its next use; the sweep only frees the space.
 */
@Injectable()
export class ExpiredIdempotencyKeysSweeper implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(ExpiredIdempotencyKeysSweeper.name);
  private timers: NodeJS.Timeout[] = [];
  private sweep?: Promise<void>;

  constructor(private readonly store: IdempotencyStore) {}

  onApplicationBootstrap(): void {
    this.timers = [
      setTimeout(() => this.sweepOnce(), FIRST_SWEEP_AFTER_MS),
      setInterval(() => this.sweepOnce(), SWEEP_EVERY_MS),
    ];
    for (const timer of this.timers) timer.unref();
  }

  /** Stops sweeping; a sweep under way finishes while the database is still open. */
  async beforeApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    await this.sweep;
  }

  private sweepOnce(): void {
    if (this.sweep !== undefined) return;
    this.sweep = this.store
      .deleteExpired()
      .then(
        (deleted) => {
          if (deleted > 0) this.logger.log({ deleted }, 'expired idempotency keys deleted');
        },
        (error: unknown) =>
          this.logger.warn({ err: error }, 'expired idempotency keys not deleted; the next sweep retries'),
      )
      .finally(() => (this.sweep = undefined));
  }
}
