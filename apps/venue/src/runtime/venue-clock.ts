/**
 * The venue's notion of "now". A clock-skew fault shifts it, so the server time the
 * venue reports, the timestamp checks and the engine's timestamps all move together,
 * as they would on an exchange whose clock drifted.
 */
export class VenueClock {
  private skewMs = 0;

  constructor(private readonly source: () => number = Date.now) {}

  now(): number {
    return this.source() + this.skewMs;
  }

  setSkew(skewMs: number): void {
    this.skewMs = skewMs;
  }

  skew(): number {
    return this.skewMs;
  }
}
