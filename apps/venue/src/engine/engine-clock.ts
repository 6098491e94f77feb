/**
 * The engine never reads the wall clock itself: the host injects one, so tests can
 * freeze or step time and the control plane can skew it.
 */
export interface EngineClock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export const systemClock: EngineClock = { now: () => Date.now() };

/** A clock that only moves when told to; the default for specs and replays. */
export class ManualClock implements EngineClock {
  constructor(private current: number) {}

  now(): number {
    return this.current;
  }

  advance(milliseconds: number): void {
    this.current += milliseconds;
  }

  set(epochMilliseconds: number): void {
    this.current = epochMilliseconds;
  }
}
