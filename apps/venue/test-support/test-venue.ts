import { startVenue } from '@oms/venue';
import type { RunningVenue } from '@oms/venue';
import { ControlClient, GENEROUS_LIMITS } from './venue-test-client';

export interface TestVenue {
  readonly venue: RunningVenue;
  readonly control: ControlClient;
}

export interface TestVenueOptions {
  /** Simulated participants around the mark; off by default so hand calculations see only desk orders. */
  readonly simulatedMarket?: boolean;
  /** Marks set through the control plane before the spec starts. */
  readonly marks?: Readonly<Record<string, string>>;
  /** VENUE_* settings on top of the generous rate limits. */
  readonly environment?: NodeJS.ProcessEnv;
}

/** A venue on free ports with its control plane client: the set-up every int-spec shares. */
export async function startTestVenue(seed: number, options: TestVenueOptions = {}): Promise<TestVenue> {
  const venue = await startVenue({
    port: 0,
    controlPort: 0,
    seed,
    simulatedMarket: options.simulatedMarket ?? false,
    environment: { ...GENEROUS_LIMITS, ...options.environment },
  });
  const control = new ControlClient(venue.controlUrl);
  for (const [symbol, price] of Object.entries(options.marks ?? {})) {
    await control.ok('POST', '/marks', { symbol, price });
  }
  return { venue, control };
}
