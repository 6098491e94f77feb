import { loadVenueConfig, VenueConfig } from './config/venue-config';
import { VenueEngine } from './engine';
import { RunningVenue, runVenue } from './runtime/venue-server';

export interface StartVenueOptions {
  /** Exchange API port; 0 picks a free one. Overrides VENUE_PORT. */
  readonly port?: number;
  /** Control plane port; 0 picks a free one. Overrides VENUE_CONTROL_PORT. */
  readonly controlPort?: number;
  readonly host?: string;
  /** Seeds ids and the simulated market. Overrides VENUE_SEED. */
  readonly seed?: number;
  /** Whether simulated participants rest liquidity around the mark. Overrides VENUE_SIMULATED_MARKET. */
  readonly simulatedMarket?: boolean;
  /** Whether a timer random-walks the marks; off by default so tests stay deterministic. */
  readonly marketTicking?: boolean;
  /** Further VENUE_* settings, validated like the process environment. */
  readonly environment?: NodeJS.ProcessEnv;
}

/**
 * Starts a venue in this process, for the local stack and for tests:
 * `const venue = await startVenue({ port: 0, controlPort: 0, seed: 7 })`, then
 * `venue.restUrl`, `venue.streamUrl`, `venue.controlUrl`, `venue.demo`, `await venue.stop()`.
 */
export async function startVenue(options: StartVenueOptions = {}): Promise<RunningVenue> {
  const loaded = loadVenueConfig({ ...(options.environment ?? process.env) });
  const config: VenueConfig = {
    ...loaded,
    host: options.host ?? loaded.host,
    port: options.port ?? loaded.port,
    controlPort: options.controlPort ?? loaded.controlPort,
    seed: options.seed ?? loaded.seed,
    market: { ...loaded.market, simulated: options.simulatedMarket ?? loaded.market.simulated },
  };
  return runVenue(
    config,
    ({ clock, seed, simulatedMarket }) =>
      new VenueEngine({ clock, seed, simulatedMarket: simulatedMarket ? {} : false }),
    { marketTicking: options.marketTicking ?? false },
  );
}
