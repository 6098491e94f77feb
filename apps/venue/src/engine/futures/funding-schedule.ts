import type { EngineClock } from '../engine-clock';

/** The exchange settles funding every eight hours from midnight UTC. */
export const DEFAULT_FUNDING_INTERVAL_MS = 8 * 60 * 60 * 1000;

/**
 * The settlement times funding follows: every multiple of the interval since the Unix
 * epoch (00:00, 08:00 and 16:00 UTC for eight hours). The time published as
 * `nextSettleTime` and the time a scheduled settlement is due come from this one
 * place, so a settlement always happens at a time the venue advertised.
 */
export class FundingSchedule {
  /**
   * The last settlement time already dealt with. It starts at the boundary before the
   * engine was created: a venue started just after 08:00 does not settle 08:00 late.
   */
  private settledThrough: number;

  constructor(
    private readonly clock: EngineClock,
    readonly intervalMs: number = DEFAULT_FUNDING_INTERVAL_MS,
  ) {
    if (!Number.isSafeInteger(intervalMs) || intervalMs <= 0)
      throw new Error(`funding interval must be a positive whole number of milliseconds, got ${intervalMs}`);
    this.settledThrough = this.lastBoundary(clock.now());
  }

  /** The next settlement time strictly after now, as `fundingRate` publishes it. */
  nextSettleTime(): number {
    return this.lastBoundary(this.clock.now()) + this.intervalMs;
  }

  /**
   * The settlement time the clock has reached and that was not settled yet, and marks
   * it settled; undefined when nothing is due. When the clock jumps over several
   * settlement times (a skew fault, a stepped test clock) only the latest is due: the
   * missed ones were never reached while the venue watched.
   */
  takeDue(): number | undefined {
    const reached = this.lastBoundary(this.clock.now());
    if (reached <= this.settledThrough) return undefined;
    this.settledThrough = reached;
    return reached;
  }

  private lastBoundary(now: number): number {
    return Math.floor(now / this.intervalMs) * this.intervalMs;
  }
}
