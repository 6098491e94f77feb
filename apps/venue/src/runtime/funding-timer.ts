import type { createLogger } from '@oms/platform';
import type { VenueEngineApi } from '../engine';

type Logger = ReturnType<typeof createLogger>;

/**
 * Longest sleep between two looks at the engine clock. The timer aims at the advertised
 * settlement time, but a clock-skew fault can move the venue's "now" while it sleeps,
 * so it never sleeps longer than this before checking again.
 */
const MAX_SLEEP_MS = 1_000;

/**
 * Settles funding on its own at each settlement time the venue advertises: it sleeps
 * until the engine's next settlement time (by the engine clock, so a skewed or test
 * clock is respected), then asks the engine to settle what is due. The engine decides
 * what is due, so an early wake-up settles nothing and a late one settles once.
 */
export class FundingTimer {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly engine: VenueEngineApi,
    private readonly logger: Logger,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private schedule(): void {
    if (this.stopped) return;
    const untilNext = this.engine.nextFundingTime() - this.engine.now();
    this.timer = setTimeout(() => this.wake(), Math.max(1, Math.min(untilNext, MAX_SLEEP_MS)));
    // The venue's servers keep the process alive; this timer alone should not.
    this.timer.unref();
  }

  private wake(): void {
    try {
      const settled = this.engine.settleDueFunding();
      if (settled.length > 0)
        this.logger.info(
          { settleTime: settled[0]?.settleTime, symbols: settled.map((entry) => entry.symbol) },
          'scheduled funding settled',
        );
    } catch (error) {
      this.logger.error({ err: error }, 'scheduled funding settlement failed');
    }
    this.schedule();
  }
}
